// Guard rails: pages made of data lose nothing. Every table cell's text in these fixtures must
// reach the Markdown, whatever containers (widgets, panels, menus, forms, main regions) hold it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { parseHtml } from '../../../../src/shared/core/parse';

const dir = join(import.meta.dirname, '../../../fixtures/data-rich');
const pages = readdirSync(dir).filter((name) => name.endsWith('.html'));

/** The text of every table cell in the source page. */
function cellTexts(html: string): string[] {
  const document = parseHtml(html);
  return [...document.getElementsByTagName('td'), ...document.getElementsByTagName('th')]
    .map((cell) => cell.textContent.replace(/\s+/g, ' ').trim())
    .filter((text) => text !== '' && text !== 'Add');
}

describe('data-rich pages keep every table cell', () => {
  it.each(pages)('%s', (name) => {
    const html = readFileSync(join(dir, name), 'utf8');
    const { markdown, warnings } = convert(html);
    const cells = cellTexts(html);
    expect(cells.length).toBeGreaterThan(5);
    const unescaped = markdown.replace(/\\([\\`*_{}[\]()#+\-.!|<>&~])/g, '$1');
    const missing = cells.filter((cell) => !unescaped.includes(cell));
    expect(missing).toEqual([]);
    expect(warnings.filter((w) => w.code === 'loss')).toEqual([]);
  });

  it('still removes the chrome around the data', () => {
    const markdown = convert(readFileSync(join(dir, 'tables-in-widgets.html'), 'utf8')).markdown;
    expect(markdown).not.toContain('Fund A review');
    expect(markdown).not.toContain('Log in');
    expect(markdown).not.toContain('© FinSite');
    const docs = convert(readFileSync(join(dir, 'docs-div-nav.html'), 'utf8')).markdown;
    expect(docs).not.toContain('[License]');
  });
});
