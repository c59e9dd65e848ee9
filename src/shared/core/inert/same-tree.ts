// Whether two trees are the same document, as a browser would see them: elements (name, namespace,
// attributes in order), text (adjacent pieces joined, empty ones ignored: serializing joins them),
// comments and the doctype's name (all that HTML serializes of it).
import { type ChildNode, COMMENT_NODE, type Comment, DOCUMENT_TYPE_NODE, type DocumentType, type Element, ELEMENT_NODE, type ParentNode, TEXT_NODE, type Text } from '../dom/nodes';

type Item = { kind: 'element'; el: Element } | { kind: 'text'; data: string } | { kind: 'comment'; data: string } | { kind: 'doctype'; name: string };

/** The children of `parent` as a browser would have them after a re-parse: text runs joined. */
function itemsOf(parent: ParentNode): Item[] {
  const items: Item[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') items.push({ kind: 'text', data: text });
    text = '';
  };
  for (const child of parent.childNodes as ChildNode[]) {
    if (child.nodeType === TEXT_NODE) {
      text += (child as Text).data;
      continue;
    }
    flush();
    if (child.nodeType === ELEMENT_NODE) items.push({ kind: 'element', el: child as Element });
    else if (child.nodeType === COMMENT_NODE) items.push({ kind: 'comment', data: (child as Comment).data });
    else if (child.nodeType === DOCUMENT_TYPE_NODE) items.push({ kind: 'doctype', name: (child as DocumentType).name ?? '' });
  }
  flush();
  return items;
}

function sameElement(a: Element, b: Element): boolean {
  if (a.localName !== b.localName || a.namespaceURI !== b.namespaceURI || a.attrs.length !== b.attrs.length) return false;
  for (let i = 0; i < a.attrs.length; i++) {
    const x = a.attrs[i];
    const y = b.attrs[i];
    if (x.name !== y.name || x.value !== y.value || (x.namespace ?? '') !== (y.namespace ?? '')) return false;
  }
  return true;
}

/** True when `a` and `b` hold the same document (see above); iterative, so any depth is fine. */
export function sameTree(a: ParentNode, b: ParentNode): boolean {
  const pairs: Array<[ParentNode, ParentNode]> = [[a, b]];
  while (pairs.length > 0) {
    const [x, y] = pairs.pop()!;
    const xs = itemsOf(x);
    const ys = itemsOf(y);
    if (xs.length !== ys.length) return false;
    for (let i = 0; i < xs.length; i++) {
      const p = xs[i];
      const q = ys[i];
      if (p.kind !== q.kind) return false;
      if (p.kind === 'element') {
        const other = (q as { el: Element }).el;
        if (!sameElement(p.el, other)) return false;
        pairs.push([p.el, other]);
      } else if (p.kind === 'doctype') {
        if (p.name !== (q as { name: string }).name) return false;
      } else if (p.data !== (q as { data: string }).data) return false;
    }
  }
  return true;
}
