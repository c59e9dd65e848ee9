// Which elements turndown treats as blocks (its `blockElements`, lower-cased), so our passes agree with it.
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

/**
 * The blank line that separates a block from its neighbours — or a single line break inside a
 * tight list item (an <li> without <p>): there a blank line would make the whole list loose.
 */
export function blockGap(el: Element): string {
  const parent = el.parentElement;
  return parent !== null && parent.localName === 'li' && isTightItem(parent) ? '\n' : '\n\n';
}

export function isTightItem(li: Element): boolean {
  for (const child of li.childNodes) if (child.nodeType === 1 && (child as Element).localName === 'p') return false;
  return true;
}

export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
