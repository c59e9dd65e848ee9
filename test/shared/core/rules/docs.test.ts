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
});
