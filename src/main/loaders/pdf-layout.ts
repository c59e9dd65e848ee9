// Positioned text runs of PDF pages → a simple HTML document (headings, paragraphs, tables) that
// the core then turns into Markdown. Runs are taken in content-stream order, which is reading order
// for nearly every generator; lines are grouped by baseline, paragraphs by vertical gaps larger
// than the usual line pitch. Structure read from the layout:
// - running headers and footers, and browsers' print stamps, are dropped (pdf-margins.ts);
// - headings: a font clearly larger than the body text, or a short line all in a bold font at body
//   size or more, without closing punctuation (a level below the size-based ones);
// - tables: lines of several segments that line up in columns (pdf-tables.ts);
// - a paragraph that runs on over a page break is one paragraph: a page break is not a thematic
//   break, and no `***` stands between pages.
import { removeMarginLines } from './pdf-margins';
import { findTables, type Segment, type TableCell } from './pdf-tables';

export interface TextRun {
  text: string;
  /** Left edge and baseline, in PDF units (y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** Font size in PDF units. */
  size: number;
  /** The generator says a line ends after this run. */
  endOfLine: boolean;
  /** Set in a bold font. */
  bold?: boolean;
}

interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
  right: number;
  /** Every run with text in it is bold. */
  bold: boolean;
  /** Parts of the line set apart by a gap much wider than a space (table cells). */
  segments: Segment[];
}

export type Block =
  | { kind: 'heading' | 'paragraph'; /** 1–6 for headings. */ level: number; text: string }
  | { kind: 'table'; level: 0; text: string; rows: TableCell[][] };

export interface LayoutDocument {
  title?: string;
  author?: string;
  language?: string;
  /** Runs of each page, in order. */
  pages: TextRun[][];
}

const HEADING_RATIO = 1.15;
const MAX_HEADING_CHARS = 200;
/** A gap wider than this (in font sizes) between two runs of a line separates segments (cells). */
const SEGMENT_GAP = 0.8;

function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}

function isSpace(text: string, at: 'start' | 'end'): boolean {
  return at === 'start' ? /^\s/.test(text) : /\s$/.test(text);
}

interface LineBuilder extends Line {
  textRuns: number;
  boldRuns: number;
  /** The segment still open, or null after a wide gap. */
  open: Segment | null;
}

/** Runs → lines: a new line when the generator says so or the baseline moves. */
export function groupLines(runs: readonly TextRun[]): Line[] {
  const lines: LineBuilder[] = [];
  let line: LineBuilder | undefined;
  let breakNext = false;
  for (const run of runs) {
    if (run.text === '') {
      if (run.endOfLine) breakNext = true;
      continue;
    }
    const size = run.size > 0 ? run.size : 1;
    const blank = run.text.trim() === '';
    const sameLine =
      line !== undefined && !breakNext && Math.abs(run.y - line.y) < 0.4 * Math.max(size, line.size) && run.x > line.x - size;
    if (sameLine && line) {
      const gap = run.x - line.right;
      if (gap > size * 0.15 && !isSpace(line.text, 'end') && !isSpace(run.text, 'start')) line.text += ' ';
      line.text += run.text;
      // A wide gap, or a space stretched over one (how Chromium sets table cells apart), ends a segment.
      if (gap > size * SEGMENT_GAP || (blank && run.width > size * SEGMENT_GAP)) line.open = null;
      line.right = Math.max(line.right, run.x + run.width);
      if (!blank) line.size = Math.max(line.size, size);
    } else {
      line = { text: run.text, x: run.x, y: run.y, size, right: run.x + run.width, bold: false, segments: [], textRuns: 0, boldRuns: 0, open: null };
      lines.push(line);
    }
    if (!blank) {
      line.textRuns++;
      if (run.bold) line.boldRuns++;
      if (line.open === null) {
        line.open = { text: run.text, x: run.x, right: run.x + run.width, bold: run.bold === true };
        line.segments.push(line.open);
      } else {
        const between = run.x - line.open.right > size * 0.15 && !isSpace(line.open.text, 'end') && !isSpace(run.text, 'start') ? ' ' : '';
        line.open.text += between + run.text;
        line.open.right = Math.max(line.open.right, run.x + run.width);
        line.open.bold &&= run.bold === true;
      }
    }
    breakNext = run.endOfLine;
  }
  return lines
    .map(({ textRuns, boldRuns, open: _open, ...l }) => ({
      ...l,
      text: l.text.replace(/\s+/g, ' ').trim(),
      bold: textRuns > 0 && boldRuns === textRuns,
      segments: l.segments.map((segment) => ({ ...segment, text: segment.text.replace(/\s+/g, ' ').trim() })),
    }))
    .filter((l) => l.text !== '');
}

/** The font size most characters are set in: the body text. */
function bodySize(pages: readonly Line[][]): number {
  const chars = new Map<number, number>();
  for (const lines of pages) for (const line of lines) chars.set(roundSize(line.size), (chars.get(roundSize(line.size)) ?? 0) + line.text.length);
  let best = 0;
  let bestCount = -1;
  for (const [size, count] of chars) if (count > bestCount) [best, bestCount] = [size, count];
  return best;
}

/** The usual distance between baselines of consecutive lines, per font size. */
function linePitches(pages: readonly Line[][]): Map<number, number> {
  const counts = new Map<number, Map<number, number>>();
  for (const lines of pages) {
    for (let i = 1; i < lines.length; i++) {
      const [a, b] = [lines[i - 1], lines[i]];
      const size = roundSize(b.size);
      const delta = Math.round((a.y - b.y) * 2) / 2;
      if (roundSize(a.size) !== size || delta < size * 0.8 || delta > size * 3) continue;
      const bySize = counts.get(size) ?? new Map<number, number>();
      bySize.set(delta, (bySize.get(delta) ?? 0) + 1);
      counts.set(size, bySize);
    }
  }
  const pitches = new Map<number, number>();
  for (const [size, deltas] of counts) {
    // The smallest delta that is common: paragraph gaps are rarer and larger than line pitch.
    const ranked = [...deltas].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    pitches.set(size, ranked[0][0]);
  }
  return pitches;
}

/** A line ending in a hyphen joined with the next: hyphenation undone before a lower-case letter. */
export function joinLines(first: string, second: string): string {
  if (/\p{L}[-\u2010\u00ad]$/u.test(first)) {
    if (/^\p{Ll}/u.test(second)) return first.slice(0, -1) + second;
    return first + second;
  }
  return `${first} ${second}`;
}

interface Paragraph {
  lines: Line[];
  size: number;
}

function splitParagraphs(lines: readonly Line[], pitches: Map<number, number>): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let current: Paragraph | undefined;
  for (const line of lines) {
    const previous = current?.lines[current.lines.length - 1];
    let startNew = current === undefined || previous === undefined;
    if (!startNew && current && previous) {
      const size = roundSize(line.size);
      const pitch = pitches.get(size) ?? size * 1.2;
      const drop = previous.y - line.y;
      const sizeChanged = Math.abs(line.size - current.size) > current.size * 0.1;
      const gap = drop > pitch * 1.25 + 0.5 || drop < pitch * 0.5;
      // A first-line indent opens a paragraph; a hanging indent (second line indented) does not.
      const indented = current.lines.length > 1 && line.x > previous.x + line.size;
      // A line all in bold after text that is not (or the reverse) starts a block: a heading set at body size.
      const weightChanged = line.bold !== previous.bold;
      startNew = sizeChanged || gap || indented || weightChanged;
    }
    if (startNew || !current) {
      current = { lines: [line], size: line.size };
      paragraphs.push(current);
    } else current.lines.push(line);
  }
  return paragraphs;
}

type Piece = { kind: 'paragraph'; paragraph: Paragraph } | { kind: 'table'; rows: TableCell[][] };

/** A page's lines as paragraphs and tables, in order. */
function pagePieces(lines: readonly Line[], pitches: Map<number, number>): Piece[] {
  const pieces: Piece[] = [];
  let from = 0;
  const textUntil = (to: number) => {
    for (const paragraph of splitParagraphs(lines.slice(from, to), pitches)) pieces.push({ kind: 'paragraph', paragraph });
  };
  for (const table of findTables(lines)) {
    textUntil(table.start);
    pieces.push({ kind: 'table', rows: table.rows });
    from = table.end;
  }
  textUntil(lines.length);
  return pieces;
}

/** Ends a sentence or a block: what a paragraph carried over a page break does not end with. */
const CLOSES_BLOCK = /[.!?:;"”’»)\]…]$/;

/** Pages of runs → blocks per page, with heading levels decided over the whole document. */
export function layoutBlocks(pages: readonly (readonly TextRun[])[]): Block[][] {
  const lines = removeMarginLines(pages.map((runs) => groupLines(runs)));
  const body = bodySize(lines);
  const pitches = linePitches(lines);
  const pieces = lines.map((pageLines) => pagePieces(pageLines, pitches));
  const textOf = (p: Paragraph) => p.lines.map((l) => l.text).reduce(joinLines);
  const bySize = (p: Paragraph, text: string) => body > 0 && p.size >= body * HEADING_RATIO && text.length <= MAX_HEADING_CHARS && p.lines.length <= 3;
  const byWeight = (p: Paragraph, text: string) =>
    body > 0 && p.lines.every((l) => l.bold) && p.size >= body * 0.95 && text.length <= MAX_HEADING_CHARS && p.lines.length <= 2 && !CLOSES_BLOCK.test(text) && /\p{L}/u.test(text);

  const headingSizes = new Set<number>();
  for (const page of pieces) for (const piece of page) if (piece.kind === 'paragraph' && bySize(piece.paragraph, textOf(piece.paragraph))) headingSizes.add(roundSize(piece.paragraph.size));
  const ranked = [...headingSizes].sort((a, b) => b - a);

  const blocks = pieces.map((page) =>
    page.map((piece): Block => {
      if (piece.kind === 'table') return { kind: 'table', level: 0, text: piece.rows.map((row) => row.map((cell) => cell.text).join(' ')).join(' '), rows: piece.rows };
      const p = piece.paragraph;
      const text = textOf(p);
      if (bySize(p, text)) return { kind: 'heading', level: Math.min(6, ranked.indexOf(roundSize(p.size)) + 1), text };
      if (byWeight(p, text)) return { kind: 'heading', level: Math.min(6, ranked.filter((size) => size > roundSize(p.size)).length + 1), text };
      return { kind: 'paragraph', level: 0, text };
    }),
  );
  return joinAcrossPages(blocks);
}

/** A paragraph cut by a page break (its page's last block, not closed) goes on with the next page's first. */
function joinAcrossPages(pages: Block[][]): Block[][] {
  for (let i = 0; i + 1 < pages.length; i++) {
    const last = pages[i][pages[i].length - 1];
    const nextPage = pages.slice(i + 1).find((page) => page.length > 0);
    const first = nextPage?.[0];
    if (last === undefined || first === undefined || last.kind !== 'paragraph' || first.kind !== 'paragraph' || CLOSES_BLOCK.test(last.text)) continue;
    last.text = joinLines(last.text, first.text);
    nextPage!.shift();
  }
  return pages;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

function tableHtml(rows: readonly TableCell[][]): string {
  const cell = (c: TableCell) => `<td>${c.bold && c.text !== '' ? `<b>${escapeHtml(c.text)}</b>` : escapeHtml(c.text)}</td>`;
  return `<table>${rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}</table>`;
}

/** The HTML document the core converts: metadata in <head>, the blocks of each page in order. */
export function layoutToHtml(document: LayoutDocument): { html: string; characters: number } {
  const blocks = layoutBlocks(document.pages);
  let characters = 0;
  const head = [
    '<meta charset="utf-8">',
    document.title ? `<title>${escapeHtml(document.title)}</title>` : '',
    document.author ? `<meta name="author" content="${escapeHtml(document.author)}">` : '',
  ].join('');
  const pages = blocks.map((page, index) => {
    const parts = page.map((block) => {
      characters += block.text.length;
      if (block.kind === 'table') return tableHtml(block.rows);
      const tag = block.kind === 'heading' ? `h${block.level}` : 'p';
      return `<${tag}>${escapeHtml(block.text)}</${tag}>`;
    });
    return `<!-- page ${index + 1} -->\n${parts.join('\n')}`;
  });
  const lang = document.language && /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(document.language) ? ` lang="${document.language}"` : '';
  const html = `<!doctype html>\n<html${lang}><head>${head}</head><body>\n${pages.join('\n')}\n</body></html>\n`;
  return { html, characters };
}
