// Tables, replacing turndown-plugin-gfm's (which keeps tables without a <th> row as raw HTML, throws
// on an empty <table>, and leaves `|` and line breaks in cells to break the row).
//
// Policy, for tables GFM cannot express:
// - Layout tables are not data: a table with role=presentation|none, a single cell, a nested table,
//   or a heading in a cell is rendered as its cells' content, block after block, in reading order.
// - Data tables always become GFM tables, never raw HTML:
//   - the header is the first row when it sits in <thead>, holds only <th> cells, or holds only bold
//     cells (`<td><b>Name</b></td>`: a header drawn by hand) while the next row does not; otherwise
//     an empty header row is added (promoting a data row would mislabel key/value tables);
//   - rowspan/colspan are expanded into the grid: the content goes in the top-left position of the
//     span and the positions it covers stay empty, so every row has the same columns;
//   - block content in a cell (paragraphs, lists, <br>) is joined on one line with `<br>`, and `|` is escaped;
//   - a <caption> becomes a paragraph above the table.
import type { Element, Node, Text } from '../dom/nodes';
import { ELEMENT_NODE, TEXT_NODE } from '../dom/nodes';
import { CELL_TAGS, classifyTable, rowCells, SECTION_TAGS, tableRows } from '../html/tables';
import { INERT_LINE_BREAK } from './inert-html';
import type { MarkdownRule } from './rule';

const MAX_COLSPAN = 1000;
const MAX_ROWSPAN = 65534;
/**
 * Spans are expanded only while the grid stays within a few times the cells the table really has
 * (or small anyway): a hostile table asks for billions of positions with a handful of cells.
 */
function spansAffordable(positions: number, cells: number): boolean {
  return positions <= Math.max(10_000, 4 * cells);
}

function span(cell: Element, attribute: string, max: number): number {
  if (max === 1) return 1;
  const value = Number.parseInt(cell.getAttribute(attribute) ?? '1', 10);
  return Number.isFinite(value) && value >= 1 ? Math.min(value, max) : 1;
}

/** The cell grid with spans expanded: each position holds its cell on the span's first position, else null. */
function buildGrid(rows: Element[]): Array<Array<Element | null>> {
  const widest = rows.reduce((most, row) => Math.max(most, rowCells(row).reduce((sum, cell) => sum + span(cell, 'colspan', MAX_COLSPAN), 0)), 0);
  const expand = spansAffordable(widest * rows.length, rows.reduce((sum, row) => sum + rowCells(row).length, 0));
  const grid: Array<Array<Element | null | undefined>> = rows.map(() => []);
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of rowCells(row)) {
      while (grid[r][c] !== undefined) c++;
      const cols = span(cell, 'colspan', expand ? MAX_COLSPAN : 1);
      const rowsSpanned = Math.min(span(cell, 'rowspan', expand ? MAX_ROWSPAN : 1), rows.length - r);
      for (let dr = 0; dr < rowsSpanned; dr++) {
        for (let dc = 0; dc < cols; dc++) grid[r + dr][c + dc] = dr === 0 && dc === 0 ? cell : null;
      }
      c += cols;
    }
  });
  const width = grid.reduce((most, row) => Math.max(most, row.length), 0);
  return grid.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? null));
}

/** One cell's Markdown on one line: line breaks become <br>, pipes are escaped. */
function cellLine(markdown: string): string {
  return escapePipes(joinCellLines(markdown.trim()));
}

/** Line breaks (and the spaces and tabs around them) as one `<br>`: a row is one line. */
function joinCellLines(text: string): string {
  if (!text.includes('\n')) return text;
  const lines = text.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = trimSpacesAndTabs(lines[i], i > 0, i < lines.length - 1);
    // A line of only spaces between two breaks made a break of its own; an empty one did not.
    if (lines[i] !== '' || i === 0 || i === lines.length - 1) kept.push(line);
  }
  return kept.join(LINE_BREAK);
}

const LINE_BREAK = INERT_LINE_BREAK;

function trimSpacesAndTabs(text: string, start: boolean, end: boolean): string {
  let from = 0;
  let to = text.length;
  const blank = (code: number) => code === 0x20 || code === 0x09;
  if (start) while (from < to && blank(text.charCodeAt(from))) from++;
  if (end) while (to > from && blank(text.charCodeAt(to - 1))) to--;
  return text.slice(from, to);
}

/** Each pipe not escaped already gets a backslash (an odd run of backslashes before it escapes it). */
function escapePipes(text: string): string {
  if (!text.includes('|')) return text;
  let out = '';
  let slashes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '|' && slashes % 2 === 0) out += '\\';
    slashes = c === '\\' ? slashes + 1 : 0;
    out += c;
  }
  return out;
}

function alignment(cell: Element | null): string {
  if (cell === null) return '---';
  const style = cell.getAttribute('style') ?? '';
  const align = (cell.getAttribute('align') ?? /text-align\s*:\s*(left|right|center)/i.exec(style)?.[1] ?? '').toLowerCase();
  return align === 'center' ? ':---:' : align === 'right' ? '---:' : align === 'left' ? ':---' : '---';
}

function isHeaderRow(row: Element): boolean {
  if (row.parentNode?.nodeType === ELEMENT_NODE && (row.parentNode as Element).localName === 'thead') return true;
  const cells = rowCells(row);
  return cells.length > 0 && cells.every((cell) => cell.localName === 'th');
}

const BOLD = new Set(['b', 'strong']);

/** 'bold' when all its text is bold, 'empty' without text, else 'plain'. */
function cellWeight(cell: Element): 'bold' | 'empty' | 'plain' {
  let sawText = false;
  const stack: Array<{ node: Node; bold: boolean }> = cell.childNodes.map((node) => ({ node, bold: false }));
  while (stack.length > 0) {
    const { node, bold } = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      if ((node as Text).data.trim() === '') continue;
      if (!bold) return 'plain';
      sawText = true;
    } else if (node.nodeType === ELEMENT_NODE) {
      const el = node as Element;
      if (el.localName === 'img') return 'plain';
      const inner = bold || BOLD.has(el.localName);
      for (const child of el.childNodes) stack.push({ node: child, bold: inner });
    }
  }
  return sawText ? 'bold' : 'empty';
}

/** Every cell with text bold (at least one), and the row after it not so: a header set in bold. */
function isBoldHeaderRow(rows: readonly Element[]): boolean {
  const allBold = (row: Element | undefined) => {
    if (row === undefined) return false;
    const weights = rowCells(row).map(cellWeight);
    return weights.includes('bold') && !weights.includes('plain');
  };
  return rows.length > 1 && allBold(rows[0]) && !allBold(rows[1]);
}

/** A promoted header cell's Markdown without the bold that made it one. */
function unbolded(markdown: string): string {
  const match = /^\s*(\*\*|__)([^]*)\1\s*$/.exec(markdown);
  return match !== null && !match[2].includes(match[1]) ? match[2] : markdown;
}

/** Rules for <table> and its parts. Cells hand their Markdown to the table through `contentOf`. */
export function tableRules(): Record<string, MarkdownRule> {
  const contentOf = new WeakMap<Element, string>();
  const captionOf = new WeakMap<Element, string>();

  const renderTable = (table: Element): string => {
    const kind = classifyTable(table);
    const caption = captionOf.get(table)?.trim() ?? '';
    const captionBlock = caption === '' ? '' : `\n\n${caption}\n\n`;
    const rows = tableRows(table);
    if (kind === 'empty') return captionBlock;
    if (kind === 'layout') {
      const blocks = rows.flatMap(rowCells).map((cell) => contentOf.get(cell) ?? '');
      return `${captionBlock}\n\n${blocks.join('\n\n')}\n\n`;
    }
    const grid = buildGrid(rows);
    const width = grid[0]?.length ?? 0;
    if (width === 0) return captionBlock;
    const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
    const text = (row: Array<Element | null>) => row.map((cell) => (cell === null ? '' : cellLine(contentOf.get(cell) ?? '')));
    const boldHeader = !isHeaderRow(rows[0]) && isBoldHeaderRow(rows);
    const hasHeader = boldHeader || isHeaderRow(rows[0]);
    const header = hasHeader ? text(grid[0]).map((cell) => (boldHeader ? unbolded(cell) : cell)) : Array.from({ length: width }, () => '');
    const body = (hasHeader ? grid.slice(1) : grid).map((row) => line(text(row)));
    const delimiter = line((hasHeader ? grid[0] : Array.from({ length: width }, () => null)).map(alignment));
    return `${captionBlock}\n\n${[line(header), delimiter, ...body].join('\n')}\n\n`;
  };

  return {
    table: { tags: ['table'], replacement: (_content, el) => renderTable(el) },
    tableCell: {
      tags: [...CELL_TAGS],
      replacement: (content, el) => {
        contentOf.set(el, content);
        return '';
      },
    },
    tableCaption: {
      tags: ['caption'],
      replacement: (content, el) => {
        if (el.parentNode !== null) captionOf.set(el.parentNode as Element, content);
        return '';
      },
    },
    tableStructure: {
      tags: ['tr', ...SECTION_TAGS, 'colgroup', 'col'],
      replacement: () => '',
    },
  };
}
