import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectElements } from '../../../../src/shared/core/dom/nodes';
import { parseHtml } from '../../../../src/shared/core/parse';
import { pageFacts } from '../../../../src/shared/core/rules/page-facts';

// 84 characters: one is too short to be running text (120), two are enough.
const sentence = 'The council voted on the bridge after a long debate about its cost and its route. ';

function fixture(name: string): string {
  return readFileSync(new URL(`../../../fixtures/golden/${name}.html`, import.meta.url), 'utf8');
}

/** The span as the per-element test sees it: every element asked one by one. */
function spanOneByOne(html: string): [string, string] | null {
  const document = parseHtml(html);
  const facts = pageFacts(document, null);
  const region = facts.mainRegion ?? document.body!;
  const inRegion = (el: ReturnType<typeof collectElements>[number]) => {
    for (let node: typeof el | null = el; node !== null; node = node.parentElement) if (node === region) return true;
    return false;
  };
  const paragraphs = collectElements(document).filter((el) => facts.isRunningText(el) && inRegion(el));
  return paragraphs.length === 0 ? null : [paragraphs[0].textContent.slice(0, 40), paragraphs[paragraphs.length - 1].textContent.slice(0, 40)];
}

function span(html: string): [string, string] | null {
  const found = pageFacts(parseHtml(html), null).textSpan;
  return found === null ? null : [found.first.textContent.slice(0, 40), found.last.textContent.slice(0, 40)];
}

describe('page facts: where the running text lies', () => {
  it('counts a block’s own text, inline elements included and nested blocks and scripts left out', () => {
    const own = `<div><p>Short.</p><span>${sentence}</span><b>${sentence}</b></div>`;
    const nested = `<div><p>${sentence}</p><p>Last: ${sentence.repeat(2)}</p></div>`;
    const html = `<body><section>${own}</section><article>${nested}<script>${sentence.repeat(3)}</script></article></body>`;
    const found = span(html);
    expect(found?.[0]).toBe('Short.The council voted on the bridge af');
    expect(found?.[1]).toBe(`Last: ${sentence}`.slice(0, 40));
  });

  it('finds the same first and last paragraph in one pass as element by element', () => {
    for (const name of ['news-article', 'docs-page', 'data-table']) {
      const html = fixture(name);
      expect(span(html), name).toEqual(spanOneByOne(html));
    }
  });

  it('finds none on a page of short labels', () => {
    expect(span('<ul><li>Home</li><li>About</li></ul><p>Contact us.</p>')).toBeNull();
    // Scripts and styles are not text a reader sees, however long.
    expect(span(`<div><script>${sentence.repeat(3)}</script><style>${sentence.repeat(3)}</style></div><p>Contact us.</p>`)).toBeNull();
    // Nor a form's choices: a <select> of many names is no line of prose.
    const brands = ['Abarth', 'Alfa Romeo', 'Aston Martin', 'Audi', 'Bentley', 'BMW', 'Chevrolet', 'Chrysler', 'Dodge', 'Ferrari', 'Fiat', 'Ford', 'Honda', 'Hyundai', 'Jaguar', 'Kia', 'Lexus', 'Mazda', 'Nissan', 'Porsche', 'Toyota'];
    const form = `<form><label>Choose vehicle brand <select>${brands.map((b) => `<option>${b}</option>`).join('')}</select></label></form>`;
    expect(span(`${form}<p>Contact us.</p>`)).toBeNull();
  });

  it("never takes a teaser for the running text: a ticker's items open with a link to their story", () => {
    const ticker = `<ul><li><a href="/other-story">Other story</a><span>${sentence.repeat(2)}</span></li></ul>`;
    const story = `<p>Our story: ${sentence.repeat(2)}</p>`;
    const html = `<body>${ticker}${story}</body>`;
    expect(span(html)?.[0]).toBe(`Our story: ${sentence}`.slice(0, 40));
    expect(spanOneByOne(html)).toEqual(span(html));
    // An item that opens with words is prose, whatever links it holds later.
    const prose = `<ul><li>First, ${sentence}<a href="/audit">the audit</a> ${sentence}</li></ul>`;
    expect(span(`<body>${prose}${story}</body>`)?.[0]).toBe(`First, ${sentence}`.slice(0, 40));
  });

  it('never takes a block whose every word is a link for running text: a "most popular" box of linked headlines', () => {
    const headline = (n: number) => `<a href="/s${n}"><span class="number">${n}</span> ${sentence.slice(0, 60)}</a> `;
    const box = `<div class="top-five"><h4>Most Popular Today</h4>${headline(1)}${headline(2)}${headline(3)}</div>`;
    const story = `<p>Our story: ${sentence.repeat(2)}</p>`;
    const html = `<body>${box}${story}</body>`;
    expect(span(html)?.[0]).toBe(`Our story: ${sentence}`.slice(0, 40));
    expect(spanOneByOne(html)).toEqual(span(html));
    // One word outside the links makes it prose again: a sentence that links most of its words.
    const linked = `<p>See ${headline(1)}${headline(2)}</p>`;
    expect(span(`<body>${linked}${story}</body>`)?.[0]).toBe(`See 1 ${sentence}`.slice(0, 40));
    expect(spanOneByOne(`<body>${linked}${story}</body>`)).toEqual(span(`<body>${linked}${story}</body>`));
  });
});

describe('page facts: the page’s title', () => {
  const titleOf = (html: string) => pageFacts(parseHtml(html), null).title?.textContent.trim() ?? null;
  const page = (title: string, h1 = '') =>
    `<html><head><title>${title}</title></head><body><div id="header"><h2>Security Blog</h2></div>` +
    `<div class="post">${h1}<h2>Enhanced protection now in the browser</h2><p>${sentence}</p></div><h3>Archive</h3></body></html>`;

  it('is the first <h1> with text', () => {
    expect(titleOf(page('Security Blog: Enhanced protection now in the browser', '<h1> </h1><h1>The post</h1>'))).toBe('The post');
  });

  it('on a page without an <h1>, is the <h2> or <h3> that makes most of the document’s <title>, not the site’s name', () => {
    expect(titleOf(page('Security Blog: Enhanced protection now in the browser'))).toBe('Enhanced protection now in the browser');
    expect(titleOf(page('Enhanced Protection Now In The Browser | Security Blog'))).toBe('Enhanced protection now in the browser');
  });

  it('is none when no heading is named by the <title>, or the one named is a small part of it', () => {
    expect(titleOf(page('Something else entirely'))).toBeNull();
    expect(titleOf(page('Security Blog — the latest news and insights on security and safety on the Internet'))).toBeNull();
  });
});
