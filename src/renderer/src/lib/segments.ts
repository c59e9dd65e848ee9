// What one display row shows: its text cut into segments, each with a syntax kind and, where a
// removed (or kept) element covers it, that mark. Marks are made disjoint first (an element
// inside a removed one is shown as part of the outer), so a row finds its marks by binary search.
import { Kind, tokenAt, type Tokens } from './tokens';

export interface Mark {
  start: number;
  end: number;
  /** What the mark means: `removed`, `kept`, … (a CSS class). */
  tone: string;
  /** Identifies the element (its removal path), for clicks. */
  id: string;
}

export interface Segment {
  start: number;
  end: number;
  kind: number;
  /** Index into the marks array, or -1. */
  mark: number;
}

/** Sorted by start, outer elements kept, anything overlapping an earlier mark dropped. */
export function disjointMarks(marks: readonly Mark[]): Mark[] {
  const sorted = marks.filter((m) => m.end > m.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Mark[] = [];
  for (const mark of sorted) {
    const last = out[out.length - 1];
    if (last && mark.start < last.end) continue;
    out.push(mark);
  }
  return out;
}

/** Index of the first mark that ends after `offset`. */
function firstMarkEndingAfter(marks: readonly Mark[], offset: number): number {
  let lo = 0;
  let hi = marks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (marks[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function segmentRow(start: number, end: number, tokens: Tokens | null, marks: readonly Mark[]): Segment[] {
  if (end <= start) return [];
  // Cut points: token boundaries and mark boundaries inside the row.
  const cuts: Array<{ at: number; kind?: number; mark?: number }> = [];
  if (tokens && tokens.count > 0) {
    let t = tokenAt(tokens, start);
    cuts.push({ at: start, kind: tokens.kinds[t] });
    for (t++; t < tokens.count && tokens.starts[t] < end; t++) cuts.push({ at: tokens.starts[t], kind: tokens.kinds[t] });
  } else {
    cuts.push({ at: start, kind: Kind.Text });
  }
  let m = firstMarkEndingAfter(marks, start);
  let markCuts: Array<{ at: number; mark: number }> = [];
  for (; m < marks.length && marks[m].start < end; m++) {
    markCuts.push({ at: Math.max(start, marks[m].start), mark: m });
    if (marks[m].end < end) markCuts.push({ at: marks[m].end, mark: -1 });
  }
  if (markCuts.length === 0 || markCuts[0].at > start) markCuts = [{ at: start, mark: -1 }, ...markCuts];

  // Merge the two sorted lists of cuts into segments.
  const segments: Segment[] = [];
  let ti = 0;
  let mi = 0;
  let kind: number = Kind.Text;
  let mark = -1;
  let at = start;
  while (at < end) {
    while (ti < cuts.length && cuts[ti].at <= at) kind = cuts[ti++].kind!;
    while (mi < markCuts.length && markCuts[mi].at <= at) mark = markCuts[mi++].mark;
    const next = Math.min(ti < cuts.length ? cuts[ti].at : end, mi < markCuts.length ? markCuts[mi].at : end, end);
    const last = segments[segments.length - 1];
    if (last && last.kind === kind && last.mark === mark) last.end = next;
    else segments.push({ start: at, end: next, kind, mark });
    at = next;
  }
  return segments;
}

/** `mark` on top of disjoint `marks`: any mark it overlaps is cut around it, so it shows whole. */
export function overlayMark(marks: readonly Mark[], mark: Mark): Mark[] {
  const out: Mark[] = [];
  for (const other of marks) {
    if (other.end <= mark.start || other.start >= mark.end) {
      out.push(other);
      continue;
    }
    if (other.start < mark.start) out.push({ ...other, end: mark.start });
    if (other.end > mark.end) out.push({ ...other, start: mark.end });
  }
  out.push(mark);
  return out.sort((a, b) => a.start - b.start);
}
