// A heading whose whole section went as noise: "Latest articles" above a teaser list that the
// link-list rule removed, "Comments" above a removed thread. What it announced is gone, so the
// heading announces nothing; left alone it would stand in the Markdown over the next section's
// text. A heading followed by nothing at all, or by a section with any text left, stays; a title
// whose words announce such a block ("Aktuelle News") goes over an empty one too, and with nothing
// after it in its block.
import { ELEMENT_NODE, type Element, TEXT_NODE, type Text, textOf } from '../dom/nodes';
import { showsNothing, type Skip, whatIsLeft } from '../dom/query';
import { HEADING_TAGS } from '../html/blocks';
import { isTitleBlock, kindOfTitle } from './announced';
import type { CleaningRule } from './types';

/**
 * Whether `el` holds nothing but `only` (whitespace aside, and empty elements before it: an empty
 * breadcrumb slot above a title; one after it may be the slot of the section a script fills).
 */
function holdsOnly(el: Element, only: Element): boolean {
  let before = true;
  for (const child of el.childNodes) {
    if (child === only) {
      before = false;
      continue;
    }
    if (child.nodeType === TEXT_NODE && (child as Text).data.trim() === '') continue;
    if (before && child.nodeType === ELEMENT_NODE && showsNothing(child as Element)) continue;
    if (child.nodeType === ELEMENT_NODE || child.nodeType === TEXT_NODE) return false;
  }
  return true;
}

function isOrStartsWithHeading(el: Element): boolean {
  if (HEADING_TAGS.has(el.localName)) return true;
  const first = el.firstElementChild;
  return first !== null && HEADING_TAGS.has(first.localName);
}

/**
 * The siblings after the heading (or after the wrapper that holds only it), up to the next heading:
 * its section. True when there is one and every part of it was removed.
 */
function sectionRemoved(heading: Element, skip: Skip, emptyIsGone: boolean): boolean {
  if (skip === null) return false;
  let unit = heading;
  while (unit.parentElement !== null && unit.parentElement.localName !== 'body' && holdsOnly(unit.parentElement, unit)) unit = unit.parentElement;
  let parts = 0;
  let next = false;
  for (let node = unit.nextSibling; node !== null; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE) {
      if ((node as Text).data.trim() !== '') return false;
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    next = true;
    const sibling = node as Element;
    if (isOrStartsWithHeading(sibling) && !skip(sibling)) break;
    const left = whatIsLeft(sibling, skip);
    if (left === 'content') return false;
    if (left === 'removed' || (emptyIsGone && left === 'empty')) parts++;
  }
  // A title announcing related stories, comments or sharing that ends its block announces a block
  // that never came (a script fills it): "Most Popular" as the last line of a widget.
  return parts > 0 || (emptyIsGone && !next);
}

/** Whether a link to another place makes the heading a teaser's headline (a tab's "#" link is no such link). */
function isLinked(heading: Element): boolean {
  for (let node = heading.parentElement; node !== null; node = node.parentElement) if (node.localName === 'a') return true;
  return heading.getElementsByTagName('a').some((a) => a.hasAttribute('href') && !(a.getAttribute('href') ?? '').trim().startsWith('#'));
}

/**
 * A heading element, or a title set as a plain block that announces what sites put around a story
 * ("Mehr zum Thema", "Artikel teilen"): a plain block's words must say it was a title.
 */
function isAnnouncingTitle(el: Element): boolean {
  if (HEADING_TAGS.has(el.localName)) return true;
  // A block of its own: a <span> or <b> is a word of the line it stands in (a signature's "category").
  return PLAIN_TITLES.has(el.localName) && isTitleBlock(el) && kindOfTitle(textOf(el)) !== undefined;
}

const PLAIN_TITLES = new Set(['div', 'p']);

export const orphanHeading: CleaningRule = {
  id: 'orphan-heading',
  category: 'chrome',
  tags: ['h2', 'h3', 'h4', 'h5', 'h6', 'div', 'p'],
  pass: 'late',
  describe: 'a heading whose whole section was removed as noise (the title of a removed teaser list or comment thread)',
  matches(el, context) {
    // A linked heading is a teaser's headline: its card is the list's item, judged with the list.
    // The page's title, and the lead it declares (itemprop=description, often an <h2>), head the story.
    if (!isAnnouncingTitle(el) || context.facts.holds(el, 'title') || context.facts.holds(el, 'regionSummary') || isLinked(el)) return null;
    // A title that announces a block of related stories, comments or sharing stands over nothing when
    // that block is empty too (filled by a script that never ran here): "Aktuelle News" over an empty grid.
    const announcing = kindOfTitle(textOf(el)) !== undefined;
    return sectionRemoved(el, context.skip, announcing) ? 'a heading whose section was removed' : null;
  },
};
