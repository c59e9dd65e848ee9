// Plain text for scoring: what a reader sees, never a URL. Markdown goes through a real CommonMark
// parser (so escapes like `snake\_case` and entities come out as the reader sees them), links
// become their text, images their alt text; HTML keeps its text nodes, minus scripts and styles.
import { Parser } from 'commonmark';
import type { Node as MarkdownNode } from 'commonmark';
import { parse, parseFragment } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';

export type HtmlNode = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.ParentNode;

/** Elements whose content a reader never sees as text. */
const HIDDEN = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'applet', 'frame', 'frameset', 'noframes']);

/** Elements that separate the text before them from the text after (`a<p>b</p>c` is three words). */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'li', 'main', 'nav', 'ol', 'option', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'title', 'tr', 'ul', 'body', 'head', 'html', 'button', 'label', 'select', 'textarea',
]);

/** A tab's button names its panel (javadoc's "Static Methods"): the document's words, not interface. */
function isTab(el: DefaultTreeAdapterTypes.Element): boolean {
  return el.attrs.some((a) => a.name === 'role' && a.value.trim().toLowerCase() === 'tab');
}

/** The text of an HTML tree: text nodes in order, block boundaries as newlines. */
export function treeText(root: HtmlNode, options: { altText?: boolean; buttons?: boolean } = {}): string {
  const parts: string[] = [];
  // Frames: a node to visit, or the newline owed when a block element closes.
  const stack: Array<HtmlNode | '\n'> = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item === '\n') {
      parts.push('\n');
      continue;
    }
    if (item.nodeName === '#text') {
      parts.push((item as DefaultTreeAdapterTypes.TextNode).value);
      continue;
    }
    if (!('childNodes' in item)) continue; // comments, doctype
    const tag = 'tagName' in item ? item.tagName : '';
    if (HIDDEN.has(tag) || (tag === 'button' && options.buttons === false && !isTab(item as DefaultTreeAdapterTypes.Element))) continue;
    if (tag === 'img' && options.altText) {
      // An image's text equivalent, as words of their own (as a Markdown image carries it).
      parts.push(` ${(item as DefaultTreeAdapterTypes.Element).attrs.find((a) => a.name === 'alt')?.value ?? ''} `);
      continue;
    }
    const block = BLOCK.has(tag);
    if (block) {
      parts.push('\n');
      stack.push('\n');
    }
    for (let i = item.childNodes.length - 1; i >= 0; i--) stack.push(item.childNodes[i]);
  }
  return parts.join('');
}

/**
 * All the text of a whole page, the benchmark's no-removal baseline. Parsed with scripting off,
 * as lxml (behind the published html-text baseline) does, so `<noscript>` text counts.
 */
export function htmlToPlainText(html: string): string {
  return treeText(parse(html, { scriptingEnabled: false }));
}

export function htmlFragmentToPlainText(html: string): string {
  return treeText(parseFragment(html, { scriptingEnabled: false }));
}

/** Ends a block, so words of adjacent blocks never run together. */
const BLOCK_TYPES = new Set(['paragraph', 'heading', 'code_block', 'html_block', 'item', 'block_quote', 'list', 'thematic_break']);

/** `[ ]` or `[x]` at the start of a list item: a task-list checkbox, not words. */
const TASK_MARKER = /^\[[ xX]\](?=\s|$)/;

function opensListItem(node: MarkdownNode): boolean {
  return node.type === 'paragraph' && node.prev === null && node.parent?.type === 'item';
}

/**
 * A GFM footnote definition's opener (`[^2]: `). CommonMark has no footnotes: a definition whose
 * note is one link (`[^2]: [https://…](https://…)`) parses as a link reference definition, and its
 * text vanishes. Escaped, the opener reads as the literal text it is without footnote support.
 */
const FOOTNOTE_DEFINITION = /^( {0,3})\[(\^[^\]\n]+\]:)/gm;

export function markdownToPlainText(markdown: string): string {
  const parts: string[] = [];
  const walker = new Parser().parse(markdown.replace(FOOTNOTE_DEFINITION, '$1\\[$2')).walker();
  // The parser splits "[x] foo" into several text nodes, so the marker is stripped from the
  // joined text of the item's first paragraph (paragraphs never nest).
  let itemParagraphStart = -1;
  let event = walker.next();
  while (event !== null) {
    const { node, entering } = event;
    if (opensListItem(node)) {
      if (entering) itemParagraphStart = parts.length;
      else if (itemParagraphStart >= 0) {
        parts.push(parts.splice(itemParagraphStart).join('').replace(TASK_MARKER, ''));
        itemParagraphStart = -1;
      }
    }
    switch (node.type) {
      case 'text':
      case 'code':
        parts.push(node.literal ?? '');
        break;
      case 'softbreak':
      case 'linebreak':
        parts.push('\n');
        break;
      case 'code_block':
        parts.push(node.literal ?? '', '\n');
        break;
      // An inline HTML node is a single tag (or comment): it has no text of its own.
      case 'html_inline':
        break;
      case 'html_block':
        parts.push(htmlFragmentToPlainText(node.literal ?? ''), '\n');
        break;
      // An image stands apart from the words around it: its alt text is its own words.
      case 'image':
        parts.push(' ');
        break;
      // Links and images: their children are the link text and the alt text; the URL is never read.
      default:
        if (!entering && BLOCK_TYPES.has(node.type)) parts.push('\n');
    }
    event = walker.next();
  }
  return parts.join('');
}
