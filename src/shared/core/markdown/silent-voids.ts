// Empty elements that write nothing in Markdown (<source>, <track>, <wbr>, an image without a
// source, form inputs other than task-list boxes) are taken out before turndown runs. Turndown keeps
// the white space around empty elements, so the ten <source>s of a <picture> left eleven spaces
// before its image: at the start of a line after a blank one, an indented code block.
import { type ChildNode, collectElements, DROP, type Element, ELEMENT_NODE, KEEP, type ParentNode, rewriteChildren } from '../dom/nodes';

const SILENT = new Set(['source', 'track', 'param', 'wbr', 'area', 'base', 'link', 'meta', 'keygen', 'command']);

function isSilent(el: Element): boolean {
  if (SILENT.has(el.localName)) return true;
  if (el.localName === 'img') return (el.getAttribute('src') ?? '').trim() === '';
  if (el.localName === 'input') return (el.getAttribute('type') ?? '').trim().toLowerCase() !== 'checkbox';
  return false;
}

/** Removes the silent empty elements under `root`; returns how many. */
export function dropSilentVoids(root: ParentNode): number {
  const parents = new Set<ParentNode>();
  let count = 0;
  for (const el of collectElements(root)) {
    if (isSilent(el) && el.parentNode !== null) {
      parents.add(el.parentNode);
      count++;
    }
  }
  const fate = (child: ChildNode) => (child.nodeType === ELEMENT_NODE && isSilent(child as Element) ? DROP : KEEP);
  for (const parent of parents) rewriteChildren(parent, fate);
  return count;
}
