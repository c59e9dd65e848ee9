// Promotions set inside the story: a paragraph that is only a label announcing other stories and
// links to them ("READ MORE: <headline>", "Lesen Sie auch: <headline>", "À lire aussi <headline>").
// The label is the page's own word for it, from the vocabulary that announces related-story blocks
// (announced.ts), set apart as a label (a colon, capitals or bold); a paragraph with any other
// words of its own ("Related costs rose, as <a>the audit</a> shows") is prose and stays.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import type { Skip } from '../dom/query';
import { kindOfTitle } from './announced';
import type { CleaningRule } from './types';

const PARAGRAPHS = ['p', 'div', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote'];
/** A label is a few words ("Also read", "Te puede interesar"), never a sentence. */
const LABEL_MAX = 40;
/** Bracketed kinds after a link ("[VIDEO]", "[ INSIGHT]") and separators between links. */
const KIND_TAG = /\[\s*[\p{Lu}\s]+\]/gu;
const SEPARATORS = /[\s\p{P}\p{S}]+/gu;
const withoutDecoration = (text: string) => text.replace(KIND_TAG, ' ').replace(SEPARATORS, ' ').trim();
const NOT_INLINE = new Set(['ul', 'ol', 'li', 'img', 'picture', 'figure', 'table', 'pre', 'video', 'iframe']);

interface Parts {
  /** The words before the first link, decoration taken out. */
  label: string;
  /** Whether the label is set apart as one: ends in a colon, is all capitals, or is all bold. */
  setApart: boolean;
  links: number;
}

const EMPHASIS = new Set(['strong', 'b', 'em']);

/**
 * The label before the first link, and how many links to other pages follow it; null when the block
 * holds more than a label and links (a word after a link, a block, an image, a section link).
 */
function partsOf(el: Element, skip: Skip): Parts | null {
  let label = '';
  let emphasised = true;
  let links = 0;
  // Parallel stacks: a node, and whether it stands inside bold or emphasis.
  const nodes: Node[] = [...el.childNodes].reverse();
  const bold: boolean[] = nodes.map(() => false);
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const inBold = bold.pop()!;
    if (node.nodeType === TEXT_NODE) {
      const text = (node as Text).data;
      if (links > 0) {
        if (withoutDecoration(text) !== '') return null;
        continue;
      }
      label += text;
      if (text.trim() !== '' && !inBold) emphasised = false;
      if (label.length > LABEL_MAX * 4) return null;
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    if (skip !== null && skip(child)) continue;
    if (child.localName === 'a') {
      const href = (child.getAttribute('href') ?? '').trim();
      if (href === '' || href.startsWith('#')) return null;
      links++;
      continue;
    }
    // Only inline wrappers (a bold label, a span, a line break): a block inside is more than a promotion.
    if (PARAGRAPHS.includes(child.localName) || NOT_INLINE.has(child.localName)) return null;
    for (let i = child.childNodes.length - 1; i >= 0; i--) {
      nodes.push(child.childNodes[i]);
      bold.push(inBold || EMPHASIS.has(child.localName));
    }
  }
  const trimmed = label.trim();
  // Most blocks stop here: no link, or no label (the decoration is only taken out of a candidate).
  if (links === 0 || trimmed === '') return { label: '', setApart: false, links };
  const setApart = /[:|»]$/.test(trimmed) || emphasised || (trimmed === trimmed.toUpperCase() && trimmed !== trimmed.toLowerCase());
  return { label: setApart ? withoutDecoration(label) : '', setApart, links };
}

export const inlinePromo: CleaningRule = {
  id: 'promo-link',
  category: 'chrome',
  tags: PARAGRAPHS,
  describe: 'a paragraph that is only a label announcing other stories ("Read more:", "Lesen Sie auch:") or the post\'s tags ("Tags:", "Schlagworte:") and links to them',
  matches(el, context) {
    const parts = partsOf(el, context.skip);
    if (parts === null || parts.links === 0 || !parts.setApart || parts.label === '' || parts.label.length > LABEL_MAX) return null;
    const kind = kindOfTitle(parts.label);
    if (kind !== 'related' && kind !== 'post-links') return null;
    const { facts } = context;
    if (facts.holds(el, 'title') || facts.holds(el, 'firstText') || facts.holds(el, 'mainRegion')) return null;
    return kind === 'related' ? `links to other stories announced as "${parts.label}"` : `the post's tags or categories, labelled "${parts.label}"`;
  },
};
