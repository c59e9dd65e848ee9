// Some pages render their text with a script and give readers without scripts the same text in a
// <noscript> beside it: Blogger's templates for Google's blogs put each post in a
// `<script type="text/template">` and a `<noscript>` copy, and nothing else. A fetched page runs no
// script, so that copy is all a reader gets; cleaning removes every <noscript> (it is fallback
// markup), so before it does, such a fallback is put in the page in place of its <noscript>.
// Only a text stands in: several paragraphs, where the page shows nothing else. The one-line
// "Please enable JavaScript" notices and the tracking pixels stay fallback markup, and a page that
// shows its text already (rendered in a browser, or written out twice) gets no second copy.
import { parseFragment } from 'parse5';
import type { Budget } from '../budget';
import { type ChildNode, type Element, ELEMENT_NODE, type Node, TEXT_NODE, type Text, textOf } from '../dom/nodes';
import { createTreeAdapter } from '../dom/tree-adapter';

/** Fallback markup longer than this is not read (a long post is a few tens of thousands of characters). */
const MAX_FALLBACK_CHARS = 500_000;
/** A fallback is a text when it holds this many paragraphs with words in them. */
const MIN_PARAGRAPHS = 3;
/** What a reader never sees of a page: a slot holding only these shows nothing. */
const UNSHOWN = new Set(['script', 'style', 'template', 'noscript', 'link', 'meta']);
/** What a reader sees even without text. */
const SHOWN = new Set(['img', 'picture', 'video', 'audio', 'iframe', 'svg', 'canvas', 'object', 'embed']);
/** Past this many nodes, a sibling is taken to show something (a slot for a script is a few elements). */
const MAX_SLOT_NODES = 200;

/** Whether `node` shows nothing to a reader: no text, no image, only whitespace, comments and scripts. */
function showsNothing(node: ChildNode): boolean {
  const stack: Node[] = [node];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen > MAX_SLOT_NODES) return false;
    const current = stack.pop()!;
    if (current.nodeType === TEXT_NODE) {
      if ((current as Text).data.trim() !== '') return false;
      continue;
    }
    if (current.nodeType !== ELEMENT_NODE) continue;
    const el = current as Element;
    if (UNSHOWN.has(el.localName)) continue;
    if (SHOWN.has(el.localName)) return false;
    for (const child of el.childNodes) stack.push(child);
  }
  return true;
}

/** Whether the <noscript> stands alone in its parent: everything beside it shows nothing. */
function standsAlone(noscript: Element): boolean {
  const parent = noscript.parentElement;
  if (parent === null || ['head', 'html'].includes(parent.localName)) return false;
  return parent.childNodes.every((child) => child === noscript || showsNothing(child));
}

/** Paragraphs with words in them, counted up to `enough`. */
function paragraphsIn(nodes: readonly ChildNode[], enough: number): number {
  let paragraphs = 0;
  const stack: ChildNode[] = [...nodes];
  while (stack.length > 0 && paragraphs < enough) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    if (el.localName === 'p') {
      if (textOf(el).trim() !== '') paragraphs++;
      continue;
    }
    for (const child of el.childNodes) stack.push(child);
  }
  return paragraphs;
}

/**
 * Puts each <noscript> that holds the page's text, and stands where the page shows nothing else,
 * in the page as the markup it holds; returns how many it replaced. The fallback's nodes count
 * against the page's budget like the page's own.
 */
export function rescueNoscriptContent(noscripts: readonly Element[], budget: Budget | null): number {
  let rescued = 0;
  for (const noscript of noscripts) {
    const parent = noscript.parentNode;
    if (parent === null || !standsAlone(noscript)) continue;
    const markup = textOf(noscript);
    if (markup.length > MAX_FALLBACK_CHARS || !/<p[\s>]/i.test(markup)) continue;
    const fragment = parseFragment(markup, { treeAdapter: createTreeAdapter(budget) });
    const content = fragment.childNodes as ChildNode[];
    if (paragraphsIn(content, MIN_PARAGRAPHS) < MIN_PARAGRAPHS) continue;
    fragment.childNodes = [];
    for (const node of content) {
      node.parentNode = null;
      parent.insertBefore(node, noscript);
    }
    parent.removeChild(noscript);
    rescued++;
  }
  return rescued;
}
