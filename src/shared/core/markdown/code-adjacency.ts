// Code spans side by side: `<code>a</code><code>b</code>` became "`a``b`", where the first span's
// closing backtick and the second's opening ones make one run, so neither closes where it should:
// a renderer reads "a``b" as one span, or (with other runs in the code) ends a span early and reads
// the rest, raw HTML included, as Markdown. A space between two code elements that would touch
// keeps every span whole.
import { ELEMENT_NODE, type Element, type Node, type ParentNode, Text } from '../dom/nodes';
import { isBlock } from '../html/blocks';
import { rendersNothing } from './text-pass';

const CODE = 'code';

/** Inserts a space before each code element whose Markdown would touch a code span before it. */
export function separateAdjacentCode(root: ParentNode): void {
  const touching: Element[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== root && node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    if (node !== root && (el.localName === 'pre' || el.localName === CODE)) {
      if (el.localName === CODE && followsCode(el, root)) touching.push(el);
      continue;
    }
    const kids = (node as ParentNode).childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  for (const el of touching) el.parentNode?.insertBefore(new Text(' '), el);
}

/** Whether what renders right before `el` on its line ends in a code element. */
function followsCode(el: Element, root: ParentNode): boolean {
  let node: Node = el;
  for (;;) {
    let sibling = node.previousSibling;
    while (sibling !== null && rendersNothing(sibling)) sibling = sibling.previousSibling;
    if (sibling !== null) return endsInCode(sibling);
    const parent = node.parentNode;
    if (parent === null || parent === root || parent.nodeType !== ELEMENT_NODE || isBlock(parent as Element)) return false;
    node = parent;
  }
}

/** Whether the last thing `node` renders is a code element (not text, not a block's end). */
function endsInCode(node: Node): boolean {
  let current: Node | null = node;
  while (current !== null && current.nodeType === ELEMENT_NODE) {
    const el = current as Element;
    if (el.localName === CODE) return true;
    if (isBlock(el) || el.localName === 'br') return false;
    let last: Node | null = el.lastChild;
    while (last !== null && rendersNothing(last)) last = last.previousSibling;
    current = last;
  }
  // Text (or nothing): the span before is not a code span's end.
  return false;
}
