// Article mode's rules: what stands outside the main content that article/content.ts chose, and
// blocks of links inside it. Category "article": the inspector lists them apart, each keepable.
import { type Element, ELEMENT_NODE, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { findDescendant, type Skip } from '../dom/query';
import { HEADING_TAGS, isBlock } from '../html/blocks';
import type { ArticleContent } from '../article/content';
import { isDocumentPart } from './document-parts';
import { isOnlyLinks, isTeaser } from './link-lists';
import { namesCaption } from './repeated';
import { CAPTION_WORDS, namedAs, NOISE_WORDS } from '../article/names';
import { contains, isDataTable } from './page-facts';
import type { CleaningRule } from './types';

export const OUTSIDE_MAIN_CONTENT = 'outside the main content';

/** What never goes as part of the page's structure: the head, and the path down to the content. */
const STRUCTURE = new Set(['html', 'head', 'body']);

export const articleOutside: CleaningRule = {
  id: 'article-outside',
  category: 'article',
  pass: 'article',
  describe: 'article mode: everything beside the main content (found by scoring paragraphs of prose)',
  matches(el, context) {
    const article = context.facts.article;
    if (article === null || STRUCTURE.has(el.localName)) return null;
    const parent = el.parentElement;
    if (parent === null || !article.path.has(parent) || article.path.has(el) || article.kept.has(el)) return null;
    return OUTSIDE_MAIN_CONTENT;
  },
};

/** Containers of links: a paragraph or a span that is mostly links is still a sentence ("Get logger wrapped by X"). */
const LINK_BLOCKS = new Set(['div', 'section', 'ul', 'ol', 'aside', 'nav', 'header', 'footer']);
/** A block inside the content whose text is more than this share links is a link list, not prose. */
const LINK_SHARE = 0.5;

function insideKept(el: Element, article: ArticleContent): boolean {
  for (let node: Element | null = el; node !== null; node = node.parentElement) {
    if (article.kept.has(node)) return node !== el;
    if (article.path.has(node)) return false;
  }
  return false;
}

function holdsTableOrCode(el: Element): boolean {
  if (el.localName === 'pre' || (el.localName === 'table' && isDataTable(el))) return true;
  return findDescendant(el, (d) => d.localName === 'pre' || (d.localName === 'table' && isDataTable(d)) || HEADING_TAGS.has(d.localName)) !== null;
}

/**
 * A list whose items mostly carry words besides their links: entries (a parameter and its type, a
 * term and its definition), not a list of links (related stories are links or teaser cards).
 */
function entriesWithWords(el: Element, skip: Skip): boolean {
  let items = 0;
  let withWords = 0;
  for (const kid of el.children) {
    if (skip !== null && skip(kid)) continue;
    items++;
    if (!isOnlyLinks(kid, skip) && !isTeaser(kid, skip)) withWords++;
  }
  return items >= 1 && withWords * 2 > items;
}

export const articleInside: CleaningRule = {
  id: 'article-links',
  category: 'article',
  pass: 'article',
  tags: [...LINK_BLOCKS],
  describe: 'article mode: blocks of links inside the main content (related links, teasers, tag lists)',
  matches(el, context) {
    const article = context.facts.article;
    if (article === null || !LINK_BLOCKS.has(el.localName)) return null;
    const at = el.order;
    const text = article.text[at];
    if (!(text > 0) || article.linkText[at] / text <= LINK_SHARE) return null;
    if (!insideKept(el, article) || holdsTableOrCode(el)) return null;
    if ((el.localName === 'ul' || el.localName === 'ol') && entriesWithWords(el, context.skip)) return null;
    return `${OUTSIDE_MAIN_CONTENT} (a block of links)`;
  },
};

const STORY_PARTS = new Set(['figure', 'img', 'ul', 'ol', 'dl']);

/** What may follow the story and still be part of it: lists, figures, tables, code and the headings over them, notes. */
function continuesStory(el: Element): boolean {
  return STORY_PARTS.has(el.localName) || isDocumentPart(el) || holdsTableOrCode(el);
}

/** Line breaks and blank runs looked past for the words beside an inline element ("text<br><br><b>Dining</b><br>text"). */
const NEIGHBOUR_REACH = 4;

/**
 * An inline element beside words (a word in italics, a line break between lines): part of a text
 * that may run on after the last paragraph found inside its block (MacRumors' paragraphs are
 * lines of one <div>, with a list between them).
 */
function inRunningText(el: Element): boolean {
  if (isBlock(el)) return false;
  // Its neighbours only, past a few line breaks (a parent may hold thousands of children).
  const isWords = (node: Node | null) => node !== null && node.nodeType === TEXT_NODE && (node as Text).data.trim() !== '';
  const isBreak = (node: Node | null) => node !== null && ((node.nodeType === ELEMENT_NODE && (node as Element).localName === 'br') || (node.nodeType === TEXT_NODE && (node as Text).data.trim() === ''));
  let before = el.previousSibling;
  for (let i = 0; i < NEIGHBOUR_REACH && isBreak(before); i++) before = before!.previousSibling;
  let after = el.nextSibling;
  for (let i = 0; i < NEIGHBOUR_REACH && isBreak(after); i++) after = after!.nextSibling;
  return isWords(before) || isWords(after);
}

/** Levels climbed looking for a story part around an element; deeper, it is taken to stand in one. */
const MAX_CLIMB = 64;

/** An element inside code or a data table that follows the text: the code or the table stays whole. */
function insideStoryPart(el: Element, article: ArticleContent): boolean {
  let level = 0;
  for (let node = el.parentElement; node !== null && !article.kept.has(node); node = node.parentElement) {
    if (++level > MAX_CLIMB || node.localName === 'pre' || (node.localName === 'table' && isDataTable(node))) return true;
  }
  return false;
}

export const articleTrailing: CleaningRule = {
  id: 'article-after-text',
  category: 'article',
  pass: 'article',
  describe: 'article mode: what follows the last paragraph of the story inside its block (credits, sign-ups, author boxes, tags)',
  matches(el, context) {
    const article = context.facts.article;
    if (article === null || !(el.order > article.textEnd) || inRunningText(el) || !insideKept(el, article) || continuesStory(el) || insideStoryPart(el, article)) return null;
    return `${OUTSIDE_MAIN_CONTENT} (after the end of the text)`;
  },
};

const IMAGES = new Set(['img', 'picture', 'video', 'svg']);

/** The <figure> a caption stands in, within CAPTION_REACH + 1 levels. */
function closestFigure(el: Element): Element | null {
  let level = 0;
  for (let node = el.parentElement; node !== null && level <= CAPTION_REACH; node = node.parentElement, level++) if (node.localName === 'figure') return node;
  return null;
}
/** Levels above a caption where the image it describes may stand (figure > div > img, and the caption beside the div). */
const CAPTION_REACH = 2;

/**
 * A caption of an image: it stands in a <figure>, or its parent (or the block around that) holds
 * an image; never one of a figure or block holding a table, code or a heading (a listing's caption stays).
 */
function describesImage(caption: Element): boolean {
  // In a <figure> without code or a table, the caption is the picture's (lazy pictures come without an <img>).
  const figure = closestFigure(caption);
  if (figure !== null && !holdsTableOrCode(figure)) return true;
  let node = caption.parentElement;
  for (let level = 0; node !== null && level < CAPTION_REACH; level++, node = node.parentElement) {
    if (holdsTableOrCode(node)) return false;
    if (findDescendant(node, (d) => IMAGES.has(d.localName)) !== null) return true;
  }
  return false;
}

export const articleCaption: CleaningRule = {
  id: 'article-caption',
  category: 'article',
  pass: 'article',
  describe: "article mode: an image's caption or credit inside the main content (a listing's or a table's caption stays)",
  matches(el, context) {
    const article = context.facts.article;
    if (article === null || el.localName === 'figure' || !(namesCaption(el) || namedAs(el, CAPTION_WORDS)) || !insideKept(el, article)) return null;
    return describesImage(el) ? `${OUTSIDE_MAIN_CONTENT} (an image's caption)` : null;
  },
};

const NAMED_BLOCKS = ['div', 'section', 'aside', 'p', 'ul', 'ol', 'footer', 'header', 'span', 'figure', 'blockquote', 'small', 'em', 'i', 'strong'];

export const articleNamed: CleaningRule = {
  id: 'article-named',
  category: 'article',
  pass: 'article',
  tags: NAMED_BLOCKS,
  describe: 'article mode: blocks inside the main content that their class or id names as noise (author boxes, newsletters, promos, related, comments, share, disclaimers)',
  matches(el, context) {
    const article = context.facts.article;
    if (article === null || !namedAs(el, NOISE_WORDS) || !insideKept(el, article)) return null;
    // The block that scored best is the story's core, whatever the name of a block around it.
    if (contains(el, article.best)) return null;
    // Code, data tables and quotations (a tweet the story embeds, in its social-media wrapper) are the story's.
    if (findDescendant(el, (d) => d.localName === 'pre' || d.localName === 'blockquote' || (d.localName === 'table' && isDataTable(d))) !== null) return null;
    return `${OUTSIDE_MAIN_CONTENT} (named as noise)`;
  },
};
