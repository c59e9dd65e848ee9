// The elements that start blocks, and the headings: words cleaning and Markdown share. The block
// list is turndown's (its private `blockElements`, lower-cased), so our passes and its walk agree on
// what a block is; test/shared/core/dom/differential.test.ts checks it against turndown itself.
import type { Element } from '../dom/nodes';

export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'audio', 'blockquote', 'body', 'canvas', 'center', 'dd', 'dir', 'div',
  'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frameset', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'isindex', 'li', 'main', 'menu', 'nav', 'noframes',
  'noscript', 'ol', 'output', 'p', 'pre', 'section', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead',
  'tr', 'ul',
]);

export function isBlock(el: Element): boolean {
  return BLOCK_TAGS.has(el.localName);
}

export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
