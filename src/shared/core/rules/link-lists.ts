// Lists and blocks whose every item is only a link (menus, related articles, tag clouds, teaser
// cards, breadcrumbs), where they stand outside the page's running text:
// - inside the declared main region, only after its last paragraph of running text;
// - elsewhere (outside the region, or on a page that declares none), unless paragraphs of running
//   text stand on both sides of the list among its siblings: then it belongs to the prose.
// A page without any running text (an index, a link directory) keeps its lists.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text, textOf } from '../dom/nodes';
import { findDescendant, showsNothing, type Skip, whatIsLeft } from '../dom/query';
import { HEADING_TAGS } from '../html/blocks';
import { withinDocumentPart } from './document-parts';
import { isShareLink } from './share-bars';
import type { CleaningRule, RuleContext } from './types';

const LISTS = new Set(['ul', 'ol']);
const BLOCKS = new Set(['div', 'p', 'section', 'span', 'td', 'aside', 'figure', 'footer', 'nav']);
/** Text outside links that does not make an item more than a link: separators and bullets. */
const SEPARATORS = /^[\s\p{P}\p{S}]*$/u;

/** True when all the text under `el` (outside skipped subtrees) is inside links, and there is a link. */
export function isOnlyLinks(el: Element, skip: Skip): boolean {
  return isLinksAnd(el, skip, SEPARATORS);
}

/** Text beside an entry's link that adds no words: separators, and numbers (a date, a count of comments, a rank). */
const ENTRY_NUMBERS = /^[\s\p{P}\p{S}\p{N}]*$/u;

/**
 * A <ul>/<ol> of two or more entries (or a <div> of entries set as blocks), each its links and at
 * most numbers beside them ("2019-01-14: [Story]", "[Story] (13)", "1 [Story]"). Read so only where
 * a title announces related stories: a price or a page number beside a link is the content of other lists.
 */
export function isListOfLinkedEntries(el: Element, skip: Skip): boolean {
  const isList = LISTS.has(el.localName);
  if ((!isList && el.localName !== 'div') || hasLooseText(el)) return false;
  const items = children(el, skip).filter((item) => !showsNothing(item));
  const isEntry = (item: Element) => (isList ? item.localName === 'li' : BLOCKS.has(item.localName)) && isLinksAnd(item, skip, ENTRY_NUMBERS);
  return items.length >= 2 && items.every(isEntry);
}

/** True when the text under `el` outside links is only what `beside` allows, and there is a link. */
function isLinksAnd(el: Element, skip: Skip, beside: RegExp): boolean {
  let links = 0;
  // Parallel stacks (a node, and whether it stands inside a link): no allocation per node.
  const nodes: Node[] = [el];
  const inLinks: boolean[] = [false];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const inLink = inLinks.pop()!;
    if (node.nodeType === TEXT_NODE) {
      if (!inLink && !beside.test((node as Text).data)) return false;
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    if (child !== el && skip !== null && skip(child)) continue;
    const isLink = child.localName === 'a' && child.hasAttribute('href');
    if (isLink) links++;
    for (let i = child.childNodes.length - 1; i >= 0; i--) {
      nodes.push(child.childNodes[i]);
      inLinks.push(inLink || isLink);
    }
  }
  return links > 0;
}

/** Whether `el` has at least `n` element children outside skipped subtrees (counted, not collected). */
function hasChildren(el: Element, skip: Skip, n: number): boolean {
  let found = 0;
  const kids = el.childNodes;
  for (let i = 0; i < kids.length && found < n; i++) {
    const kid = kids[i];
    if (kid.nodeType === ELEMENT_NODE && (skip === null || !skip(kid as Element))) found++;
  }
  return found >= n;
}

function children(el: Element, skip: Skip): Element[] {
  return el.childNodes.filter((n): n is Element => n.nodeType === ELEMENT_NODE && (skip === null || !skip(n as Element)));
}

function linksElsewhere(a: Element): boolean {
  const href = (a.getAttribute('href') ?? '').trim();
  return href !== '' && !href.startsWith('#');
}

/** The one <a> inside `el`, or null when there is none or more than one. */
function onlyLinkIn(el: Element): Element | null {
  const first = findDescendant(el, (d) => d.localName === 'a');
  if (first === null) return null;
  return findDescendant(el, (d) => d.localName === 'a' && d !== first) === null ? first : null;
}

/**
 * A heading that is all one link to another page, or sits inside one: a teaser's headline (a
 * section's permalink points into the same page and does not count).
 */
function isLinkedHeading(el: Element, skip: Skip): boolean {
  if (!HEADING_TAGS.has(el.localName)) return false;
  const parent = el.parentElement;
  if (parent !== null && parent.localName === 'a' && linksElsewhere(parent)) return true;
  if (!isOnlyLinks(el, skip)) return false;
  const link = onlyLinkIn(el);
  return link !== null && linksElsewhere(link);
}

const TEASER_TEXT_MAX = 300;

/** A teaser card: a linked headline, and besides links at most a short summary, a date or a byline. */
export function isTeaser(el: Element, skip: Skip): boolean {
  if (findDescendant(el, (d) => isLinkedHeading(d, skip), skip) === null && !isLinkedHeading(el, skip)) return false;
  return looseTextLength(el, skip) <= TEASER_TEXT_MAX;
}

/** What an announced teaser may say beside its links: a summary of a few sentences, or the story's first paragraph. */
const ANNOUNCED_TEASER_TEXT_MAX = 1000;

/**
 * A teaser as a block announced as related stories holds them: a headline whose words are mostly one
 * link to another page (a category beside it: "Ehrenamtsstiftung – … (Thema: Ehrenamt)"), and a
 * summary of a few sentences. Never read so elsewhere: a section under a linked heading is content.
 */
export function isAnnouncedTeaser(el: Element, skip: Skip): boolean {
  // Found among what rules removed too: a headline named as related ("Related__Heading") went first, its card is no less a teaser.
  const headline = HEADING_TAGS.has(el.localName) ? el : findDescendant(el, (d) => HEADING_TAGS.has(d.localName));
  if (headline === null || headline.localName === 'h1' || !isMostlyOneLink(headline)) return false;
  if (findDescendant(el, (d) => NOT_IN_CARDS.has(d.localName), skip) !== null) return false;
  return looseTextLength(el, skip, ANNOUNCED_TEASER_TEXT_MAX) <= ANNOUNCED_TEASER_TEXT_MAX;
}

/** The heading's first link leads to another page and holds most of its words (or a link to another page wraps the heading). */
function isMostlyOneLink(heading: Element): boolean {
  const wrapper = heading.parentElement;
  if (wrapper !== null && wrapper.localName === 'a' && linksElsewhere(wrapper)) return true;
  const link = heading.getElementsByTagName('a')[0];
  if (link === undefined || !linksElsewhere(link)) return false;
  return textOf(link).trim().length * 2 > textOf(heading).trim().length;
}

const CARD_PARTS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'img', 'picture']);
const NOT_IN_CARDS = new Set(['pre', 'code', 'kbd', 'samp', 'dl', 'table', 'h1', 'form']);

/**
 * A story card: a headline or a picture, at most a short summary, and a link to the story ("Mehr
 * erfahren") — a teaser whose headline is not itself the link. Only a block that the page announces
 * as related stories is read as a list of cards (see announced.ts): alone, it is a section.
 */
export function isCard(el: Element, skip: Skip): boolean {
  let parts = 0;
  let links = 0;
  const found = findDescendant(
    el,
    (d) => {
      if (NOT_IN_CARDS.has(d.localName)) return true;
      // A heading with links among its words is a reference's entry (rustdoc's "impl Trait for
      // Type", its names linked), not a headline.
      if (HEADING_TAGS.has(d.localName) && d.getElementsByTagName('a').length > 0 && !isLinkedHeading(d, skip)) return true;
      if (CARD_PARTS.has(d.localName)) parts++;
      else if (d.localName === 'a' && linksElsewhere(d)) links++;
      return false;
    },
    skip,
  );
  return found === null && parts > 0 && links > 0 && looseTextLength(el, skip) <= TEASER_TEXT_MAX;
}

/** A block of two or more story cards (after an optional heading). */
const NOTHING_REMOVED = () => false;

export function isCardList(el: Element, skip: Skip): boolean {
  // An empty layout helper (a masonry grid's sizer) is no entry of the list.
  let items = children(el, skip).filter((item) => whatIsLeft(item, skip ?? NOTHING_REMOVED) !== 'empty');
  if (items.length > 0 && isListTitle(items[0], skip)) items = items.slice(1);
  return items.length >= 2 && items.every((item) => isCard(item, skip) || isTeaser(item, skip) || isOnlyLinks(item, skip));
}

/** How deep the heading that opens a list may sit in wrappers holding only it (a <header> around a <div> around the <h2>). */
const TITLE_DEPTH = 3;

/** A heading, or wrappers holding nothing but one: the title a list opens with ("Related", a topic's name). */
function isListTitle(el: Element, skip: Skip): boolean {
  let node: Element | null = el;
  for (let depth = 0; node !== null && depth <= TITLE_DEPTH; depth++) {
    if (HEADING_TAGS.has(node.localName)) return true;
    if (hasLooseText(node)) return false;
    const shown: Element[] = children(node, skip).filter((child) => whatIsLeft(child, skip ?? NOTHING_REMOVED) !== 'empty');
    node = shown.length === 1 ? shown[0] : null;
  }
  return false;
}

function looseTextLength(el: Element, skip: Skip, max = TEASER_TEXT_MAX): number {
  let length = 0;
  const stack: Node[] = [el];
  while (stack.length > 0 && length <= max) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) length += (node as Text).data.trim().length;
    else if (node.nodeType === ELEMENT_NODE) {
      const child = node as Element;
      if ((child !== el && skip !== null && skip(child)) || (child.localName === 'a' && child.hasAttribute('href'))) continue;
      for (const grandchild of child.childNodes) stack.push(grandchild);
    }
  }
  return length;
}

function hasLooseText(el: Element): boolean {
  return el.childNodes.some((n) => n.nodeType === TEXT_NODE && !SEPARATORS.test((n as Text).data));
}

/**
 * A list of items that are each nothing but links (a menu, a tag cloud, teaser cards whose image,
 * title and summary are all links): a <ul>/<ol> of at least two such items, or a block of at least
 * two such children (three when they are bare links), optionally opened by a heading ("Related").
 */
export function isLinkList(el: Element, skip: Skip): boolean {
  if (!LISTS.has(el.localName) && !BLOCKS.has(el.localName)) return false;
  if (hasLooseText(el)) return false;
  let items = children(el, skip);
  if (items.length > 0 && isListTitle(items[0], skip)) items = items.slice(1);
  const isItem = (item: Element) => isOnlyLinks(item, skip) || isTeaser(item, skip) || isLinkList(item, skip);
  if (LISTS.has(el.localName)) return items.length >= 2 && items.every((item) => item.localName === 'li' && isItem(item));
  const bareLinks = items.every((item) => item.localName === 'a');
  return items.length >= (bareLinks ? 3 : 2) && items.every(isItem);
}

/** Paragraphs of running text stand before and after `el` among its siblings. */
function withinProse(el: Element, context: RuleContext): boolean {
  let before = false;
  for (let node = el.previousElementSibling; node !== null && !before; node = node.previousElementSibling) before = context.facts.isRunningText(node);
  if (!before) return false;
  for (let node = el.nextElementSibling; node !== null; node = node.nextElementSibling) if (context.facts.isRunningText(node)) return true;
  return false;
}

/** A section of this page ("#…"), or a path below its folder: relative, without a scheme, a leading "/" or "..". */
const SUBPAGE = /^(#.+|(?![a-z][a-z0-9+.-]*:|\/|#|\.\.\/)[^?#]+)/i;

/**
 * Every link goes to a section of this page or a page below it: a table of contents of the page's own sections or
 * sub-pages, which documentation generators (Sphinx's toctree, MkDocs, Javadoc) write as relative
 * paths. On an index page it is the content. Site menus and related stories link across the site.
 */
function isSubpageIndex(el: Element): boolean {
  const links = el.getElementsByTagName('a');
  return links.length > 0 && links.every((a) => SUBPAGE.test((a.getAttribute('href') ?? '').trim()));
}

/**
 * The sentence just before `el` introduces it ("The current and past members of the team." and then
 * their links): a paragraph of a few words as its previous sibling. A bar of category or share links
 * follows a title, a byline or an image, not a sentence.
 */
function introducedByParagraph(el: Element, skip: Skip): boolean {
  let before = el.previousElementSibling;
  while (before !== null && skip !== null && skip(before)) before = before.previousElementSibling;
  return before !== null && before.localName === 'p' && (textOf(before).match(WORD) ?? []).length >= INTRODUCTION_WORDS;
}

function outsideRunningText(el: Element, context: RuleContext): boolean {
  const span = context.facts.textSpan;
  if (span === null || isSubpageIndex(el)) return false;
  if (context.facts.inMainRegion(el)) {
    if (context.facts.holds(el, 'lastText') || context.facts.holds(el, 'firstText')) return false;
    const at = context.facts.position(el);
    if (at > context.facts.position(span.last)) return true;
    // Before the text, the region's bars of links (categories, breadcrumbs, share links) — but not a
    // list that a sentence introduces, which is the document's own.
    return at < context.facts.position(span.first) && !introducedByParagraph(el, context.skip);
  }
  return !withinProse(el, context);
}

/** Words a list item's own text needs to introduce a sub-list (not a menu's label: "News", "About us"). */
const INTRODUCTION_WORDS = 3;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A sub-list that a sentence introduces: the list item around it has words of its own outside links
 * ("Locale-sensitive functions in the ECMAScript specification:" and then the functions). The list
 * finishes that sentence; a menu's sub-list hangs under a link or a one-word label.
 */
function introducedBySentence(el: Element, skip: Skip): boolean {
  const parent = el.parentElement;
  if (parent === null || (parent.localName !== 'li' && parent.localName !== 'dd')) return false;
  let words = 0;
  const stack: Node[] = [...parent.childNodes];
  while (stack.length > 0 && words < INTRODUCTION_WORDS) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) words += ((node as Text).data.match(WORD) ?? []).length;
    else if (node.nodeType === ELEMENT_NODE) {
      const child = node as Element;
      if (child === el || (skip !== null && skip(child)) || (child.localName === 'a' && child.hasAttribute('href')) || LISTS.has(child.localName)) continue;
      stack.push(...child.childNodes);
    }
  }
  return words >= INTRODUCTION_WORDS;
}

/** Words each link of a reference list carries: the title of a document, not a site's or network's name. */
const REFERENCE_TITLE_WORDS = 3;
const HOST = /^https?:\/\/([^/?#:]+)/i;

/**
 * A list of references: links to documents on two or more other sites, each titled in words
 * ("RFC 3275: XML-Signature Syntax and Processing"). A site's menus and related stories link within
 * the site, and a "follow us" row names networks in a word each.
 */
function isReferenceList(el: Element): boolean {
  const hosts = new Set<string>();
  for (const a of el.getElementsByTagName('a')) {
    const host = HOST.exec((a.getAttribute('href') ?? '').trim());
    if (host === null || isShareLink(a.getAttribute('href')!)) return false;
    if ((textOf(a).match(WORD) ?? []).length < REFERENCE_TITLE_WORDS) return false;
    hosts.add(host[1].toLowerCase().replace(/^www\./, ''));
  }
  return hosts.size >= 2;
}

/** The list stands in the block of the running text, or right after a paragraph of it (headings between aside). */
function continuesProse(el: Element, context: RuleContext): boolean {
  const parent = el.parentElement;
  if (parent !== null && context.facts.isRunningText(parent)) return true;
  for (let node = el.previousElementSibling; node !== null; node = node.previousElementSibling) {
    if (!HEADING_TAGS.has(node.localName)) return context.facts.isRunningText(node);
  }
  return false;
}

export const linkList: CleaningRule = {
  id: 'link-list',
  category: 'chrome',
  pass: 'late',
  describe: 'lists and blocks of nothing but links (menus, related links, tag clouds) before or after the running text',
  tags: [...LISTS, ...BLOCKS],
  matches(el, context) {
    // Cheap first: a list has at least two items (deep chains of single children never qualify).
    if (!hasChildren(el, context.skip, 2) || !isLinkList(el, context.skip) || introducedBySentence(el, context.skip) || !outsideRunningText(el, context)) return null;
    if (isReferenceList(el) && continuesProse(el, context)) return null;
    // Footnotes that are only a link (a source's URL) are still the document's footnotes.
    if (withinDocumentPart(el)) return null;
    return 'a list of links, outside the running text';
  },
};
