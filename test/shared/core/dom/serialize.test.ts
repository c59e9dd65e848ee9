import { describe, expect, it } from 'vitest';
import { htmlExcerpt, outerHtml } from '../../../../src/shared/core/dom/serialize';
import { parseHtml } from '../../../../src/shared/core/parse';

describe('htmlExcerpt', () => {
  it('is the start of the outer HTML, cut and marked, however long its attributes are', () => {
    const blob = `{"a":"${'x&y"z '.repeat(400)}"}`;
    const html = `<div id="first" data-blob='${blob}' class="late"><p>text &amp; more</p></div>`;
    const div = parseHtml(html).getElementsByTagName('div')[0];
    for (const max of [5, 20, 60, 240]) expect(htmlExcerpt(div, max), String(max)).toBe(`${outerHtml(div).slice(0, max)}…`);
  });

  it('keeps a short element whole', () => {
    const p = parseHtml('<p class="x" title="a &quot;b&quot;">one <b>two</b></p>').getElementsByTagName('p')[0];
    expect(htmlExcerpt(p, 240)).toBe(outerHtml(p));
  });
});
