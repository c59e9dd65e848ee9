// Inline wrappers around blocks: `<a href><div><img></div><h3>Title</h3></a>` (cards) or
// `<b><p>…</p></b>`. Turndown wraps the blocks' Markdown, blank lines and all, in `[…](url)` or
// `**…**`, which breaks the syntax and leaks the URL as text. We push the wrapper down into each
// block instead, as browsers render it: `<div><a><img></a></div><h3><a>Title</a></h3>`, so every
// part keeps its link (and the heading stays a heading).
import { type ChildNode, collectElements, Element, ELEMENT_NODE, KEEP, type ParentNode, replaceChildren, rewriteChildren, TEXT_NODE, type Text, UNWRAP } from '../dom/nodes';
import { isBlock } from '../html/blocks';

const WRAPPERS = new Set(['a', 'b', 'strong', 'em', 'i', 's', 'del', 'strike', 'code', 'u', 'mark']);

/** Whether any wrapper holds a block: one light walk, so the common page (none) costs little. */
function hasBlockInWrapper(root: ParentNode): boolean {
  const nodes: ChildNode[] = [];
  const insideWrapper: boolean[] = [];
  for (const child of root.childNodes) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    nodes.push(child);
    insideWrapper.push(false);
  }
  while (nodes.length > 0) {
    const el = nodes.pop() as Element;
    const inside = insideWrapper.pop()!;
    if (inside && isBlock(el)) return true;
    const childInside = inside || WRAPPERS.has(el.localName);
    for (const child of el.childNodes) {
      if (child.nodeType !== ELEMENT_NODE) continue;
      nodes.push(child);
      insideWrapper.push(childInside);
    }
  }
  return false;
}

/**
 * Each wrapper is copied into every block it wraps: thousands of misnested <b><i> around thousands
 * of paragraphs would ask for millions of copies, and one <a> with 6,000 attributes around 12,000
 * headings for 72 million attributes (3.5 GB). Copies and their attributes are counted; past this
 * many (or the page's own element count, if larger) the remaining wrappers are left as they are.
 */
const MIN_COPY_ALLOWANCE = 20_000;

export function pushWrappersIntoBlocks(root: ParentNode): number {
  if (!hasBlockInWrapper(root)) return 0;
  const elements = collectElements(root);
  const allowance = { copies: Math.max(MIN_COPY_ALLOWANCE, elements.length) };
  const holdsBlock = new Set<Element>();
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i];
    for (const child of el.childNodes) {
      if (child.nodeType === ELEMENT_NODE && (isBlock(child as Element) || holdsBlock.has(child as Element))) {
        holdsBlock.add(el);
        break;
      }
    }
  }
  const unwraps = new PendingUnwraps(elements);
  let pushed = 0;
  // Innermost first: an outer wrapper then meets only the clones inner ones left inside blocks.
  for (let i = elements.length - 1; i >= 0; i--) {
    const wrapper = elements[i];
    if (!WRAPPERS.has(wrapper.localName) || !holdsBlock.has(wrapper) || isBlock(wrapper)) continue;
    if (allowance.copies <= 0) break;
    unwraps.settleWithin(i);
    pushInto(wrapper, holdsBlock, allowance);
    unwraps.add(i);
    pushed++;
  }
  unwraps.settleAll();
  return pushed;
}

/**
 * Wrappers whose blocks hold their copies now, waiting to be unwrapped: each is unwrapped before
 * any wrapper around it is pushed down (that one must meet what it left), and all wrappers of one
 * parent at once. One at a time, each unwrap rebuilt its parent's child list, and a page of 20,000
 * linked cards in one parent took 13 s.
 */
class PendingUnwraps {
  /** Indexes into `elements`, in the order added: decreasing, so the innermost come last. */
  private readonly pending: number[] = [];
  /** For each element, the index just past its subtree in `elements` (document order). */
  private readonly subtreeEnd: Int32Array;
  private readonly indexOf = new Map<ParentNode, number>();

  constructor(private readonly elements: readonly Element[]) {
    elements.forEach((el, i) => this.indexOf.set(el, i));
    this.subtreeEnd = new Int32Array(elements.length);
    for (let i = elements.length - 1; i >= 0; i--) {
      this.subtreeEnd[i] = Math.max(this.subtreeEnd[i], i + 1);
      const parent = this.indexOf.get(elements[i].parentNode!);
      if (parent !== undefined) this.subtreeEnd[parent] = Math.max(this.subtreeEnd[parent], this.subtreeEnd[i]);
    }
  }

  add(index: number): void {
    this.pending.push(index);
  }

  /** Unwraps every pending wrapper inside the subtree of `elements[index]`. */
  settleWithin(index: number): void {
    this.settleBefore(this.subtreeEnd[index]);
  }

  settleAll(): void {
    this.settleBefore(Infinity);
  }

  /** Unwraps the pending wrappers whose index is below `end`. */
  private settleBefore(end: number): void {
    const due = new Set<Element>();
    const parents = new Set<ParentNode>();
    while (this.pending.length > 0 && this.pending[this.pending.length - 1] < end) {
      const wrapper = this.elements[this.pending.pop()!];
      due.add(wrapper);
      if (wrapper.parentNode !== null) parents.add(wrapper.parentNode);
    }
    if (due.size === 0) return;
    // Deepest parents first, so an unwrapped wrapper hands over children that are already final.
    const order = (parent: ParentNode) => this.indexOf.get(parent) ?? -1;
    for (const parent of [...parents].sort((a, b) => order(b) - order(a))) {
      rewriteChildren(parent, (child) => (due.has(child as Element) ? UNWRAP : KEEP));
    }
  }
}

interface Allowance {
  /** Elements and attributes that may still be copied. */
  copies: number;
}

function pushInto(wrapper: Element, holdsBlock: Set<Element>, allowance: Allowance): void {
  const containers: ParentNode[] = [wrapper];
  while (containers.length > 0) {
    const container = containers.pop()!;
    // The container's new child list, built in one pass: moving run after run into copies of the
    // wrapper one node at a time shifted the whole list for every node.
    const rebuilt: ChildNode[] = [];
    let run: ChildNode[] = [];
    const flush = () => {
      const cost = 1 + wrapper.attrs.length;
      // Out of allowance, the rest of the run keeps its text without the wrapper.
      if (allowance.copies >= cost && run.some(hasContent)) {
        rebuilt.push(wrapped(run, wrapper));
        allowance.copies -= cost;
      } else {
        for (const node of run) rebuilt.push(node);
      }
      run = [];
    };
    for (const child of container.childNodes) {
      const el = child.nodeType === ELEMENT_NODE ? (child as Element) : null;
      if (el !== null && (isBlock(el) || holdsBlock.has(el))) {
        flush();
        rebuilt.push(el);
        containers.push(el);
      } else {
        run.push(child);
      }
    }
    flush();
    replaceChildren(container, rebuilt);
  }
}

function hasContent(node: ChildNode): boolean {
  if (node.nodeType === TEXT_NODE) return (node as Text).data.trim() !== '';
  return node.nodeType === ELEMENT_NODE;
}

/** A copy of `wrapper` (its tag and attributes) holding `run`. */
function wrapped(run: ChildNode[], wrapper: Element): Element {
  const clone = new Element(wrapper.localName, wrapper.namespaceURI, wrapper.attrs.map((attr) => ({ ...attr })));
  replaceChildren(clone, run);
  return clone;
}
