// A site's template, seen from one page: each block's fingerprint — the tag path from <body> to it
// and its normalised text, hashed — so that blocks standing at the same place with the same words on
// most pages of a site (its header, sidebar, footer, in plain divs or not) can be told from the
// page's own content. Pure and linear: texts are built bottom-up once, bounded in length.
import { type Document, type Element, ELEMENT_NODE, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { isBlock } from '../html/blocks';

/** A block with more text than this is the page's content, not its template (and is not hashed). */
const MAX_BLOCK_TEXT = 8000;
/** Never a template block: the page itself, or its declared main content. */
const NEVER = new Set(['html', 'head', 'body', 'main']);
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
  // Texts, bottom-up; null once too long (and for every ancestor of it).
  const texts: (string | null)[] = new Array(elements.length);
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i];
    if (NOT_TEXT.has(el.localName)) {
      texts[i] = '';
      continue;
    }
    let text = '';
    for (const child of el.childNodes) {
      if (child.nodeType === TEXT_NODE) text += (child as Text).data;
      else if (child.nodeType === ELEMENT_NODE) {
        const part = texts[index.get(child as Element)!];
        if (part === null) {
          text = '';
          texts[i] = null;
          break;
        }
        // Blocks side by side are words apart.
        text += isBlock(child as Element) ? ` ${part} ` : part;
      }
      if (text.length > MAX_BLOCK_TEXT) break;
    }
    if (texts[i] === null) continue;
    texts[i] = text.length > MAX_BLOCK_TEXT ? null : text;
  }
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    const text = texts[i];
    if (text === null || NEVER.has(el.localName) || !isBlock(el)) continue;
    const normalised = text.replace(/\s+/g, ' ').trim();
    if (!HAS_WORD.test(normalised)) continue;
    found.set(el, hash(`${paths[i]}\n${normalised}`));
  }
  return found;
}
