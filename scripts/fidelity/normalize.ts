// HTML normalisation for comparing two renderings, after the CommonMark spec's own test runner
// (test/normalize.py): parse; sort attributes; outside <pre>, collapse runs of whitespace to one
// space and drop whitespace next to block-level tags; drop newlines right after <br>. Entities
// come out decoded and re-escaped one way, so `&#38;` and `&amp;` compare equal.
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';

type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/** normalize.py's block-level tags: whitespace next to them is layout, not content. */
const BLOCK_TAGS = new Set([
  'article', 'header', 'aside', 'hgroup', 'blockquote', 'hr', 'iframe', 'body', 'li', 'map', 'button', 'object',
  'canvas', 'ol', 'caption', 'output', 'col', 'p', 'colgroup', 'pre', 'dd', 'progress', 'div', 'section', 'dl',
  'table', 'td', 'dt', 'tbody', 'embed', 'textarea', 'fieldset', 'tfoot', 'figcaption', 'th', 'figure', 'thead',
  'footer', 'tr', 'form', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'video', 'script', 'style',
]);

const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** HTML's whitespace, not Unicode's: a no-break space is content and must not collapse into a space. */
const WHITESPACE_RUN = /[ \t\n\r\f]+/g;
const TRAILING_WHITESPACE = /[ \t\n\r\f]+$/;
const LEADING_WHITESPACE = /^[ \t\n\r\f]+/;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function startTag(element: Element): string {
  const attrs = [...element.attrs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `<${element.tagName}${attrs.map((attr) => ` ${attr.name}="${escapeAttribute(attr.value)}"`).join('')}>`;
}

export function normalizeHtml(html: string): string {
  let output = '';
  let last: 'none' | 'start' | 'end' | 'data' | 'comment' = 'none';
  let lastTag = '';
  let inPre = false;
  // Frames: a node to write, or the element whose end tag is owed.
  const stack: Array<ChildNode | { close: Element }> = [...parseFragment(html).childNodes].reverse();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('close' in item) {
      const tag = item.close.tagName;
      if (tag === 'pre') inPre = false;
      else if (BLOCK_TAGS.has(tag)) output = output.replace(TRAILING_WHITESPACE, '');
      output += `</${tag}>`;
      last = 'end';
      lastTag = tag;
      continue;
    }
    if (item.nodeName === '#text') {
      let data = (item as DefaultTreeAdapterTypes.TextNode).value;
      const afterTag = last === 'start' || last === 'end';
      if (afterTag && lastTag === 'br') data = data.replace(/^\n+/, '');
      if (!inPre) {
        data = data.replace(WHITESPACE_RUN, ' ');
        if (afterTag && BLOCK_TAGS.has(lastTag)) {
          data = data.replace(LEADING_WHITESPACE, '');
          if (last === 'end') data = data.replace(TRAILING_WHITESPACE, '');
        }
      }
      output += escapeText(data);
      last = 'data';
      continue;
    }
    if (item.nodeName === '#comment') {
      output += `<!--${(item as DefaultTreeAdapterTypes.CommentNode).data}-->`;
      last = 'comment';
      continue;
    }
    if (!('tagName' in item)) continue; // a doctype cannot occur in a fragment; nothing else is left
    const element = item as Element;
    const tag = element.tagName;
    if (tag === 'pre') inPre = true;
    if (BLOCK_TAGS.has(tag)) output = output.replace(TRAILING_WHITESPACE, '');
    output += startTag(element);
    lastTag = tag;
    if (VOID_TAGS.has(tag)) {
      // A void element opens and closes at once, like normalize.py's self-closing tags.
      last = 'end';
      continue;
    }
    last = 'start';
    stack.push({ close: element });
    const children = tag === 'template' ? (element as DefaultTreeAdapterTypes.Template).content.childNodes : element.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return output.trim();
}
