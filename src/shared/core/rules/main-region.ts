// A declared main region: when the page declares exactly one <main> (or role=main, or one
// itemprop=articleBody) and it holds a fair share of the page's text, what stands outside it is
// page chrome. Nothing is decided when the page declares none, several, or one that is nearly empty.
import type { Element } from '../dom/nodes';
import { closest, hasToken } from '../dom/query';
import { contains, holdsDataTable, type PageFacts } from './page-facts';
import type { CleaningRule } from './types';

export const outsideMainRegion: CleaningRule = {
  id: 'outside-main',
  category: 'chrome',
  describe: "content outside the page's declared main region (<main>, role=main, itemprop=articleBody, the titled <article>)",
  matches(el, context) {
    const { facts } = context;
    if (facts.mainRegion === null) return null;
    // Only what hangs off the path from <body> to the region: each such subtree is removed whole.
    const parent = el.parentElement;
    if (parent === null || !onPathToRegion(parent, facts) || onPathToRegion(el, facts) || facts.holds(el, 'mainRegion')) return null;
    // The page's title is kept even when it stands above the region; data tables wherever they stand.
    if (facts.holds(el, 'title') || isRegionsSummary(el, facts.mainRegion) || holdsDataTable(el, context.skip)) return null;
    return "outside the page's main region";
  },
};

/**
 * The summary that the page declares for the item whose body the region is (schema.org's
 * itemprop=description or abstract, in the same itemscope): the article's lead, set apart from its body.
 */
function isRegionsSummary(el: Element, region: Element): boolean {
  if (!hasToken(el, 'itemprop', 'description') && !hasToken(el, 'itemprop', 'abstract')) return false;
  const scope = closest(el, (ancestor) => ancestor.hasAttribute('itemscope'));
  return scope !== null && contains(scope, region);
}

/** A strict ancestor of the main region, from <body> down (what lies beside it is off the path). */
function onPathToRegion(el: Element, facts: PageFacts): boolean {
  return el !== facts.mainRegion && el.localName !== 'html' && facts.holds(el, 'mainRegion');
}
