// What a block's class or id says it is, read by article mode only (the default mode never reads
// class names beyond whole tokens of short vocabularies).
import type { Element } from '../dom/nodes';

/**
 * Words a block's class or id names noise by (article mode may read class names: the user asked
 * for a cut). Whole words of the name, split at punctuation and camelCase: "ArticlePage-authorInfo"
 * says "author"; "deprecation-comment" says nothing of comments.
 */
export const NOISE_WORDS = new Set([
  'author', 'byline', 'bio', 'meta', 'postmetadata', 'copyright', 'newsletter', 'subscribe', 'subscription', 'signup', 'paywall',
  'promo', 'teasers', 'related', 'share', 'sharing', 'social', 'comments', 'kommentar', 'kommentare', 'commentaires', 'comentarios',
  'disclaimer', 'disclosure', 'ad', 'ads', 'advert', 'advertisement', 'sponsor', 'sponsored', 'breaking', 'donate', 'donation',
]);
export const CAPTION_WORDS = new Set(['caption', 'legend', 'credit', 'credits']);


/** Whether a word of the element's class or id is in `words`. */
export function namedAs(el: Element, words: ReadonlySet<string>): boolean {
  if (el.attrs.length === 0) return false;
  const name = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  for (const word of name.split(/[^a-z]+/)) if (words.has(word)) return true;
  return false;
}

