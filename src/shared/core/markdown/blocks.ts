// Block spacing in Markdown: the gap a block leaves, tight list items. Which elements are blocks
// is the html vocabulary's (core/html/blocks.ts).
import type { Element } from '../dom/nodes';

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
