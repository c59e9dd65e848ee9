// ARIA landmarks that name page chrome: the role attribute says what a <div> is, as <nav> would.
// banner/contentinfo inside an article that hold its title or byline belong to the article.
import { tokens } from '../dom/query';
import { belongsToArticle } from './boilerplate';
import type { CleaningRule } from './types';

const CHROME_ROLES: ReadonlyMap<string, string> = new Map([
  ['navigation', 'site navigation'],
  ['banner', "the site's banner"],
  ['contentinfo', "the site's footer information"],
  ['complementary', 'a sidebar, tangential to the main content'],
  ['search', 'a search form'],
]);

export const chromeLandmark: CleaningRule = {
  id: 'landmark-role',
  category: 'chrome',
  describe: 'ARIA landmarks that mean chrome: role=navigation, banner, contentinfo, complementary, search',
  matches(el, context) {
    if (el.attrs.length === 0) return null;
    const role = tokens(el, 'role')[0];
    const meaning = role === undefined ? undefined : CHROME_ROLES.get(role);
    if (meaning === undefined) return null;
    if ((role === 'banner' || role === 'contentinfo') && belongsToArticle(el, context)) return null;
    // A landmark left open around the page (broken markup) holds its running text: not chrome.
    if (context.facts.holds(el, 'firstText') || context.facts.holds(el, 'mainRegion')) return null;
    return `role=${role} is ${meaning}`;
  },
};
