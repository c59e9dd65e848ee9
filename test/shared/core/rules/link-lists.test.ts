import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const para = (words: string) => `<p>${`${words} `.repeat(12)}</p>`;
const links = '<ul><li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li><li><a href="/c">Gamma</a></li></ul>';

// A list after the story at the page's end is page-end's (the layout's last block): kept out here,
// these tests judge the lists.
function linkLists(html: string): string[] {
  return convert(html, { keep: { rules: ['page-end'] } }).removed.filter((r) => r.ruleId === 'link-list').map((r) => r.path);
}

describe('link lists', () => {
  it('removes lists of nothing but links before or after the running text', () => {
    expect(linkLists(`<div>${links}</div><div>${para('story text')}${para('more story')}</div><div>${links}</div>`)).toEqual([
      'body > div:nth-of-type(1) > ul',
      'body > div:nth-of-type(3) > ul',
    ]);
  });

  it('keeps a list of links that stands between paragraphs of the story', () => {
    expect(linkLists(`<div>${para('story text')}${links}${para('more story')}</div>`)).toEqual([]);
  });

  it('keeps lists where items are more than a link', () => {
    const mixed = '<ul><li><a href="/a">Alpha</a> by Ann, 3 min</li><li><a href="/b">Beta</a></li></ul>';
    expect(linkLists(`<div>${para('story')}</div>${mixed}`)).toEqual([]);
  });

  it('keeps the lists of a page with no running text at all (an index)', () => {
    expect(linkLists(`<h1>Index</h1>${links}`)).toEqual([]);
  });

  it('inside the main region, removes lists before its first paragraph and after its last, never between', () => {
    const html = `<main>${links}${para('story text')}${links}${para('more story')}${links}</main>`;
    expect(linkLists(html)).toEqual(['body > main > ul:nth-of-type(1)', 'body > main > ul:nth-of-type(3)']);
  });

  it('keeps a list that a sentence introduces before the running text (a team, the sources)', () => {
    const html = `<main><h1>Release notes</h1><h2>Team</h2><p>The current and past members of the team.</p>${links}${para('story text')}</main>`;
    expect(linkLists(html)).toEqual([]);
  });

  it('removes teaser cards: a linked headline with a short summary', () => {
    const card = (n: number) => `<div><a href="/s${n}"><img src="/i${n}.jpg" alt=""></a><h3><a href="/s${n}">Story ${n}</a></h3><p>Short summary ${n}.</p></div>`;
    expect(linkLists(`<div>${para('story text')}</div><section><h2>More</h2>${card(1)}${card(2)}${card(3)}</section>`)).toEqual(['body > section']);
  });

  it('reads a heading in wrappers of its own as the title a list opens with, never a block with words beside it', () => {
    // abc13.com: a topic's name in <header><div><h2>, then cards that are each one link.
    const card = (n: number) => `<div class="card"><a href="/s${n}"><div><img src="/i${n}.jpg" alt=""></div><div><h2>Story number ${n}</h2></div></a></div>`;
    const titled = (title: string) => `<div>${para('story text')}</div><section>${title}${card(1)}${card(2)}</section>`;
    expect(linkLists(titled('<header><div><h2>Lewdness</h2></div></header>'))).toEqual(['body > section']);
    expect(linkLists(titled('<header><div><h2>Lewdness</h2><p>What the sheriff says about the case.</p></div></header>'))).toEqual([]);
  });
});
