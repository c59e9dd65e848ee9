// Turndown converts by recursion, one level of the tree per few stack frames, and overflows the
// stack near 1,500 levels. Pages can nest 100,000 deep, so before conversion every subtree that
// starts at `maxDepth` is flattened: its text and images are kept, one paragraph per block it
// held; its inner structure (and formatting) is not. The count of flattened elements is reported.
import { type ChildNode, DROP, Element, ELEMENT_NODE, HTML_NS, type Node, type ParentNode, rewriteChildren, TEXT_NODE } from '../dom/nodes';
import { isBlock } from '../html/blocks';

const LEAF_ELEMENTS = new Set(['img', 'br', 'hr', 'input']);

/** Flattens what lies deeper than `maxDepth` below `root`; returns how many elements it unwrapped. */
export function flattenDeepNesting(root: ParentNode, maxDepth: number): number {
  let flattened = 0;
  const nodes: Node[] = [root];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (node.nodeType !== ELEMENT_NODE && node !== root) continue;
    const parent = node as ParentNode;
    if (depth >= maxDepth && parent.nodeType === ELEMENT_NODE && hasElementChild(parent)) {
      flattened += flattenInto(parent as Element);
      continue;
    }
    for (let i = parent.childNodes.length - 1; i >= 0; i--) {
      nodes.push(parent.childNodes[i]);
      depths.push(depth + 1);
    }
  }
  return flattened;
}

function hasElementChild(parent: ParentNode): boolean {
  return parent.childNodes.some((child) => child.nodeType === ELEMENT_NODE);
}

/** Replaces the children of `container` by paragraphs of its leaves; returns the elements dropped. */
function flattenInto(container: Element): number {
  const paragraphs: ChildNode[][] = [[]];
  let dropped = 0;
  const breakParagraph = () => {
    if (paragraphs[paragraphs.length - 1].length > 0) paragraphs.push([]);
  };
  // Items: a node to visit, or null to mark the end of a block.
  const stack: Array<ChildNode | null> = [];
  for (let i = container.childNodes.length - 1; i >= 0; i--) stack.push(container.childNodes[i]);
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item === null) {
      breakParagraph();
      continue;
    }
    if (item.nodeType === TEXT_NODE) {
      paragraphs[paragraphs.length - 1].push(item);
    } else if (item.nodeType === ELEMENT_NODE) {
      const el = item as Element;
      if (LEAF_ELEMENTS.has(el.localName)) {
        el.childNodes = [];
        paragraphs[paragraphs.length - 1].push(el);
        continue;
      }
      dropped++;
      if (isBlock(el)) {
        breakParagraph();
        stack.push(null);
      }
      for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
    }
  }
  rewriteChildren(container, () => DROP);
  for (const run of paragraphs) {
    if (run.length === 0) continue;
    const p = new Element('p', HTML_NS, []);
    for (const leaf of run) {
      leaf.parentNode = null;
      leaf.previousSibling = null;
      leaf.nextSibling = null;
      p.appendChild(leaf);
    }
    container.appendChild(p);
  }
  return dropped;
}
