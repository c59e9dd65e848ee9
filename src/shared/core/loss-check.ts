// The loss check: counts what carries content in the cleaned DOM (headings, table cells, list items,
// code blocks, images, links) and the same things in the Markdown, and warns when the Markdown has
// fewer. Counted on the DOM is only what the converter promises to keep as such: cells of data
// tables (layout tables become blocks, see tables.ts); headings, list items and code blocks outside
// the places that hold a single line (data-table cells and headings); and headings, items and
// links that have text.
import { ELEMENT_NODE, type Element, hasContent, type Node, type ParentNode } from './dom/nodes';
import { HEADING_TAGS } from './markdown/blocks';
import { classifyTable, rowCells, tableRows } from './markdown/tables';
import type { LossCount, LossKind, Warning } from './types';

export type ContentCounts = Record<LossKind, number>;

export const LOSS_KINDS: readonly LossKind[] = ['headings', 'tableCells', 'listItems', 'codeBlocks', 'images', 'links'];

const LABELS: Record<LossKind, string> = {
  headings: 'headings',
  tableCells: 'table cells',
  listItems: 'list items',
  codeBlocks: 'code blocks',
  images: 'images',
  links: 'links',
};

export function zeroCounts(): ContentCounts {
  return { headings: 0, tableCells: 0, listItems: 0, codeBlocks: 0, images: 0, links: 0 };
}

function hasText(el: Element): boolean {
  return hasContent(el);
}

function hasImage(el: Element): boolean {
  return el.getElementsByTagName('img').some((img) => (img.getAttribute('src') ?? '') !== '');
}

/** Counts content in the cleaned DOM under `root`; also returns how many elements it holds. */
export function countDomContent(root: ParentNode): { counts: ContentCounts; elements: number } {
  const counts = zeroCounts();
  let elements = 0;
  // Frames: a node, whether it stands where one line is kept (a data-table cell, a heading), and
  // whether its nearest table is a data table.
  const stack: Array<[Node, boolean, boolean]> = [[root, false, false]];
  while (stack.length > 0) {
    const [node, inLine, inDataTable] = stack.pop()!;
    let childInLine = inLine;
    let childInDataTable = inDataTable;
    if (node.nodeType === ELEMENT_NODE) {
      const el = node as Element;
      elements++;
      const tag = el.localName;
      if (HEADING_TAGS.has(tag)) {
        if (!inLine && hasText(el)) counts.headings++;
        childInLine = true;
      } else if (tag === 'li' && !inLine && (hasText(el) || hasImage(el))) counts.listItems++;
      else if (tag === 'pre' && !inLine && hasText(el)) counts.codeBlocks++;
      else if (tag === 'img' && (el.getAttribute('src') ?? '') !== '') counts.images++;
      else if (tag === 'a' && (el.getAttribute('href') ?? '') !== '' && (hasText(el) || hasImage(el))) counts.links++;
      else if (tag === 'table') {
        childInDataTable = !inLine && classifyTable(el) === 'data';
        if (childInDataTable) counts.tableCells += tableRows(el).reduce((sum, row) => sum + rowCells(row).length, 0);
      } else if ((tag === 'td' || tag === 'th') && inDataTable) childInLine = true;
    }
    if (node.nodeType === ELEMENT_NODE || node === root) {
      const kids = (node as ParentNode).childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], childInLine, childInDataTable]);
    }
  }
  return { counts, elements };
}

const FENCE = /^\s{0,3}(?:>\s?)*\s*(`{3,}|~{3,})/;
const HEADING = /^\s*(?:(?:>\s?)|(?:[-*+]|\d{1,9}[.)])\s+)*#{1,6}(?:\s|$)/;
// A line can open several items at once: `- - x` is an item whose first block is a list.
const LIST_MARKERS = /^\s*(?:>\s?)*\s*((?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))+)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const DELIMITER_ROW = /^\s*\|(?:\s*:?-+:?\s*\|)+\s*$/;
const IMAGE = /!\[(?:[^\]\\]|\\.)*\]\(/g;
const LINK_OR_IMAGE_END = /(?<!\\)\]\(/g;

/** Counts the same things in Markdown, by lines outside fenced code. */
export function countMarkdownContent(markdown: string): ContentCounts {
  const counts = zeroCounts();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opener = FENCE.exec(line);
    if (fence !== null) {
      if (opener !== null && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null;
      continue;
    }
    if (opener !== null) {
      fence = opener[1];
      counts.codeBlocks++;
      continue;
    }
    if (HEADING.test(line)) counts.headings++;
    const markers = LIST_MARKERS.exec(line);
    if (markers !== null) counts.listItems += markers[1].trim().split(/[ \t]+/).length;
    if (TABLE_ROW.test(line) && !DELIMITER_ROW.test(line)) {
      counts.tableCells += (line.trim().match(/(?<!\\)\|/g)?.length ?? 1) - 1;
    }
    const images = line.match(IMAGE)?.length ?? 0;
    counts.images += images;
    counts.links += (line.match(LINK_OR_IMAGE_END)?.length ?? 0) - images;
  }
  return counts;
}

export function compareCounts(dom: ContentCounts, markdown: ContentCounts): { loss: Record<LossKind, LossCount>; warnings: Warning[] } {
  const loss = {} as Record<LossKind, LossCount>;
  const warnings: Warning[] = [];
  for (const kind of LOSS_KINDS) {
    loss[kind] = { dom: dom[kind], markdown: markdown[kind] };
    if (markdown[kind] < dom[kind]) {
      warnings.push({
        code: 'loss',
        message: `the Markdown has ${markdown[kind]} of the ${dom[kind]} ${LABELS[kind]} in the cleaned page`,
      });
    }
  }
  return { loss, warnings };
}
