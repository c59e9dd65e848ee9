// Structure read from positioned PDF text: running headers and footers and print stamps dropped,
// headings by weight, tables from aligned runs, paragraphs kept whole across page breaks.
import { describe, expect, it } from 'vitest';
import { isBoldFontName } from '../../../src/main/loaders/pdf-fonts';
import { layoutBlocks, type TextRun } from '../../../src/main/loaders/pdf-layout';
import { isPrintArtefact, removeMarginLines } from '../../../src/main/loaders/pdf-margins';

const run = (text: string, x: number, y: number, options: Partial<TextRun> = {}): TextRun => ({
  text,
  x,
  y,
  width: text.length * (options.size ?? 12) * 0.5,
  size: 12,
  endOfLine: true,
  ...options,
});

/** A page of body lines from y = 700 down, 14 apart. */
function bodyPage(lines: string[], top = 700): TextRun[] {
  return lines.map((text, i) => run(text, 72, top - i * 14));
}

const texts = (blocks: ReturnType<typeof layoutBlocks>) => blocks.map((page) => page.map((block) => `${block.kind}${block.level || ''}: ${block.text}`));

describe('running headers, footers and print stamps', () => {
  it('drops a line repeated at the top or bottom of most pages, page numbers aside', () => {
    const pages = [1, 2, 3].map((n) => [
      run('Acme Manual — Chapter 2', 72, 760, { size: 9 }),
      ...bodyPage([`Body text of page ${n}, which says something.`, 'More of it, different on each page.']),
      run(`Page ${n} of 3`, 280, 40, { size: 9 }),
    ]);
    const out = texts(layoutBlocks(pages));
    expect(out.flat().join('\n')).not.toMatch(/Acme Manual|Page \d of 3/);
    expect(out[1]).toEqual(['paragraph: Body text of page 2, which says something. More of it, different on each page.']);
  });

  it('keeps a repeated line that is part of the text (no wider gap sets it apart)', () => {
    const pages = [1, 2].map(() => bodyPage(['The same opening line on each page.', 'And its continuation here.', 'A closing sentence.']));
    expect(layoutBlocks(pages).flat()[0].text).toContain('The same opening line on each page.');
  });

  it('drops the stamps a browser prints, even on a single page', () => {
    const page = [
      run('12/3/26, 4:32 PM', 24, 820, { size: 8, endOfLine: false }),
      run('8.1. Numeric Types', 300, 820, { size: 8 }),
      ...bodyPage(['The only paragraph of the page.']),
      run('file:///home/ann/docs/numeric.html', 24, 17, { size: 8, endOfLine: false }),
      run('1/6', 560, 17, { size: 8 }),
    ];
    expect(texts(layoutBlocks([page]))).toEqual([['paragraph: The only paragraph of the page.']]);
  });

  it('knows the stamps by their form', () => {
    for (const stamp of ['12/3/26, 4:32 PM 8.1. Numeric Types', '2026-03-12 16:32', 'https://example.com/docs/page 3/12', 'file:///tmp/a.html 1/6', '7', '3 / 10', 'Page 4 of 9', 'about:blank 1/1']) {
      expect(isPrintArtefact(stamp)).toBe(true);
    }
    for (const text of ['Chapter 7 begins here', 'The year 2019 was long.', 'See https://example.com for more']) expect(isPrintArtefact(text)).toBe(false);
  });

  it('removes only the lines at the edges of a page', () => {
    const lines = [
      { text: '42', y: 700, size: 12 },
      { text: 'A table cell', y: 600, size: 12 },
      { text: '42', y: 586, size: 12 },
      { text: 'closing', y: 572, size: 12 },
    ];
    expect(removeMarginLines([lines])[0].map((line) => line.text)).toEqual(['A table cell', '42', 'closing']);
  });
});

describe('headings by weight', () => {
  it('makes a short bold line at body size a heading, a level below the size-based ones', () => {
    const page = [
      run('Big Title', 72, 720, { size: 24 }),
      ...bodyPage(['An opening paragraph with enough words to be body text.'], 690),
      run('Installing', 72, 660, { bold: true }),
      ...bodyPage(['Steps follow here in plain text, as a paragraph.'], 644),
    ];
    expect(texts(layoutBlocks([page]))).toEqual([
      ['heading1: Big Title', 'paragraph: An opening paragraph with enough words to be body text.', 'heading2: Installing', 'paragraph: Steps follow here in plain text, as a paragraph.'],
    ]);
  });

  it('does not make a bold sentence a heading', () => {
    const page = [...bodyPage(['Plain text first.'], 700), run('Never unplug the device while it updates.', 72, 670, { bold: true }), ...bodyPage(['More plain text.'], 650)];
    expect(layoutBlocks([page])[0].map((block) => block.kind)).toEqual(['paragraph', 'paragraph', 'paragraph']);
  });

  it('reads the weight from the font name', () => {
    expect(isBoldFontName('AAAAAA+LiberationSans-Bold')).toBe(true);
    expect(isBoldFontName('Helvetica-BoldOblique')).toBe(true);
    expect(isBoldFontName('SourceSansPro-Semibold')).toBe(true);
    expect(isBoldFontName('BAAAAA+LiberationSans')).toBe(false);
    expect(isBoldFontName('Times-Italic')).toBe(false);
  });
});

describe('tables from aligned runs', () => {
  /** A row as Chromium sets it: cells apart, a space stretched over each gap. */
  const row = (cells: string[], y: number, bold = false): TextRun[] =>
    cells.flatMap((text, i) => {
      const x = 72 + i * 120;
      const cell = run(text, x, y, { bold, endOfLine: false });
      return i < cells.length - 1 ? [cell, run(' ', x + cell.width, y, { width: 120 - cell.width, endOfLine: false })] : [cell];
    });

  it('makes lines whose segments line up in columns a table, a cell of two lines one cell', () => {
    const page = [
      ...bodyPage(['The figures for the year were these.'], 720),
      // Rows of one line 19 apart; a row of two lines 12 apart, its other cells centred on it.
      ...row(['Product', 'Units', 'Price'], 692, true),
      ...row(['Sprocket', '1200', '3.50'], 673),
      run('Gizmo', 72, 648, { endOfLine: false }),
      run('deluxe', 192, 654, { endOfLine: true }),
      run('edition', 192, 642, { endOfLine: false }),
      run('7.25', 312, 648),
      ...bodyPage(['A closing paragraph after the table.'], 615),
    ];
    const blocks = layoutBlocks([page])[0];
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'table', 'paragraph']);
    const table = blocks[1];
    expect(table.kind === 'table' && table.rows.map((cells) => cells.map((cell) => cell.text))).toEqual([
      ['Product', 'Units', 'Price'],
      ['Sprocket', '1200', '3.50'],
      ['Gizmo', 'deluxe edition', '7.25'],
    ]);
    expect(table.kind === 'table' && table.rows[0].every((cell) => cell.bold)).toBe(true);
  });

  it('leaves body text set in two columns as text', () => {
    const left = 'Running text of the left column, long enough to fill';
    const right = 'Running text of the right column, just as long too';
    const page = [0, 1, 2, 3].flatMap((i) => [run(left, 40, 700 - i * 14, { endOfLine: false }), run(right, 330, 700 - i * 14)]);
    expect(layoutBlocks([page])[0].map((block) => block.kind)).not.toContain('table');
  });
});

describe('page breaks', () => {
  it('joins a paragraph cut by a page break and keeps apart the paragraphs a break falls between', () => {
    // Lines 14 apart, paragraphs 36.
    const pages = [
      [...bodyPage(['A first paragraph', 'ends here.'], 700), ...bodyPage(['A second one runs on', 'and is cut by the'], 650)],
      [...bodyPage(['page break, then', 'ends.'], 700), ...bodyPage(['A third stands', 'alone.'], 650)],
    ];
    expect(texts(layoutBlocks(pages))).toEqual([
      ['paragraph: A first paragraph ends here.', 'paragraph: A second one runs on and is cut by the page break, then ends.'],
      ['paragraph: A third stands alone.'],
    ]);
  });
});
