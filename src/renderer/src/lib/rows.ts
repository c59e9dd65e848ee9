// Display rows for the virtualised source views: the text cut at line breaks and wrapped every
// `columns` characters, so every row has the same height and any row is found by arithmetic.
// Minified pages (one 2 MB line) wrap into many rows instead of one endless one.

export interface Rows {
  /** Offset where each row starts. */
  starts: Int32Array;
  /** 1-based line number for a row that starts a line, 0 for a wrapped continuation. */
  lines: Int32Array;
  count: number;
  length: number;
}

/** East Asian wide characters (and astral ones, mostly emoji) take two columns in a monospace font. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xd800 && code <= 0xdbff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6)
  );
}

const ANY_WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\ud800-\udbff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;

/** How far back from a full row a wrap looks for a space to break after (a fraction of the width). */
const WORD_BREAK_REACH = 0.3;

/** Where the row starting at `start` wraps: after the last space near the end, else mid-word. */
function breakAt(text: string, start: number, width: number): number {
  const hard = start + width;
  const reach = Math.floor(width * WORD_BREAK_REACH);
  for (let at = hard - 1; at > hard - reach; at--) {
    const code = text.charCodeAt(at);
    if (code === 0x20 || code === 0x09) return at + 1;
    if (code === 0x0a) return hard; // never look across a line break
  }
  return hard;
}

export function buildRows(text: string, columns: number): Rows {
  const width = Math.max(8, Math.floor(columns));
  // Lines of narrow text wrap by arithmetic; only a line with a wide character is measured
  // character by character. `nextWide` is where the next wide character is (found lazily).
  let nextWide = -1;
  const findWide = (from: number) => {
    ANY_WIDE.lastIndex = from;
    const match = ANY_WIDE.exec(text);
    nextWide = match ? match.index : text.length;
  };
  findWide(0);
  let capacity = Math.max(16, Math.ceil(text.length / width) + 16);
  let starts = new Int32Array(capacity);
  let lines = new Int32Array(capacity);
  let count = 0;
  const add = (start: number, line: number) => {
    if (count === capacity) {
      capacity *= 2;
      const s = new Int32Array(capacity);
      s.set(starts);
      starts = s;
      const l = new Int32Array(capacity);
      l.set(lines);
      lines = l;
    }
    starts[count] = start;
    lines[count] = line;
    count++;
  };
  let lineStart = 0;
  let line = 1;
  for (;;) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    add(lineStart, line);
    if (nextWide < lineStart) findWide(lineStart);
    if (nextWide >= lineEnd) {
      for (let at = breakAt(text, lineStart, width); at < lineEnd; at = breakAt(text, at, width)) add(at, 0);
    } else {
      let used = 0;
      for (let at = lineStart; at < lineEnd; at++) {
        const code = text.charCodeAt(at);
        if (code >= 0xdc00 && code <= 0xdfff) continue; // the second half of a pair: counted with the first
        const cells = isWide(code) ? 2 : 1;
        if (used + cells > width) {
          add(at, 0);
          used = 0;
        }
        used += cells;
      }
    }
    if (newline < 0) break;
    lineStart = newline + 1;
    line++;
  }
  return { starts: starts.subarray(0, count), lines: lines.subarray(0, count), count, length: text.length };
}

/** [start, end) of row `index`, without its line break. */
export function rowRange(rows: Rows, text: string, index: number): [number, number] {
  const start = rows.starts[index];
  let end = index + 1 < rows.count ? rows.starts[index + 1] : rows.length;
  if (end > start && text.charCodeAt(end - 1) === 0x0a) end--;
  return [start, end];
}

/** The row containing `offset`. */
export function rowAt(rows: Rows, offset: number): number {
  let lo = 0;
  let hi = rows.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (rows.starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
