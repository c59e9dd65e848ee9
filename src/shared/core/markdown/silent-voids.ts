// Empty elements that write nothing in Markdown (<source>, <track>, <wbr>, an image without a
// source, form inputs other than task-list boxes) are taken out before turndown runs. Turndown keeps
// the white space around empty elements, so the ten <source>s of a <picture> left eleven spaces
// before its image: at the start of a line after a blank one, an indented code block.
import { type ChildNode, collectElements, type Element, ELEMENT_NODE, type ParentNode, replaceChildren, TEXT_NODE, type Text } from '../dom/nodes';

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
  for (const parent of parents) dropAndJoin(parent);
  return count;
}

/**
 * Drops the silent children of `parent` and joins the text nodes that become neighbours: turndown
 * collapses white space node by node, and after an image it keeps each blank node's space.
 */
function dropAndJoin(parent: ParentNode): void {
  const kept: ChildNode[] = [];
  for (const child of parent.childNodes) {
    const previous = kept[kept.length - 1];
    if (child.nodeType === ELEMENT_NODE && isSilent(child as Element)) continue;
    if (child.nodeType === TEXT_NODE && previous !== undefined && previous.nodeType === TEXT_NODE) {
      (previous as Text).data += (child as Text).data;
      continue;
    }
    kept.push(child);
  }
  const stays = new Set(kept);
  for (const child of parent.childNodes) {
    if (stays.has(child)) continue;
    child.parentNode = null;
    child.previousSibling = null;
    child.nextSibling = null;
  }
  replaceChildren(parent, kept);
}
