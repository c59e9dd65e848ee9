// HTML out of our DOM: parse5's serializer (iterative) for whole documents, and a bounded one for
// excerpts, which stops as soon as it has enough instead of serializing a whole removed subtree.
import { serialize, serializeOuter } from 'parse5';
import { COMMENT_NODE, ELEMENT_NODE, type Element, type Node, type ParentNode, TEXT_NODE, type Text } from './nodes';
import { cutAt } from '../text';
import { createTreeAdapter } from './tree-adapter';

const treeAdapter = createTreeAdapter(null);

export function serializeDocument(node: ParentNode): string {
  return serialize(node, { treeAdapter });
}

export function outerHtml(el: Element): string {
  return serializeOuter(el, { treeAdapter });
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'noscript']);

function escapeText(text: string): string {
  if (!/[&<>\u00a0]/.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/\u00a0/g, '&nbsp;');
}

/**
 * The start tag of `el`. Past `room` characters it may stop early (without the closing quote or
 * `>`), but what it returns is then always a prefix of the whole tag and longer than `room`: an
 * excerpt spares copying long attribute values (inline styles, data blobs) it would cut anyway.
 */
export function startTag(el: Element, room = Infinity): string {
  let html = `<${el.localName}`;
  for (const attr of el.attrs) {
    if (html.length > room) return html;
    const value = attr.value.length > room ? cutAt(attr.value, room) : attr.value;
    html += ` ${attr.name}="${escapeAttribute(value)}`;
    if (value !== attr.value) return html;
    html += '"';
  }
  return `${html}>`;
}

/** The outer HTML of `el`, cut after about `max` characters (and marked with "…" when cut). */
export function htmlExcerpt(el: Element, max: number): string {
  let html = '';
  // Frames: the node to write, or the end tag still owed once its children are written.
  const stack: Array<Node | string> = [el];
  while (stack.length > 0 && html.length < max) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      html += item;
      continue;
    }
    if (item.nodeType === TEXT_NODE) {
      const parent = item.parentNode;
      const raw = parent !== null && parent.nodeType === ELEMENT_NODE && RAW_TEXT.has((parent as Element).localName);
      const data = (item as Text).data;
      // Reading a prefix of a long script flattens all of it (the parser built it piece by piece): skip those.
      if (raw && data.length > max) html += '…';
      else html += raw ? data : escapeText(cutAt(data, max - html.length + 1));
    } else if (item.nodeType === COMMENT_NODE) {
      html += '<!--…-->';
    } else if (item.nodeType === ELEMENT_NODE) {
      const child = item as Element;
      html += startTag(child, max - html.length);
      if (VOID.has(child.localName)) continue;
      stack.push(`</${child.localName}>`);
      for (let i = child.childNodes.length - 1; i >= 0; i--) stack.push(child.childNodes[i]);
    }
  }
  // Cut where a character ends: an excerpt is shown and saved, and half a pair is no character.
  return stack.length === 0 && html.length <= max ? html : `${cutAt(html, max)}…`;
}
