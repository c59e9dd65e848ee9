// Makes a cleaned tree inert (see policy.ts): active elements go, unsafe attributes are dropped.
// Runs on the whole tree after cleaning, in every namespace (SVG and MathML included), and again
// on each re-parse while the HTML is made stable (stable-html.ts).
import { type ChildNode, DROP, type Element, ELEMENT_NODE, KEEP, type ParentNode, rewriteChildren } from '../dom/nodes';
import { isActiveElement, isUnsafeAttribute } from './policy';

export interface InertReport {
  /** Tag names of the active elements left out, in document order. */
  elements: string[];
  /** Attributes dropped. */
  attributes: number;
}

export function makeInert(root: ParentNode): InertReport {
  const report: InertReport = { elements: [], attributes: 0 };
  const parents: ParentNode[] = [root];
  while (parents.length > 0) {
    const parent = parents.pop()!;
    let hasActive = false;
    for (const child of parent.childNodes) {
      if (child.nodeType !== ELEMENT_NODE) continue;
      const el = child as Element;
      if (isActiveElement(el)) {
        hasActive = true;
        continue;
      }
      if (el.attrs.length > 0 && el.attrs.some((attr) => isUnsafeAttribute(el, attr))) {
        const kept = el.attrs.filter((attr) => !isUnsafeAttribute(el, attr));
        report.attributes += el.attrs.length - kept.length;
        el.attrs = kept;
      }
      parents.push(el);
    }
    if (hasActive) {
      rewriteChildren(parent, (child: ChildNode) => {
        if (child.nodeType !== ELEMENT_NODE || !isActiveElement(child as Element)) return KEEP;
        report.elements.push((child as Element).localName);
        return DROP;
      });
    }
  }
  return report;
}
