// Inline wrappers around blocks: `<a href><div><img></div><h3>Title</h3></a>` (cards) or
// `<b><p>…</p></b>`. Turndown wraps the blocks' Markdown, blank lines and all, in `[…](url)` or
// `**…**`, which breaks the syntax and leaks the URL as text. We push the wrapper down into each
// block instead, as browsers render it: `<div><a><img></a></div><h3><a>Title</a></h3>`, so every
// part keeps its link (and the heading stays a heading).
import { collectElements, Element, ELEMENT_NODE, type ChildNode, type ParentNode, TEXT_NODE, type Text } from '../dom/nodes';
import { isBlock } from './blocks';

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
 * of paragraphs would ask for millions of copies. Past this many (or the page's own element count,
 * if larger) the remaining wrappers are left as they are.
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
  let pushed = 0;
  // Innermost first: an outer wrapper then meets only the clones inner ones left inside blocks.
  for (let i = elements.length - 1; i >= 0; i--) {
    const wrapper = elements[i];
    if (!WRAPPERS.has(wrapper.localName) || !holdsBlock.has(wrapper) || isBlock(wrapper)) continue;
    if (allowance.copies <= 0) break;
    pushInto(wrapper, holdsBlock, allowance);
    wrapper.parentNode?.unwrapChild(wrapper);
    pushed++;
  }
  return pushed;
}

function pushInto(wrapper: Element, holdsBlock: Set<Element>, allowance: { copies: number }): void {
  const containers: ParentNode[] = [wrapper];
  while (containers.length > 0) {
    const container = containers.pop()!;
    let run: ChildNode[] = [];
    const flush = () => {
      if (run.some(hasContent)) {
        wrapRun(run, wrapper);
        allowance.copies--;
      }
      run = [];
    };
    for (const child of [...container.childNodes]) {
      const el = child.nodeType === ELEMENT_NODE ? (child as Element) : null;
      if (el !== null && (isBlock(el) || holdsBlock.has(el))) {
        flush();
        containers.push(el);
      } else {
        run.push(child);
      }
    }
    flush();
  }
}

function hasContent(node: ChildNode): boolean {
  if (node.nodeType === TEXT_NODE) return (node as Text).data.trim() !== '';
  return node.nodeType === ELEMENT_NODE;
}

function wrapRun(run: ChildNode[], wrapper: Element): void {
  const clone = new Element(wrapper.localName, wrapper.namespaceURI, wrapper.attrs.map((attr) => ({ ...attr })));
  const parent = run[0].parentNode!;
  parent.insertBefore(clone, run[0]);
  for (const node of run) clone.appendChild(node);
}
