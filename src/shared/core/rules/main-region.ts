// A declared main region: when the page declares exactly one <main> (or role=main, or one
// itemprop=articleBody) and it holds a fair share of the page's text, what stands outside it is
// page chrome. Nothing is decided when the page declares none, several, or one that is nearly empty.
import type { Element } from '../dom/nodes';
import { holdsDataTable, type PageFacts } from './page-facts';
import type { CleaningRule } from './types';

export const outsideMainRegion: CleaningRule = {
  id: 'outside-main',
  category: 'chrome',
  describe: "content outside the page's declared main region (<main>, role=main, itemprop=articleBody, the titled <article>)",
  matches(el, context) {
    const { facts } = context;
    if (facts.mainRegion === null) return null;
    // Only what hangs off the paths from <body> to the region and to its declared summary (the
    // article's lead, set apart from its body): each such subtree is removed whole.
    const parent = el.parentElement;
    if (parent === null || !onPathToKept(parent, facts) || facts.holds(el, 'mainRegion') || facts.holds(el, 'regionSummary')) return null;
    // The page's title is kept even when it stands above the region; data tables wherever they stand.
    if (facts.holds(el, 'title') || holdsDataTable(el, context.skip)) return null;
    return "outside the page's main region";
  },
};

/** A strict ancestor of the main region or of its summary, from <body> down (what lies beside them is off the path). */
function onPathToKept(el: Element, facts: PageFacts): boolean {
  if (el.localName === 'html') return false;
  return (el !== facts.mainRegion && facts.holds(el, 'mainRegion')) || (el !== facts.regionSummary && facts.holds(el, 'regionSummary'));
}
