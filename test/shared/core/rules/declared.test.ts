// Rules that read what the page declares: hiding classes, repeated captions, grid columns, and
// bands left open around the running text.
import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
const more = `<p>${'Work starts in spring and the road stays open during the building. '.repeat(3)}</p>`;

function ruleOf(html: string): string[] {
  return convert(html).removed.map((r) => `${r.ruleId} ${r.tag}`);
}

describe('hidden-class', () => {
  it('removes what a framework class hides on screen or shows only in print', () => {
    expect(ruleOf(`${story}<div class="d-none d-print-block">Printed on 3 May</div>`)).toEqual(['hidden-class div']);
    expect(ruleOf(`${story}<span class="sr-only">Opens in a new window</span>`)).toEqual(['hidden-class span']);
    expect(ruleOf(`${story}<div class="print-footer">© Example Times</div>`)).toEqual(['hidden-class div']);
    expect(convert(`${story}<div class="visually-hidden">Skip</div>`).removed[0].reason).toMatch(/visually-hidden/);
  });

  it('keeps what a class shows again at some width, and never matches part of a token', () => {
    expect(ruleOf(`${story}<div class="d-none d-md-block">Wide screens</div>`)).toEqual([]);
    expect(ruleOf(`${story}<div class="hidden md:flex">Desktop menu text</div>`)).toEqual([]);
    expect(ruleOf(`${story}<div class="not-hidden">Shown</div>`)).toEqual([]);
  });

  it("never takes the page's running text, even when a script reveals it", () => {
    expect(ruleOf(`<div class="hidden"><h1>Title</h1>${story}</div>`)).toEqual([]);
  });

  it('never takes most of the running text, though its first paragraph stands before (a print plugin marks the story print-only)', () => {
    // PrintFriendly's WordPress plugin marks the part of the page to print; the lead stands above it.
    const page = `<h1>Clock</h1>${story}<div class="entry-content print-only">${more}${more}<p>${'The clock counts down the years left to act. '.repeat(4)}</p></div><div class="print-only">Printed from example.com</div>`;
    expect(ruleOf(page)).toEqual(['hidden-class div']);
    expect(convert(page).markdown).toContain('The clock counts down');
    expect(convert(page).markdown).not.toContain('Printed from');
  });
});

describe('repeated-caption', () => {
  it('removes a second copy of a caption and one cut short', () => {
    const caption = 'The mayor opens the bridge on a sunny morning in May, with the council behind her.';
    const html = `${story}<figure><img src="a.jpg" alt=""><div class="caption"><div class="caption-full">${caption}</div><div class="caption-truncated">${caption}</div></div></figure>${more}<figure><figcaption>${caption.slice(0, 50)}…</figcaption></figure>`;
    expect(ruleOf(html)).toEqual(['repeated-caption div', 'repeated-caption figcaption']);
    expect(convert(html).markdown.split(caption).length - 1).toBe(1);
  });

  it('keeps repeated prose that is not a caption', () => {
    expect(ruleOf(`${story}${story}`)).toEqual([]);
  });
});

describe('beside-column', () => {
  it('removes the grid column beside the one holding the running text, when no main region is declared', () => {
    const html = `<div class="row"><div class="col-md-9"><h1>Bridge</h1>${story}${more}</div><div class="col-md-3"><h3>Popular</h3><p>Five things to do this weekend</p></div></div>`;
    expect(ruleOf(html)).toEqual(['beside-column div']);
  });

  it('removes a column named by its side beside the block where the running text starts', () => {
    const html = `<div id="container"><div id="content"><h1>Bridge</h1>${story}${more}</div><div id="right"><h3>Guides</h3><p>Five things to do this weekend</p></div></div>`;
    expect(ruleOf(html)).toEqual(['beside-column div']);
    // "pull-right" aligns things inside the text: not a column.
    expect(ruleOf(`<div><div class="body"><h1>Bridge</h1>${story}${more}</div><div class="pull-right"><p>Five things</p></div></div>`)).not.toContain('beside-column div');
  });

  it('keeps columns when the page declares its main region, and columns holding tables', () => {
    expect(ruleOf(`<main><div class="row"><div class="col-md-9">${story}${more}</div><div class="col-md-3"><p>Aside text</p></div></div></main>`)).toEqual([]);
    const table = '<table><tr><th>Year</th><th>Cost</th></tr><tr><td>2024</td><td>3m</td></tr></table>';
    expect(ruleOf(`<div class="row"><div class="col-8">${story}${more}</div><div class="col-4">${table}</div></div>`)).toEqual([]);
  });
});

describe('bands left open around the page', () => {
  it('keeps a <header> or role=banner that holds the running text (broken markup)', () => {
    expect(ruleOf(`<header><h1>Bridge</h1><a href="/">Site</a>${story}${more}</header>`)).toEqual([]);
    expect(ruleOf(`<div role="banner"><a href="/">Site</a>${story}${more}</div>`)).toEqual([]);
  });
});

describe('permalink and docs-navigation', () => {
  it('removes heading anchors without words, keeps heading links with words', () => {
    expect(ruleOf(`<h2 id="u">Usage<a class="headerlink" href="#u">¶</a></h2>${story}`)).toEqual(['permalink a']);
    expect(ruleOf(`<h2 id="u"><a href="#u">#</a> Usage</h2>${story}`)).toEqual(['permalink a']);
    expect(ruleOf(`<h2 id="u"><a class="header" href="#u">Usage</a></h2>${story}`)).toEqual([]);
  });

  it('removes previous/next bars, keeps a link list of other words', () => {
    expect(ruleOf(`${story}<p><a href="a.html">« Previous</a> | <a href="b.html">Next »</a></p>`)).toEqual(['docs-navigation p']);
    expect(ruleOf(`${story}<p><a href="a.html">Bridges</a> and <a href="b.html">roads</a></p>`)).toEqual([]);
  });
});

describe('not-document', () => {
  it('removes what the page declares no part of its content (robots-nocontent), never its running text', () => {
    expect(ruleOf(`${story}<div class="robots-nocontent"><a href="/like">Like this</a></div>`)).toEqual(['not-document div']);
    expect(ruleOf(`<div class="robots-nocontent">${story}</div>`)).toEqual([]);
    // Print-hiding is not such a declaration: a recipe leaves its utensils out of print.
    expect(ruleOf(`${story}<div class="no-print"><h2>Utensils</h2><p>Spatula</p></div>`)).toEqual([]);
  });
});
