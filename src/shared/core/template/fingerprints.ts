// A site's template, seen from one page: each block's fingerprint — the tag path from <body> to it
// and its text (each run of text whitespace-normalised, the blocks inside by their own hash, so the
// same words in the same nesting), hashed — so that blocks standing at the same place with the same
// words on most pages of a site (its header, sidebar, footer, in plain divs or not) can be told from
// the page's own content. Pure and linear: each element is hashed once from its children's hashes,
// and each text once.
import { type Document, type Element, ELEMENT_NODE, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { isBlock } from '../html/blocks';

/**
 * Never a template block on their own: the page itself and its declared main content; a heading (the
 * same "See also" over different sections labels them); a part of a list or a table (a repeated
 * column header or item goes only with its whole list or table, never out of it).
 */
const NEVER = new Set(['html', 'head', 'body', 'main', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot']);
const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
const HAS_WORD = /[\p{L}\p{N}]/u;

/** cyrb53: a fast 53-bit string hash (pure JavaScript, the core has no crypto). */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The elements under `root` in document order (parents before children), iteratively. */
function elementsIn(root: Node): Element[] {
  const out: Element[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === ELEMENT_NODE) out.push(node as Element);
    const kids = (node as Element).childNodes;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) if (kids[i].nodeType === ELEMENT_NODE) stack.push(kids[i]);
  }
  return out;
}

/** Each block element of the document that may be template, with its fingerprint. */
export function blockFingerprints(document: Document): Map<Element, string> {
  const found = new Map<Element, string>();
  const body = document.body;
  if (!body) return found;
  const elements = elementsIn(body);
  const index = new Map<Element, number>();
  elements.forEach((el, i) => index.set(el, i));
  // Tag paths, top-down: "div>div>ul".
  const paths: string[] = new Array(elements.length);
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    const parent = el.parentElement;
    const at = parent === null ? undefined : index.get(parent);
    paths[i] = at === undefined ? el.localName : `${paths[at]}>${el.localName}`;
  }
  // Content hashes, bottom-up: an element's from its text runs and its children's hashes.
  const hashes: string[] = new Array(elements.length);
  const worded = new Uint8Array(elements.length);
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i];
    if (NOT_TEXT.has(el.localName)) {
      hashes[i] = '';
      continue;
    }
    const parts: string[] = [];
    let words = false;
    for (const child of el.childNodes) {
      if (child.nodeType === TEXT_NODE) {
        const text = (child as Text).data.replace(/\s+/g, ' ').trim();
        if (text === '') continue;
        parts.push(text);
        words ||= HAS_WORD.test(text);
      } else if (child.nodeType === ELEMENT_NODE) {
        const at = index.get(child as Element)!;
        if (worded[at] === 0) continue;
        parts.push(hashes[at]);
        words = true;
      }
    }
    hashes[i] = words ? hash(parts.join('\u0001')) : '';
    worded[i] = words ? 1 : 0;
  }
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    if (worded[i] === 0 || NEVER.has(el.localName) || !isBlock(el)) continue;
    found.set(el, hash(`${paths[i]}\n${hashes[i]}`));
  }
  return found;
}
