// Repeated captions: galleries and lead images often write a caption twice (in full and cut short
// with "…", or once per slide of a carousel that repeats the figures). The second copy, and a
// shortened copy wherever it stands, adds nothing. Only captions are compared: repeated prose in
// documentation (a trait method's text under each implementation) is content.
import { ELEMENT_NODE, type Element, textOf } from '../dom/nodes';
import { type Skip, tokenIn, vocabulary } from '../dom/query';
import { isBlock } from '../html/blocks';
import type { CleaningRule } from './types';

const CAPTION_TOKENS = vocabulary(['caption', 'wp-caption', 'wp-caption-text', 'image-caption', 'photo-caption', 'media-caption', 'gallery-caption']);
/** Shorter captions ("Photo: AP") repeat by nature. */
const MIN_TEXT = 30;
const ELLIPSIS = /(\u2026|\.\.\.)$/;

function hasBlockChild(el: Element): boolean {
  for (const child of el.childNodes) if (child.nodeType === ELEMENT_NODE && isBlock(child as Element)) return true;
  return false;
}

export function namesCaption(el: Element): boolean {
  return el.localName === 'figcaption' || el.localName === 'figure' || tokenIn(el, CAPTION_TOKENS) !== undefined;
}

/** A block of caption text: a block without blocks inside, that is or stands in a caption or a figure. */
function isCaption(el: Element): boolean {
  if (!isBlock(el) || hasBlockChild(el)) return false;
  for (let node: Element | null = el; node !== null; node = node.parentElement) if (namesCaption(node)) return true;
  return false;
}

/** The captions that repeat another (a later exact copy, or a copy cut short with an ellipsis). */
export function findRepeatedCaptions(elements: readonly Element[], skip: Skip): ReadonlySet<Element> {
  const captions: { el: Element; text: string }[] = [];
  for (const el of elements) {
    if (!isCaption(el) || (skip !== null && skip(el))) continue;
    const text = textOf(el).replace(/\s+/g, ' ').trim();
    if (text.length < MIN_TEXT) continue;
    captions.push({ el, text });
  }
  const repeated = new Set<Element>();
  const seen = new Set<string>();
  for (const { el, text } of captions) {
    if (seen.has(text)) repeated.add(el);
    seen.add(text);
    if (ELLIPSIS.test(text)) {
      const stem = text.replace(ELLIPSIS, '').trim();
      if (stem.length >= MIN_TEXT && captions.some((other) => other.el !== el && other.text.length > stem.length && other.text.startsWith(stem))) repeated.add(el);
    }
  }
  return repeated;
}

export const repeatedCaption: CleaningRule = {
  id: 'repeated-caption',
  category: 'chrome',
  describe: 'a caption the page repeats (a second copy, or one cut short with "…")',
  matches(el, context) {
    return context.facts.repeatedCaptions.has(el) ? 'a repeated caption: the same text stands elsewhere in full' : null;
  },
};
