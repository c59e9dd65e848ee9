// Plain-text tables for the terminal (and for pasting into the README as-is).

export type Cell = string | number;
export type Align = 'left' | 'right';

export interface TableOptions {
  /** Per column; numbers default to right, text to left. */
  align?: readonly Align[];
}

export function formatTable(header: readonly string[], rows: readonly (readonly Cell[])[], options: TableOptions = {}): string {
  const text = rows.map((row) => row.map((cell) => String(cell)));
  const widths = header.map((title, column) => Math.max(title.length, ...text.map((row) => (row[column] ?? '').length)));
  const alignOf = (column: number): Align =>
    options.align?.[column] ?? (rows.length > 0 && typeof rows[0][column] === 'number' ? 'right' : 'left');
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (alignOf(column) === 'right' ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...text.map(line)].join('\n');
}

export function fixed(value: number, digits = 3): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}

export function percent(part: number, whole: number, digits = 1): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(digits)}%` : '—';
}
