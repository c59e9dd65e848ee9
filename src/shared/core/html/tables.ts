// Tables, as cleaning and Markdown both read them: a table's own rows and cells, and what kind of
// table it is — data (a grid worth a GFM table), layout (boxes around content), or empty.
import type { Element } from '../dom/nodes';
import { ELEMENT_NODE, hasContent } from '../dom/nodes';
import { findDescendant, hasToken } from '../dom/query';
import { HEADING_TAGS } from './blocks';

export type TableKind = 'data' | 'layout' | 'empty';

/** A table's row groups, and its cells. */
export const SECTION_TAGS: ReadonlySet<string> = new Set(['thead', 'tbody', 'tfoot']);
export const CELL_TAGS: ReadonlySet<string> = new Set(['td', 'th']);
const IMAGES = new Set(['img']);
function childElements(el: Element, names: ReadonlySet<string> | string): Element[] {
  const out: Element[] = [];
  for (const child of el.childNodes) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    const name = (child as Element).localName;
    if (typeof names === 'string' ? name === names : names.has(name)) out.push(child as Element);
  }
  return out;
}

/** The table's own rows (not those of nested tables), <thead> rows first as browsers draw them. */
export function tableRows(table: Element): Element[] {
  const head: Element[] = [];
  const body: Element[] = [];
  const foot: Element[] = [];
  for (const child of table.childNodes) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    const el = child as Element;
    if (el.localName === 'tr') body.push(el);
    else if (el.localName === 'thead') head.push(...childElements(el, 'tr'));
    else if (el.localName === 'tfoot') foot.push(...childElements(el, 'tr'));
    else if (SECTION_TAGS.has(el.localName)) body.push(...childElements(el, 'tr'));
  }
  return [...head, ...body, ...foot];
}

export function rowCells(row: Element): Element[] {
  return childElements(row, CELL_TAGS);
}

/** `holdsContent` answers whether a cell holds text or an image (callers with precomputed answers pass theirs). */
export function classifyTable(table: Element, holdsContent: (cell: Element) => boolean = (cell) => hasContent(cell, IMAGES)): TableKind {
  const rows = tableRows(table);
  const cells = rows.flatMap(rowCells);
  if (cells.length === 0 || !cells.some(holdsContent)) {
    return 'empty';
  }
  const role = table.getAttribute('role');
  if (role !== null && (hasToken(table, 'role', 'presentation') || hasToken(table, 'role', 'none'))) return 'layout';
  // One cell is a box around content, unless it is a header cell: then it is a one-column table's header.
  if (cells.length === 1 && cells[0].localName !== 'th') return 'layout';
  const layoutInside = (d: Element) => d.localName === 'table' || HEADING_TAGS.has(d.localName);
  return cells.some((cell) => findDescendant(cell, layoutInside) !== null) ? 'layout' : 'data';
}
