// An inline element that still holds a block when turndown runs (a <span> or <font> around a <pre>,
// an SVG <foreignObject>, a link the wrapper pass had no allowance left to push down) loses the line
// breaks before the block: turndown trims an inline element's Markdown and puts its edge white space
// outside, so `<span>&nbsp;<div><pre>` came out as "&nbsp;```" — a fence glued to a no-break space is
// no fence, and the code after it was read as Markdown (raw HTML included). Such elements are
// unwrapped (their children take their place), so every block starts on a line of its own. The
// elements whose rules place their Markdown as a block of their own (a table's caption) are kept.
import { collectElements, type Element, ELEMENT_NODE, KEEP, type ParentNode, rewriteChildren, UNWRAP } from '../dom/nodes';
import { isBlock } from '../html/blocks';

/** Inline by turndown's measure, but their rule writes them as a block apart. */
const PLACED_APART = new Set(['caption']);

/** Unwraps every inline element that holds a block; returns how many. */
export function unwrapInlineHoldingBlocks(root: ParentNode): number {
  const elements = collectElements(root);
  const holdsBlock = new Set<Element>();
  // Innermost first: a parent holds a block if a child is one or holds one.
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i];
    for (const child of el.childNodes) {
      if (child.nodeType === ELEMENT_NODE && (isBlock(child as Element) || holdsBlock.has(child as Element))) {
        holdsBlock.add(el);
        break;
      }
    }
  }
  const unwrap = (el: Element) => holdsBlock.has(el) && !isBlock(el) && !PLACED_APART.has(el.localName);
  const parents = new Set<ParentNode>();
  for (const el of elements) if (unwrap(el) && el.parentNode !== null) parents.add(el.parentNode);
  if (parents.size === 0) return 0;
  let unwrapped = 0;
  // Deepest parents first (document order reversed), so each unwrapped element hands over final children.
  const order = new Map(elements.map((el, i) => [el as ParentNode, i]));
  for (const parent of [...parents].sort((a, b) => (order.get(b) ?? -1) - (order.get(a) ?? -1))) {
    rewriteChildren(parent, (child) => {
      if (child.nodeType !== ELEMENT_NODE || !unwrap(child as Element)) return KEEP;
      unwrapped++;
      return UNWRAP;
    });
  }
  return unwrapped;
}
