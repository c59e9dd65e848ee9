// What the page itself hides from readers: the `hidden` attribute, aria-hidden blocks, and inline
// styles that hide. Judged by standard attributes only, never by class names.
import { isBlock } from '../html/blocks';
import type { CleaningRule } from './types';

export const hiddenAttribute: CleaningRule = {
  id: 'hidden-attribute',
  category: 'hidden',
  describe: 'elements with the hidden attribute are not shown',
  matches(el) {
    if (el.attrs.length === 0 || !el.hasAttribute('hidden')) return null;
    // hidden="until-found" is content the browser reveals on search: it is meant to be read.
    if ((el.getAttribute('hidden') ?? '').trim().toLowerCase() === 'until-found') return null;
    return 'hidden by the page (hidden attribute)';
  },
};

// Icons and decorative glyphs inside text carry aria-hidden too; only blocks are judged.
const CONTAINERS = new Set(['section', 'figure', 'form', 'details', 'dialog', 'picture', 'video', 'audio']);

export const ariaHidden: CleaningRule = {
  id: 'aria-hidden',
  category: 'hidden',
  describe: 'blocks marked aria-hidden="true" are hidden from readers (icons inside text are kept)',
  matches(el) {
    if (el.attrs.length === 0 || (el.getAttribute('aria-hidden') ?? '').trim().toLowerCase() !== 'true') return null;
    if (!isBlock(el) && !CONTAINERS.has(el.localName)) return null;
    return 'hidden from readers (aria-hidden="true")';
  },
};

const HIDING_STYLE = /(?:^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

export const hiddenStyle: CleaningRule = {
  id: 'hidden-style',
  category: 'hidden',
  describe: 'elements hidden by an inline style (display:none, visibility:hidden)',
  matches(el) {
    if (el.attrs.length === 0) return null;
    const style = el.getAttribute('style');
    if (style === null) return null;
    const hiding = HIDING_STYLE.exec(style);
    return hiding === null ? null : `hidden by an inline style (${hiding[1].replace(/\s+/g, '')})`;
  },
};
