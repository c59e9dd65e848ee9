// Site chrome named by semantic tags. A <header>/<footer> is chrome unless document structure says
// it belongs to an article: it stands inside an article/main/section and holds its title or byline.
import { closest, findDescendant, hasToken } from '../dom/query';
import type { Element } from '../dom/nodes';
import { isDocumentPart } from './document-parts';
import type { CleaningRule, RuleContext } from './types';

/**
 * A table of contents of the page itself: a <nav> inside the declared main region whose every link
 * goes to a section of this page (Sphinx's local contents, `role=doc-toc`). It is part of the
 * document, as its generator lays it out; site navigation links to other pages.
 */
function isOwnContents(el: Element, context: RuleContext): boolean {
  if (!context.facts.inMainRegion(el)) return false;
  const links = el.getElementsByTagName('a').filter((a) => a.hasAttribute('href'));
  return links.length >= 2 && links.every((a) => /^#./.test((a.getAttribute('href') ?? '').trim()));
}

export const navigation: CleaningRule = {
  id: 'nav',
  category: 'boilerplate',
  describe: "<nav> is site navigation (a table of contents of the page's own sections inside its main region is kept)",
  tags: ['nav'],
  matches: (el, context) => (el.localName === 'nav' && !isOwnContents(el, context) ? '<nav> is site navigation' : null),
};

/** Inside an article, an <aside> without links is a pull quote or a fact box: part of the story. */
function isArticleAside(el: Element, context: RuleContext): boolean {
  const parent = el.parentElement;
  if (parent === null || closest(parent, (a) => a.localName === 'article' || a.localName === 'main' || hasToken(a, 'role', 'main')) === null) return false;
  return findDescendant(el, (d) => d.localName === 'a' && d.hasAttribute('href'), context.skip) === null;
}

/** An <aside> that holds the page's title and the start of its running text is the page, whatever its tag says. */
function holdsThePage(el: Element, context: RuleContext): boolean {
  return context.facts.holds(el, 'title') && context.facts.holds(el, 'firstText');
}

export const aside: CleaningRule = {
  id: 'aside',
  category: 'boilerplate',
  describe: "<aside> is a sidebar, tangential to the main content (footnotes, notes and admonitions, a link-free aside inside an article, and an aside holding the page's title and text, are kept)",
  tags: ['aside'],
  matches: (el, context) => (isDocumentPart(el) || isArticleAside(el, context) || holdsThePage(el, context) ? null : '<aside> is a sidebar, tangential to the main content'),
};

export const menu: CleaningRule = {
  id: 'menu',
  category: 'boilerplate',
  describe: '<menu> is a list of commands',
  tags: ['menu'],
  matches: (el) => (el.localName === 'menu' ? '<menu> is a list of commands' : null),
};

const SECTIONING = new Set(['article', 'main', 'section']);
const TITLE_OR_BYLINE = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hgroup', 'address', 'time']);
const BYLINE_ITEMPROPS = ['author', 'headline', 'name', 'datepublished', 'datemodified', 'creator'];

function isSectioningBody(el: Element): boolean {
  if (SECTIONING.has(el.localName)) return true;
  const role = el.getAttribute('role');
  return role === 'main' || role === 'article';
}

function isTitleOrByline(el: Element): boolean {
  if (TITLE_OR_BYLINE.has(el.localName)) return true;
  if (el.localName === 'a' && hasToken(el, 'rel', 'author')) return true;
  return BYLINE_ITEMPROPS.some((prop) => hasToken(el, 'itemprop', prop));
}

/** True when `el` stands inside an article/main/section and holds that part's title or byline. */
export function belongsToArticle(el: Element, context: RuleContext): boolean {
  const parent = el.parentElement;
  if (parent === null || closest(parent, isSectioningBody) === null) return false;
  return findDescendant(el, isTitleOrByline, context.skip) !== null;
}

function pageBand(tag: 'header' | 'footer', role: string): CleaningRule {
  return {
    id: tag,
    category: 'boilerplate',
    describe: `<${tag}> is the site's ${role}, unless it holds an article's own title or byline`,
    tags: [tag],
    matches(el, context) {
      if (el.localName !== tag || belongsToArticle(el, context)) return null;
      // Broken markup can leave a band open around the whole page: one that holds the running
      // text's first paragraph or the main region is not a band.
      if (context.facts.holds(el, 'firstText') || context.facts.holds(el, 'mainRegion')) return null;
      return `<${tag}> is the site's ${role}`;
    },
  };
}

export const header = pageBand('header', 'page header');
export const footer = pageBand('footer', 'page footer');
