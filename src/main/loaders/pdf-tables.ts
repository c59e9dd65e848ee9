// Tables from positioned text, where the layout is clear: consecutive lines made of several
// segments (runs of text separated by a gap much wider than a space) whose segments fall into the
// same columns. Rows are told apart by vertical gaps wider than a line's pitch, so a cell of
// several lines stays one cell; columns are the x-ranges that the segments of all rows overlap.
// What does not look like a grid (two-column body text, a single row) stays text.

export interface Segment {
  text: string;
  x: number;
  right: number;
  bold: boolean;
}

export interface TableLine {
  y: number;
  size: number;
  segments: Segment[];
}

export interface TableCell {
  text: string;
  bold: boolean;
}

export interface FoundTable {
  /** Lines [start, end) of the page's lines. */
  start: number;
  end: number;
  rows: TableCell[][];
}

/** A line without a second segment belongs to a table only this close to the line before it (in sizes). */
const CONTINUATION_GAP = 1.8;
/** Between two rows, baselines are further apart than within a cell of several lines (in sizes). */
const ROW_GAP = 1.3;
/** Cells of a table are short; body text set in two columns is not a table. */
const MAX_MEDIAN_CELL_CHARS = 40;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
}

/** The columns: x-ranges merged wherever segments overlap. */
function columnsOf(lines: readonly TableLine[]): Array<[number, number]> {
  const spans = lines.flatMap((line) => line.segments.map((s): [number, number] => [s.x, s.right])).sort((a, b) => a[0] - b[0]);
  const columns: Array<[number, number]> = [];
  for (const [x, right] of spans) {
    const last = columns[columns.length - 1];
    if (last !== undefined && x < last[1]) last[1] = Math.max(last[1], right);
    else columns.push([x, right]);
  }
  return columns;
}

/** The table in lines [start, end), or null when they do not form a clear grid. */
function buildTable(lines: readonly TableLine[], start: number, end: number): FoundTable | null {
  const region = lines.slice(start, end);
  const columns = columnsOf(region);
  if (columns.length < 2) return null;
  const segments = region.flatMap((line) => line.segments.map((segment) => ({ segment, y: line.y, size: line.size })));
  if (median(segments.map((s) => s.segment.text.length)) > MAX_MEDIAN_CELL_CHARS) return null;
  segments.sort((a, b) => b.y - a.y || a.segment.x - b.segment.x);
  const rows: Array<typeof segments> = [];
  for (const entry of segments) {
    const row = rows[rows.length - 1];
    const previousY = row?.[row.length - 1].y;
    if (row !== undefined && previousY !== undefined && previousY - entry.y <= ROW_GAP * entry.size) row.push(entry);
    else rows.push([entry]);
  }
  if (rows.length < 2) return null;
  const table: TableCell[][] = rows.map((row) =>
    columns.map(([x, right]) => {
      const inside = row.filter(({ segment }) => segment.x >= x && segment.right <= right + 0.5);
      return { text: inside.map(({ segment }) => segment.text).join(' ').replace(/\s+/g, ' ').trim(), bold: inside.length > 0 && inside.every(({ segment }) => segment.bold) };
    }),
  );
  // A grid: most rows fill two columns or more.
  const filled = table.filter((row) => row.filter((cell) => cell.text !== '').length >= 2).length;
  if (filled < 2 || filled < table.length / 2) return null;
  return { start, end, rows: table };
}

/**
 * A line of one segment (`candidate`) belongs to the table of lines [from, to) when it lies close
 * to its neighbour in the table and stays within one of the table's columns: a second line of a
 * cell, a header cell set on two lines. A line of running text crosses them all.
 */
function continuesTable(lines: readonly TableLine[], from: number, to: number, candidate: number, neighbour: number): boolean {
  const line = lines[candidate];
  if (line.segments.length !== 1) return false;
  const next = lines[neighbour];
  const close = Math.abs(next.y - line.y) <= CONTINUATION_GAP * Math.max(line.size, next.size);
  if (!close && !sharesBaseline(lines, candidate)) return false;
  const segment = line.segments[0];
  const crossed = columnsOf(lines.slice(from, to)).filter(([x, right]) => segment.x < right && segment.right > x).length;
  return crossed <= 1;
}

/** How far (in lines) a row's other cells may be written after one of its cells. */
const ROW_SPREAD = 4;

/**
 * Another line nearby stands on the same baseline beside it: one row whose cells were written out
 * of order (a cell of several lines in between), so the line is a cell, not running text.
 */
function sharesBaseline(lines: readonly TableLine[], index: number): boolean {
  const line = lines[index];
  const segment = line.segments[0];
  for (let i = Math.max(0, index - ROW_SPREAD); i <= Math.min(lines.length - 1, index + ROW_SPREAD); i++) {
    if (i === index || Math.abs(lines[i].y - line.y) > 0.5) continue;
    if (lines[i].segments.every((other) => other.right <= segment.x || other.x >= segment.right)) return true;
  }
  return false;
}

/** The tables among a page's lines (in reading order), each with the lines it spans. */
export function findTables(lines: readonly TableLine[]): FoundTable[] {
  const tables: FoundTable[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].segments.length < 2) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < lines.length) {
      const line = lines[end];
      if (line.segments.length >= 2) {
        end++;
        continue;
      }
      if (!continuesTable(lines, i, end, end, end - 1)) break;
      end++;
    }
    // Lines before the first of several segments may belong to it too (a header cell on two lines).
    let start = i;
    while (start > 0 && continuesTable(lines, i, end, start - 1, start)) start--;
    const table = buildTable(lines, start, end);
    if (table !== null) {
      tables.push(table);
      i = end;
    } else i++;
  }
  return tables;
}
