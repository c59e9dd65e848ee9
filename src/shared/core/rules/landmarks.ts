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

// Page builders declare the site's header and footer as locations of their theme builder, in
// markup of their own: Elementor's data-elementor-type, Divi's et-l--header / et-l--footer.
const BUILDER_PARTS: ReadonlyMap<string, string> = new Map([
  ['header', "the site's header"],
  ['footer', "the site's footer"],
  ['popup', 'a pop-up over the page'],
]);
const DIVI_PARTS: ReadonlyMap<string, string> = new Map([
  ['et-l--header', "the site's header"],
  ['et-l--footer', "the site's footer"],
]);

export const builderPart: CleaningRule = {
  id: 'builder-part',
  category: 'chrome',
  tags: ['div', 'section', 'header', 'footer'],
  describe: "the site's header, footer and pop-ups as page builders declare them (Elementor's data-elementor-type, Divi's et-l--header/et-l--footer)",
  matches(el, context) {
    if (el.attrs.length === 0) return null;
    const type = el.getAttribute('data-elementor-type');
    if (type === null && !(el.getAttribute('class') ?? '').includes('et-l--')) return null;
    const token = type === null ? tokens(el, 'class').find((t) => DIVI_PARTS.has(t)) : undefined;
    const meaning = type !== null ? BUILDER_PARTS.get(type.trim().toLowerCase()) : token !== undefined ? DIVI_PARTS.get(token) : undefined;
    if (meaning === undefined) return null;
    if (context.facts.holds(el, 'firstText') || context.facts.holds(el, 'mainRegion') || context.facts.holds(el, 'title')) return null;
    return `${meaning}, as the page builder declares it`;
  },
};
