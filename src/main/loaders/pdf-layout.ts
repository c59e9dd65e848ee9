// Positioned text runs of PDF pages → a simple HTML document (headings, paragraphs, a rule per page
// break) that the core then turns into Markdown. Runs are taken in content-stream order, which is
// reading order for nearly every generator; lines are grouped by baseline, paragraphs by vertical
// gaps larger than the usual line pitch, headings by a font clearly larger than the body text.

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
}

interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
  right: number;
}

export interface Block {
  kind: 'heading' | 'paragraph';
  /** 1–6 for headings. */
  level: number;
  text: string;
}

export interface LayoutDocument {
  title?: string;
  author?: string;
  language?: string;
  /** Runs of each page, in order. */
  pages: TextRun[][];
}

const HEADING_RATIO = 1.15;
const MAX_HEADING_CHARS = 200;

function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}

function isSpace(text: string, at: 'start' | 'end'): boolean {
  return at === 'start' ? /^\s/.test(text) : /\s$/.test(text);
}

/** Runs → lines: a new line when the generator says so or the baseline moves. */
export function groupLines(runs: readonly TextRun[]): Line[] {
  const lines: Line[] = [];
  let line: Line | undefined;
  let breakNext = false;
  for (const run of runs) {
    if (run.text === '') {
      if (run.endOfLine) breakNext = true;
      continue;
    }
    const size = run.size > 0 ? run.size : 1;
    const sameLine =
      line !== undefined && !breakNext && Math.abs(run.y - line.y) < 0.4 * Math.max(size, line.size) && run.x > line.x - size;
    if (sameLine && line) {
      const gap = run.x - line.right;
      if (gap > size * 0.15 && !isSpace(line.text, 'end') && !isSpace(run.text, 'start')) line.text += ' ';
      line.text += run.text;
      line.right = Math.max(line.right, run.x + run.width);
      if (run.text.trim() !== '') line.size = Math.max(line.size, size);
    } else {
      line = { text: run.text, x: run.x, y: run.y, size, right: run.x + run.width };
      lines.push(line);
    }
    breakNext = run.endOfLine;
  }
  return lines
    .map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ').trim() }))
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
      startNew = sizeChanged || gap || indented;
    }
    if (startNew || !current) {
      current = { lines: [line], size: line.size };
      paragraphs.push(current);
    } else current.lines.push(line);
  }
  return paragraphs;
}

/** Pages of runs → blocks per page, with heading levels decided over the whole document. */
export function layoutBlocks(pages: readonly (readonly TextRun[])[]): Block[][] {
  const lines = pages.map((runs) => groupLines(runs));
  const body = bodySize(lines);
  const pitches = linePitches(lines);
  const paragraphs = lines.map((pageLines) => splitParagraphs(pageLines, pitches));
  const isHeading = (p: Paragraph, text: string) => body > 0 && p.size >= body * HEADING_RATIO && text.length <= MAX_HEADING_CHARS && p.lines.length <= 3;

  const headingSizes = new Set<number>();
  for (const page of paragraphs) for (const p of page) if (isHeading(p, p.lines.map((l) => l.text).join(' '))) headingSizes.add(roundSize(p.size));
  const ranked = [...headingSizes].sort((a, b) => b - a);

  return paragraphs.map((page) =>
    page.map((p) => {
      const text = p.lines.map((l) => l.text).reduce(joinLines);
      if (!isHeading(p, text)) return { kind: 'paragraph', level: 0, text };
      return { kind: 'heading', level: Math.min(6, ranked.indexOf(roundSize(p.size)) + 1), text };
    }),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** The HTML document the core converts: metadata in <head>, a <hr> between pages. */
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
      const tag = block.kind === 'heading' ? `h${block.level}` : 'p';
      return `<${tag}>${escapeHtml(block.text)}</${tag}>`;
    });
    return `<!-- page ${index + 1} -->\n${parts.join('\n')}`;
  });
  const lang = document.language && /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(document.language) ? ` lang="${document.language}"` : '';
  const html = `<!doctype html>\n<html${lang}><head>${head}</head><body>\n${pages.join('\n<hr>\n')}\n</body></html>\n`;
  return { html, characters };
}
