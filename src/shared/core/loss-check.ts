// The loss check: counts what carries content in the cleaned DOM (headings, table cells, list items,
// code blocks, images, links) and the same things in the Markdown, and warns when the Markdown has
// fewer. Counted on the DOM is only what the converter promises to keep as such: cells of data
// tables (layout tables become blocks, see tables.ts); headings, list items and code blocks outside
// the places that hold a single line (data-table cells and headings); and headings, items and
// links that have text.
import { ELEMENT_NODE, type Element, type Node, numberElements, type ParentNode, TEXT_NODE, type Text } from './dom/nodes';
import { HEADING_TAGS } from './html/blocks';
import { classifyTable, rowCells, tableRows } from './html/tables';
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

const HAS_TEXT = 1;
const HAS_IMAGE = 2;

function isImageWithSource(el: Element): boolean {
  return el.localName === 'img' && (el.getAttribute('src') ?? '') !== '';
}

/**
 * Whether each element holds text and whether it holds an image, for all elements in one pass from
 * the leaves up: asking each element separately would be quadratic on deeply nested pages.
 */
/** Per element under `root` (indexed by `order`, as `numberElements` sets it): HAS_TEXT and HAS_IMAGE. */
function contentFlags(elements: readonly Element[]): Uint8Array {
  const flags = new Uint8Array(elements.length);
  for (let i = elements.length - 1; i >= 0; i--) {
    let own = 0;
    for (const child of elements[i].childNodes) {
      if (child.nodeType === TEXT_NODE) {
        if (/\S/.test((child as Text).data)) own |= HAS_TEXT;
      } else if (child.nodeType === ELEMENT_NODE) {
        own |= flags[(child as Element).order] | (isImageWithSource(child as Element) ? HAS_IMAGE : 0);
      }
    }
    flags[i] = own;
  }
  return flags;
}

/**
 * Counts content in the cleaned DOM under `root`; also returns how many elements it holds.
 * Content nested deeper than `maxDepth` below <body> is not counted: the Markdown stage flattens it
 * (and says so in its own warning).
 */
export function countDomContent(root: ParentNode, maxDepth = Infinity): { counts: ContentCounts; elements: number } {
  const counts = zeroCounts();
  const elements = numberElements(root);
  const flags = contentFlags(elements);
  const hasText = (el: Element) => (flags[el.order] & HAS_TEXT) !== 0;
  const hasTextOrImage = (el: Element) => flags[el.order] !== 0;
  // Parallel stacks (no allocation per node): a node, whether it stands where one line is kept (a
  // data-table cell, a heading), whether its nearest table is a data table, and its depth.
  const nodes: Node[] = [root];
  const inLines: boolean[] = [false];
  const inDataTables: boolean[] = [false];
  const depths: number[] = [-Infinity];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const inLine = inLines.pop()!;
    const inDataTable = inDataTables.pop()!;
    const depth = depths.pop()!;
    if (depth > maxDepth) continue;
    let childInLine = inLine;
    let childInDataTable = inDataTable;
    if (node.nodeType === ELEMENT_NODE) {
      const el = node as Element;
      const tag = el.localName;
      if (HEADING_TAGS.has(tag)) {
        if (!inLine && hasText(el)) counts.headings++;
        childInLine = true;
        // Notes (`[^1]: …`) and footnote references (`[^1]`) are neither list items nor links in Markdown.
      } else if (tag === 'li' && !inLine && hasTextOrImage(el) && !el.hasAttribute('data-footnote')) counts.listItems++;
      else if (tag === 'pre' && !inLine && hasText(el)) counts.codeBlocks++;
      else if (isImageWithSource(el)) counts.images++;
      else if (tag === 'a' && (el.getAttribute('href') ?? '') !== '' && hasTextOrImage(el) && !el.hasAttribute('data-footnote-ref')) counts.links++;
      else if (tag === 'table') {
        childInDataTable = !inLine && classifyTable(el, hasTextOrImage) === 'data';
        if (childInDataTable) counts.tableCells += tableRows(el).reduce((sum, row) => sum + rowCells(row).length, 0);
      } else if ((tag === 'td' || tag === 'th') && inDataTable) childInLine = true;
    }
    if (node.nodeType === ELEMENT_NODE || node === root) {
      const isBody = node.nodeType === ELEMENT_NODE && (node as Element).localName === 'body';
      const childDepth = isBody ? 1 : depth + 1;
      const kids = (node as ParentNode).childNodes;
      for (let i = kids.length - 1; i >= 0; i--) {
        nodes.push(kids[i]);
        inLines.push(childInLine);
        inDataTables.push(childInDataTable);
        depths.push(childDepth);
      }
    }
  }
  return { counts, elements: elements.length };
}

const FENCE = /^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+|>\s?)*(`{3,}|~{3,})/;
const HEADING = /^\s*(?:(?:>\s?)|(?:[-*+]|\d{1,9}[.)])\s+)*#{1,6}(?:\s|$)/;
// A line can open several items at once: `- - x` is an item whose first block is a list.
// (Indentation and quote marks as one character class: `\s*(?:>\s?)*\s*` took time quadratic in a
// line of spaces, trying every way to split it between the two `\s*`.)
const LIST_MARKERS = /^[ \t>]*((?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))+)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const DELIMITER_ROW = /^\s*\|(?:\s*:?-+:?\s*\|)+\s*$/;
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
    const images = countImages(line);
    counts.images += images;
    counts.links += (line.match(LINK_OR_IMAGE_END)?.length ?? 0) - images;
  }
  return counts;
}

/**
 * Images on a line: `](` closing a bracket that `![` opened, with no unescaped `]` between. One
 * pass (a pattern tried from every `![` scanned the rest of the line from each).
 */
function countImages(line: string): number {
  let images = 0;
  let openedImage = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') i++;
    else if (c === '[' && i > 0 && line[i - 1] === '!') openedImage = true;
    else if (c === ']') {
      if (openedImage && line[i + 1] === '(') images++;
      openedImage = false;
    }
  }
  return images;
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
