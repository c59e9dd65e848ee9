// Guard rails for documentation: a docs page loses none of its content region in the default mode
// (footnotes, notes, "See also", sections whose heading starts with an announced word, tables,
// code), loses its chrome (permalink glyphs, navigation tables and bars, sidebars), and article
// mode keeps every table cell and code line of the content.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from '../../../../scripts/eval/plain-text';
import { convert } from '../../../../src/shared/core';
import { type Element, numberElements, textOf } from '../../../../src/shared/core/dom/nodes';
import { parseHtml } from '../../../../src/shared/core/parse';

const dir = join(import.meta.dirname, '../../../fixtures/docs');
const WORDS = /[\p{L}\p{N}_]+/gu;

interface DocsFixture {
  file: string;
  /** The generator's own content region. */
  region: (el: Element) => boolean;
  /** Chrome that must go. */
  chrome: string[];
}

const FIXTURES: DocsFixture[] = [
  {
    file: 'sphinx-page.html',
    region: (el) => el.getAttribute('role') === 'main',
    chrome: ['¶', 'Permalink', 'Quick search', 'Created using Sphinx'],
  },
  {
    file: 'manual-page.html',
    region: (el) => el.getAttribute('class') === 'sect1',
    chrome: ['Prev', 'Next', 'Home', 'Monetary Types'],
  },
];

function regionOf(html: string, test: (el: Element) => boolean): Element {
  const found = numberElements(parseHtml(html)).find(test);
  if (found === undefined) throw new Error('no content region in the fixture');
  return found;
}

/** Words of `want` missing from `have`, counted as multisets. */
function missingWords(want: string, have: string): string[] {
  const counts = new Map<string, number>();
  for (const word of have.match(WORDS) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  const missing: string[] = [];
  for (const word of want.match(WORDS) ?? []) {
    const left = counts.get(word) ?? 0;
    if (left === 0) missing.push(word);
    else counts.set(word, left - 1);
  }
  return missing;
}

/** The words of an element, each element's text apart from its neighbours' (the fixtures split no word across tags). */
function wordsOf(el: Element): string {
  const parts: string[] = [];
  const walk = (node: Element) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) parts.push(textOf(child));
      else if (child.nodeType === 1) {
        parts.push(' ');
        walk(child as Element);
        parts.push(' ');
      }
    }
  };
  walk(el);
  return parts.join('');
}

function cellsOf(region: Element): string[] {
  return [...region.getElementsByTagName('td'), ...region.getElementsByTagName('th')].map((cell) => textOf(cell).replace(/\s+/g, ' ').trim()).filter((text) => text !== '');
}

describe.each(FIXTURES)('docs page $file', ({ file, region, chrome }) => {
  const html = readFileSync(join(dir, file), 'utf8');
  const content = regionOf(html, region);

  it('keeps every word of its content region in the default mode', () => {
    const text = markdownToPlainText(convert(html).markdown);
    expect(missingWords(wordsOf(content), text)).toEqual([]);
  });

  it('drops the chrome around it: permalink glyphs, navigation tables and bars, sidebars', () => {
    const { markdown } = convert(html);
    const outside = chrome.filter((word) => !textOf(content).includes(word));
    for (const word of outside) expect(markdown).not.toContain(word);
  });

  it('keeps every table cell and code line in article mode, each cut recorded as an article removal', () => {
    const { markdown, removed } = convert(html, { mode: 'article' });
    const text = markdownToPlainText(markdown).replace(/\s+/g, ' ');
    for (const cell of cellsOf(content)) expect(text).toContain(cell);
    for (const pre of content.getElementsByTagName('pre')) for (const line of textOf(pre).split('\n')) expect(markdown).toContain(line.trim());
    for (const entry of removed.filter((r) => r.category === 'article')) expect(entry.reason).toMatch(/^outside the main content/);
  });
});

describe('documentation chrome and parts', () => {
  it('keeps Sphinx footnotes and notes, drops permalinks', () => {
    const html = readFileSync(join(dir, 'sphinx-page.html'), 'utf8');
    const { markdown, removed } = convert(html);
    expect(markdown).toContain('Defaults changed in version 2.0');
    expect(markdown).toContain('Options are read once');
    expect(markdown).toMatch(/## Recommended configuration\n/);
    expect(removed.filter((r) => r.ruleId === 'permalink')).toHaveLength(4);
  });

  it('removes the manual navigation tables by their summary', () => {
    const html = readFileSync(join(dir, 'manual-page.html'), 'utf8');
    const removed = convert(html).removed.filter((r) => r.ruleId === 'docs-navigation');
    expect(removed.map((r) => r.tag)).toEqual(['div', 'div']);
    expect(removed[0].reason).toMatch(/navigation/);
  });

  it("keeps a table of contents of the page's own sections inside the main region, not site navigation", () => {
    const prose = '<p>Sphinx extracts every message to translate into catalogs, and translators fill them in.</p>';
    const html =
      '<nav class="site"><a href="/a">Home</a> <a href="/b">Docs</a></nav><div role="main"><h1>Internationalization</h1>' + prose +
      '<nav class="contents local" id="contents"><ul><li><a href="#details">Details</a></li><li><a href="#quick">Quick guide</a></li></ul></nav>' +
      '<nav class="pager"><a href="#top">Top</a> <a href="next.html">Next</a></nav>' +
      '<section id="details"><h2>Details</h2>' + prose + '</section><section id="quick"><h2>Quick guide</h2>' + prose + '</section></div>';
    const { markdown, removed } = convert(html);
    expect(markdown).toContain('[Quick guide](#quick)');
    expect(removed.filter((r) => r.ruleId === 'nav').map((r) => r.excerpt)).toEqual([expect.stringContaining('Home'), expect.stringContaining('Top')]);
  });

  it('keeps a sub-list of links that a sentence in its list item introduces; a menu sub-list under a label goes', () => {
    const html =
      '<div><ul><li>News<ul><li><a href="/world">World</a></li><li><a href="/sport">Sport</a></li></ul></li></ul></div>' +
      '<div id="apicontent"><h2>Internationalization support</h2><p>Node.js has many features that make it easier to write internationalized programs, from locale-aware formatting to Unicode normalization. Some of them are:</p>' +
      '<ul><li>Locale-sensitive functions in the <a href="https://tc39.es/ecma262/">ECMAScript Language Specification</a>:<ul>' +
      '<li><a href="https://developer.mozilla.org/normalize"><code>String.prototype.normalize()</code></a></li>' +
      '<li><a href="https://developer.mozilla.org/toLowerCase"><code>String.prototype.toLowerCase()</code></a></li></ul></li></ul></div>';
    const { markdown } = convert(html);
    expect(markdown).toContain('`String.prototype.toLowerCase()`');
    expect(markdown).not.toContain('Sport');
  });

  it('keeps a list of references to other sites right after the prose; a cross-site teaser widget goes', () => {
    const html =
      '<main><h1>Package javax.xml.crypto.dsig.dom</h1><div class="block">DOM-specific classes for the signature package. Only users who are using a DOM-based ' +
      'signature factory or key info factory should need to make direct use of this package.<h2>Package Specification</h2><ul>' +
      '<li><a href="http://www.w3.org/TR/xmldsig-core/">XML-Signature Syntax and Processing: W3C Recommendation</a></li>' +
      '<li><a href="http://www.ietf.org/rfc/rfc3275.txt">RFC 3275: XML-Signature Syntax and Processing</a></li></ul></div>' +
      '<div class="partner-feed"><ul><li><a href="https://news.example.org/a">Ten things we learned at the hearing</a></li>' +
      '<li><a href="https://other.example.net/b">China and Taiwan in a film awards face-off</a></li></ul></div></main>';
    const { markdown } = convert(html);
    expect(markdown).toContain('RFC 3275: XML-Signature Syntax and Processing');
    expect(markdown).not.toContain('film awards');
  });
});
