// Documentation navigation: the "Prev | Up | Next" headers and footers of DocBook, PostgreSQL's and
// Texinfo's manuals. They declare themselves (a navigation table's summary, DocBook's navheader and
// navfooter), or are bars of nothing but links named previous/next/up/home/contents.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { tokenIn, tokens, vocabulary } from '../dom/query';
import type { CleaningRule } from './types';

const NAV_TOKENS = vocabulary(['navheader', 'navfooter', 'navbar-docs', 'docnav', 'prev-next', 'prevnext', 'nav-prev-next', 'pagination-nav']);
const NAV_RELS = new Set(['prev', 'previous', 'next', 'up', 'home', 'contents', 'index', 'start', 'first', 'last']);
/** Link words of a previous/next bar, in the languages the corpora hold most. */
const NAV_WORDS = /^(prev(ious)?|next|up|home|top|contents|index|back|forward|zurück|weiter|précédent|suivant|anterior|siguiente|上一页|下一页)$/i;
const SEPARATORS = /^[\s\p{P}\p{S}]*$/u;
/** A previous/next bar is a handful of links; past this many nodes a block is something else. */
const BAR_MAX_NODES = 200;
const BARS = new Set(['table', 'div', 'p', 'ul', 'ol', 'nav']);

/** Every link of `el` goes to the previous/next/up page, and there is no other text. */
function isPrevNextBar(el: Element): boolean {
  // Cheap first: a bar holds at least two links side by side, and is small.
  let children = 0;
  for (const kid of el.childNodes) if (kid.nodeType === ELEMENT_NODE) children++;
  if (children < 2) return false;
  let links = 0;
  let visited = 0;
  const stack: Node[] = [el];
  while (stack.length > 0) {
    if (++visited > BAR_MAX_NODES) return false;
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      if (!SEPARATORS.test((node as Text).data)) return false;
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    if (child.localName === 'a' && child.hasAttribute('href')) {
      const rel = tokens(child, 'rel').some((token) => NAV_RELS.has(token));
      const words = (child.textContent ?? '').replace(/[\s\p{P}\p{S}]+/gu, ' ').trim();
      if (!rel && !NAV_WORDS.test(words)) return false;
      links++;
      continue;
    }
    for (const kid of child.childNodes) stack.push(kid);
  }
  return links >= 2;
}

export const docsNavigation: CleaningRule = {
  id: 'docs-navigation',
  category: 'chrome',
  tags: [...BARS],
  describe: 'documentation navigation: tables and bars of Prev / Up / Next links (summary="Navigation…", navheader/navfooter)',
  matches(el) {
    if (el.localName === 'table' && /navigation/i.test(el.getAttribute('summary') ?? '')) return 'a navigation table (summary="…navigation…")';
    const token = tokenIn(el, NAV_TOKENS);
    if (token !== undefined) return `documentation navigation (class or id "${token}")`;
    if (isPrevNextBar(el)) return 'a bar of previous / next links';
    return null;
  },
};
