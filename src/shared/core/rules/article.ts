// Article mode's rules: what stands outside the main content that article/content.ts chose, and
// blocks of links inside it. Category "article": the inspector lists them apart, each keepable.
import type { Element } from '../dom/nodes';
import { findDescendant } from '../dom/query';
import { HEADING_TAGS } from '../markdown/blocks';
import type { ArticleContent } from '../article/content';
import { isDocumentPart } from './document-parts';
import { isDataTable } from './page-facts';
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
    return `${OUTSIDE_MAIN_CONTENT} (a block of links)`;
  },
};

const STORY_PARTS = new Set(['figure', 'img', 'ul', 'ol', 'dl']);

/** What may follow the story and still be part of it: lists, figures, tables, code and the headings over them, notes. */
function continuesStory(el: Element): boolean {
  return STORY_PARTS.has(el.localName) || isDocumentPart(el) || holdsTableOrCode(el);
}

export const articleTrailing: CleaningRule = {
  id: 'article-after-text',
  category: 'article',
  pass: 'article',
  describe: 'article mode: what follows the last paragraph of the story inside its block (credits, sign-ups, author boxes, tags)',
  matches(el, context) {
    const article = context.facts.article;
    if (article === null || !(el.order > article.textEnd) || !insideKept(el, article) || continuesStory(el)) return null;
    return `${OUTSIDE_MAIN_CONTENT} (after the end of the text)`;
  },
};
