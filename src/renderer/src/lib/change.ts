// What changed between two versions of a text (the Markdown before and after a keep): the span
// of the new text that differs, found from both ends. Enough to scroll to and flash the block a
// keep brought back; not a diff.

export interface Span {
  start: number;
  end: number;
}

/** The part of `after` that differs from `before` (empty, at the cut, when text was only removed). */
export function changedSpan(before: string, after: string): Span | null {
  if (before === after) return null;
  const limit = Math.min(before.length, after.length);
  let start = 0;
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < limit - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { start, end: after.length - tail };
}

/** The span without the blank lines at its ends, widened to whole lines (a block starts and ends at a line break). */
export function wholeLines(text: string, span: Span): Span {
  let from = span.start;
  let to = span.end;
  while (from < to && /\s/.test(text[from])) from++;
  while (to > from && /\s/.test(text[to - 1])) to--;
  if (from === to) return { start: from, end: from };
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const endBreak = text.indexOf('\n', to - 1);
  return { start, end: endBreak < 0 ? text.length : endBreak };
}
