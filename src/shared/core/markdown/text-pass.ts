// Prepares every text node outside code before turndown runs:
// - escapes it, knowing what a text node alone cannot tell: whether it may start a line, and
//   whether inline content follows it (turndown's own `escape` sees only the string; ours is set
//   to leave text as this pass wrote it);
// - drops separators standing directly in a list (`<ul><li>a</li>, <li>b</li></ul>`): outside any
//   item they would be glued to the next item's marker (`,- b`) and break the list.
import { COMMENT_NODE, ELEMENT_NODE, type Element, hasContent, type Node, type ParentNode, TEXT_NODE, type Text } from '../dom/nodes';
import { isBlock } from './blocks';
import { escapeMarkdownText } from './escape';

const CODE = new Set(['code', 'pre', 'kbd', 'samp']);
const VOID_WITH_OUTPUT = new Set(['img', 'input']);

export function prepareText(root: ParentNode): void {
  const pending: Array<[Text, string]> = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      const text = node as Text;
      if (isListSeparator(text)) {
        pending.push([text, '']);
        continue;
      }
      const escaped = escapeMarkdownText(text.data, { lineStart: mayStartLine(text, root), followed: isFollowed(text, root) });
      if (escaped !== text.data) pending.push([text, escaped]);
    } else if (node === root || (node.nodeType === ELEMENT_NODE && !CODE.has((node as Element).localName))) {
      const kids = (node as ParentNode).childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  // Written after the walk: every write invalidates cached text, which the walk reads.
  for (const [text, escaped] of pending) text.data = escaped;
}

const LISTS = new Set(['ul', 'ol']);

function isListSeparator(text: Text): boolean {
  const parent = text.parentNode;
  return parent !== null && parent.nodeType === ELEMENT_NODE && LISTS.has((parent as Element).localName) && /^[\s\p{P}\p{S}]*$/u.test(text.data);
}

/** True when the node renders nothing: comments, blank text, and inline elements with neither text nor images. */
function rendersNothing(node: Node): boolean {
  if (node.nodeType === COMMENT_NODE) return true;
  if (node.nodeType === TEXT_NODE) return (node as Text).data.trim() === '';
  if (node.nodeType !== ELEMENT_NODE) return true;
  const el = node as Element;
  if (isBlock(el) || el.localName === 'br' || VOID_WITH_OUTPUT.has(el.localName)) return false;
  return !hasContent(el, VOID_WITH_OUTPUT);
}

function mayStartLine(text: Text, root: ParentNode): boolean {
  let node: Node = text;
  for (;;) {
    let previous = node.previousSibling;
    while (previous !== null && rendersNothing(previous)) previous = previous.previousSibling;
    if (previous !== null) {
      return previous.nodeType === ELEMENT_NODE && (isBlock(previous as Element) || (previous as Element).localName === 'br');
    }
    const parent = node.parentNode;
    if (parent === null || parent === root || parent.nodeType !== ELEMENT_NODE || isBlock(parent as Element)) return true;
    node = parent;
  }
}

function isFollowed(text: Text, root: ParentNode): boolean {
  let node: Node = text;
  for (;;) {
    let next = node.nextSibling;
    while (next !== null && rendersNothing(next)) next = next.nextSibling;
    if (next !== null) {
      return !(next.nodeType === ELEMENT_NODE && (isBlock(next as Element) || (next as Element).localName === 'br'));
    }
    const parent = node.parentNode;
    if (parent === null || parent === root || parent.nodeType !== ELEMENT_NODE || isBlock(parent as Element)) return false;
    // The end of a link's text is followed by the `]` of its syntax.
    if ((parent as Element).localName === 'a') return true;
    node = parent;
  }
}
