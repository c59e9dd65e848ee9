import { describe, expect, it } from 'vitest';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { md } from './helpers';

/** Renders GFM the way GitHub does, to check that what we write is read back as a table. */
function render(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

describe('tables', () => {
  it('keeps a <th> header row as the GFM header', () => {
    const out = md('<table><tr><th>Name</th><th>Price</th></tr><tr><td>Tea</td><td>3</td></tr></table>');
    expect(out).toBe('| Name | Price |\n| --- | --- |\n| Tea | 3 |');
  });

  it('gives a table without <th> an empty header row instead of raw HTML', () => {
    const out = md('<table><tr><td>Price</td><td>$5</td></tr><tr><td>Weight</td><td>2 kg</td></tr></table>');
    expect(out).not.toContain('<table');
    const html = render(out);
    expect(html).toContain('<td>Price</td>');
    expect(html).toContain('<td>2 kg</td>');
    expect(html.match(/<tr>/g)).toHaveLength(3);
  });

  it('promotes a first row of bold cells to the header, without the bold', () => {
    const out = md('<table><tr><td><b>Name</b></td><td><strong>Price</strong></td><td></td></tr><tr><td>Tea</td><td>3</td><td>hot</td></tr></table>');
    expect(out).toBe('| Name | Price |  |\n| --- | --- | --- |\n| Tea | 3 | hot |');
  });

  it('does not promote a bold first row when the rows below are bold too, or when part of it is not bold', () => {
    expect(md('<table><tr><td><b>A</b></td><td><b>1</b></td></tr><tr><td><b>B</b></td><td><b>2</b></td></tr></table>').split('\n')[0]).toBe('|  |  |');
    expect(md('<table><tr><td><b>Key</b></td><td>value</td></tr><tr><td><b>Key 2</b></td><td>value 2</td></tr></table>').split('\n')[0]).toBe('|  |  |');
  });

  it('treats <thead> rows as the header even with <td> cells', () => {
    const out = md('<table><thead><tr><td>A</td><td>B</td></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>');
    expect(out.split('\n')[0]).toBe('| A | B |');
  });

  it('escapes | inside cells so the row keeps its columns', () => {
    const out = md('<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>b|c</td></tr></table>');
    expect(out).toContain('| a | b\\|c |');
    expect(render(out)).toContain('<td>b|c</td>');
  });

  it('turns <br> and paragraphs in a cell into <br> on one line', () => {
    const out = md('<table><tr><th>h</th></tr><tr><td>one<br>two</td></tr><tr><td><p>p1</p><p>p2</p></td></tr></table>');
    expect(out).toContain('| one<br>two |');
    expect(out).toContain('| p1<br>p2 |');
  });

  it('keeps a list in a cell on one line', () => {
    const out = md('<table><tr><th>h</th><th>i</th></tr><tr><td><ul><li>a</li><li>b</li></ul></td><td>x</td></tr></table>');
    const row = out.split('\n')[2];
    expect(row).toMatch(/^\| - a<br>- b \| x \|$/);
  });

  it('does not throw on an empty table, and writes nothing for it', () => {
    expect(md('<p>before</p><table></table><p>after</p>')).toBe('before\n\nafter');
    expect(md('<table><tr><td> </td><td></td></tr></table>')).toBe('');
  });

  it('expands colspan and rowspan into a rectangular grid', () => {
    const out = md(
      '<table><tr><th colspan="2">Both</th><th>C</th></tr>' +
        '<tr><td rowspan="2">tall</td><td>b1</td><td>c1</td></tr>' +
        '<tr><td>b2</td><td>c2</td></tr></table>',
    );
    expect(out).toBe('| Both |  | C |\n| --- | --- | --- |\n| tall | b1 | c1 |\n|  | b2 | c2 |');
  });

  it('renders layout tables (a single cell, a nested table, role=presentation) as blocks', () => {
    expect(md('<table><tr><td><h2>Title</h2><p>Body</p></td></tr></table>')).toBe('## Title\n\nBody');
    expect(md('<table role="presentation"><tr><td>left</td><td>right</td></tr></table>')).toBe('left\n\nright');
    const nested = md('<table><tr><td>menu</td><td><table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>2</td></tr></table></td></tr></table>');
    expect(nested).toBe('menu\n\n| k | v |\n| --- | --- |\n| 1 | 2 |');
  });

  it('writes the caption above the table and takes alignment from align', () => {
    const out = md('<table><caption>Prices</caption><tr><th align="right">n</th><th align="center">m</th></tr><tr><td>1</td><td>2</td></tr></table>');
    expect(out).toBe('Prices\n\n| n | m |\n| ---: | :---: |\n| 1 | 2 |');
  });

  it('survives a hostile span that asks for billions of positions', () => {
    const cells = '<td colspan="1000" rowspan="65534">x</td>'.repeat(50);
    const out = md(`<table><tr>${cells}</tr><tr><td>y</td></tr></table>`);
    expect(out).toContain('x');
    expect(out.length).toBeLessThan(100_000);
  });
});
