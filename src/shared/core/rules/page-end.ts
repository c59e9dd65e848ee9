// The end of the page's layout: on a page that declares no main region, the blocks of the page's
// own layout (children of <body>, or of the wrappers <body> holds alone) that come after the block
// holding all of the running text, and hold none of it, are its footer: sites name theirs anything
// ("mo-footer", "PageFooter", "b_footerWrap"), but every layout ends with one. Taken from the
// last block backwards, so a pre-footer goes with the footer; a block with running text (a thread
// of long comments) stops it.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { findDescendant, hasToken, SEEN_WITHOUT_TEXT, type Skip } from '../dom/query';
import { isDocumentPart } from './document-parts';
import { holdsDataTable } from './page-facts';
import type { CleaningRule, RuleContext } from './types';

const TEXT_CONTAINERS = new Set(['main', 'article']);
/** How many wrappers deep below <body> a layout level may sit. */
const LAYOUT_DEPTH = 8;
/** A level of the page's layout holds a handful of blocks (header, content, sidebar, footer), not hundreds. */
const LAYOUT_MAX_NODES = 400;

/** Elements that show nothing where they stand. */
const UNSEEN = new Set(['script', 'style', 'noscript', 'template', 'link', 'meta']);

/** How many nodes are read to tell that a block shows nothing; past them, it is taken to show something. */
const NOTHING_NODES = 64;

/** Whether `node` shows nothing a reader sees (whitespace, a script, a removed or empty block), read from a few nodes. */
function showsNothingHere(node: Node, skip: Skip & {}): boolean {
  if (node.nodeType === TEXT_NODE) return (node as Text).data.trim() === '';
  if (node.nodeType !== ELEMENT_NODE) return true;
  let budget = NOTHING_NODES;
  const stack: Element[] = [node as Element];
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (UNSEEN.has(el.localName) || skip(el)) continue;
    if (SEEN_WITHOUT_TEXT.has(el.localName) || --budget < 0) return false;
    for (const child of el.childNodes) {
      if (child.nodeType === TEXT_NODE) {
        if ((child as Text).data.trim() !== '') return false;
      } else if (child.nodeType === ELEMENT_NODE) stack.push(child as Element);
    }
  }
  return true;
}

/** The one element child of `el` that shows something, when there is exactly one. */
function onlyShownChild(el: Element, skip: Skip & {}): Element | null {
  let only: Element | null = null;
  for (const child of el.childNodes) {
    if (showsNothingHere(child, skip)) continue;
    if (child.nodeType !== ELEMENT_NODE || only !== null) return null;
    only = child as Element;
  }
  return only;
}

/**
 * Whether `el` is <body>, or a wrapper that <body> (through such wrappers) holds alone: a level of
 * the page's layout. Never an <article>, a <main> or what a role names so: that is the text's own
 * container, though the page's other parts were removed around it. A layout's levels are few and
 * near the top: past LAYOUT_DEPTH wrappers, or in a block of many children, there is none.
 */
function isLayoutLevel(el: Element, skip: Skip & {}): boolean {
  let level = el;
  for (let depth = 0; depth <= LAYOUT_DEPTH; depth++) {
    if (level.localName === 'body') return true;
    if (TEXT_CONTAINERS.has(level.localName) || hasToken(level, 'role', 'main') || hasToken(level, 'role', 'article')) return false;
    const parent = level.parentElement;
    if (parent === null || parent.childNodes.length > LAYOUT_MAX_NODES || onlyShownChild(parent, skip) !== level) return false;
    level = parent;
  }
  return false;
}

/** Whether every sibling after `el` shows nothing (scripts, removed blocks). */
function isLastShown(el: Element, skip: Skip & {}): boolean {
  for (let node = el.nextSibling; node !== null; node = node.nextSibling) if (!showsNothingHere(node, skip)) return false;
  return true;
}

/**
 * Whether a sibling before `el` holds all of the running text, from its first paragraph to its
 * last: then `el` stands after the text, not in it (a review's summary box after the reviews is
 * the text's own, and the block of reviews before it does not hold the text's start).
 */
function followsText(el: Element, context: RuleContext): boolean {
  for (let node = el.previousElementSibling; node !== null; node = node.previousElementSibling) {
    // A container of the text's paragraphs, not the one paragraph a short text is (a list after it is the text's).
    if (context.facts.holds(node, 'lastText')) return context.facts.holds(node, 'firstText') && !context.facts.isRunningText(node);
  }
  return false;
}

const SECTION_HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * A section of the document: a heading, and words besides the heading that are not links (a list
 * of methods, an address, a glossary). A footer or a box of related links has no such words.
 */
function isTitledSection(el: Element, skip: Skip & {}): boolean {
  let heading = false;
  let words = false;
  const stack: Element[] = [el];
  while (stack.length > 0 && !(heading && words)) {
    const current = stack.pop()!;
    if (current !== el && skip(current)) continue;
    if (SECTION_HEADINGS.has(current.localName)) {
      heading = true;
      continue;
    }
    if (current.localName === 'a' && current.hasAttribute('href')) continue;
    for (const child of current.childNodes) {
      if (child.nodeType === TEXT_NODE) words ||= /\p{L}/u.test((child as Text).data);
      else if (child.nodeType === ELEMENT_NODE && !UNSEEN.has((child as Element).localName)) stack.push(child as Element);
    }
  }
  return heading && words;
}

export const pageEnd: CleaningRule = {
  id: 'page-end',
  category: 'chrome',
  pass: 'late',
  describe: "the blocks that end the page's layout after the running text, on pages that declare no main region",
  matches(el, context) {
    const { facts, skip } = context;
    if (skip === null || facts.mainRegion !== null || facts.textSpan === null) return null;
    const parent = el.parentElement;
    // Cheap tests first (siblings are read only in small blocks): rules ask this of every element.
    if (parent === null || UNSEEN.has(el.localName) || parent.childNodes.length > LAYOUT_MAX_NODES) return null;
    if (!followsText(el, context) || !isLastShown(el, skip) || !isLayoutLevel(parent, skip)) return null;
    // Never the page's content: no running text, title, data table, code or document part inside.
    if (facts.holds(el, 'title') || facts.runningTextShare(el) > 0 || isDocumentPart(el) || holdsDataTable(el, skip)) return null;
    if (findDescendant(el, (d) => d.localName === 'pre' || d.localName === 'main' || isDocumentPart(d), skip) !== null) return null;
    if (isTitledSection(el, skip)) return null;
    return "a block ending the page's layout, after the running text";
  },
};
