// What the page itself hides from readers: the `hidden` attribute, aria-hidden blocks, inline
// styles that hide, and the hiding classes of CSS frameworks (whole tokens from a fixed vocabulary,
// never substrings).
import { tokenIn, tokens, vocabulary } from '../dom/query';
import { isBlock } from '../html/blocks';
import type { Element } from '../dom/nodes';
import { holdsDataTable } from './page-facts';
import type { CleaningRule, RuleContext } from './types';

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
const TAKEN_OUT_OF_FLOW = /(?:^|;)\s*position\s*:\s*(absolute|fixed)\b/i;
/** left or top at least 1000px (or 100em) before the page's edge: placed where no screen shows it. */
const FAR_OFF_SCREEN = /(?:^|;)\s*(left|top)\s*:\s*-\s*(?:(\d{4,})(?:\.\d+)?px|(\d{3,})(?:\.\d+)?r?em)\b/i;

/**
 * Why an inline style hides the element: display:none, visibility:hidden, or a position far off
 * the screen (`position:absolute; left:-9999px`), the classic way to hide text from sight but not
 * from crawlers (keyword spam, honeypot fields, screen-reader copies).
 */
function howStyleHides(style: string): string | null {
  const hiding = HIDING_STYLE.exec(style);
  if (hiding !== null) return hiding[1].replace(/\s+/g, '');
  if (!TAKEN_OUT_OF_FLOW.test(style)) return null;
  const far = FAR_OFF_SCREEN.exec(style);
  return far === null ? null : `placed off the screen, ${far[1].toLowerCase()}:-${far[2] ?? far[3]}${far[2] !== undefined ? 'px' : 'em'}`;
}

export const hiddenStyle: CleaningRule = {
  id: 'hidden-style',
  category: 'hidden',
  describe: 'elements hidden by an inline style (display:none, visibility:hidden, placed far off the screen)',
  matches(el, context) {
    if (el.attrs.length === 0) return null;
    const style = el.getAttribute('style');
    if (style === null) return null;
    const hiding = howStyleHides(style);
    if (hiding === null) return null;
    // A script moves a story off the screen to animate it in: a position never takes the page's content.
    if (hiding.startsWith('placed') && holdsPageContent(el, context)) return null;
    return `hidden by an inline style (${hiding})`;
  },
};

// Classes that hide an element, from a fixed vocabulary of whole tokens that CSS frameworks define
// (Bootstrap, Tailwind, Foundation, WordPress, Drupal): hidden on screen, or shown only in print.
const HIDING_TOKENS = vocabulary([
  'hidden', 'd-none', 'is-hidden', 'u-hidden', 'sr-only', 'visually-hidden', 'visuallyhidden', 'screen-reader-text',
  'screen-reader-only', 'show-for-sr', 'element-invisible', 'a11y-hidden',
  // Moved off the screen for screen readers (BBC, jQuery UI, Drupal, WordPress' assistive text).
  'off-screen', 'offscreen', 'ui-helper-hidden-accessible', 'element-hidden', 'hidden-visually', 'assistive-text',
  'screenreader-only', 'screenreader-text', 'sr-text', 'visually-hidden-focusable', 'sr-only-focusable',
]);
/**
 * A class that declares an element no part of the page's content: `robots-nocontent`, Yahoo's
 * convention for what a search engine should not index, which Jetpack and others set on their
 * share and like rows. (Print-hiding classes such as `no-print` are not such a declaration: a
 * recipe site leaves its list of utensils out of print.)
 */
const NOT_DOCUMENT_TOKENS = vocabulary(['robots-nocontent']);
const PRINT_TOKENS = vocabulary([
  'print-only', 'printonly', 'only-print', 'visible-print', 'visible-print-block', 'show-for-print', 'print-header',
  'print-footer', 'd-print-block', 'd-print-inline', 'd-print-flex', 'print-show',
]);
/**
 * A token that shows the element again at some width (Bootstrap `d-md-block`, Tailwind `md:flex`,
 * `visible-lg`): hidden only on small screens, so content. `d-print-*` shows it only in print.
 */
const SHOWN_AT_SOME_WIDTH = /^(d-(sm|md|lg|xl|xxl)-(block|inline|inline-block|flex|inline-flex|grid|table|table-cell|table-row)|(sm|md|lg|xl|2xl):(block|inline|inline-block|flex|inline-flex|grid|table|contents)|visible-(xs|sm|md|lg)(-block|-inline|-inline-block)?|show-for-(small|medium|large)(-up|-only)?)$/;

export const hiddenClass: CleaningRule = {
  id: 'hidden-class',
  category: 'hidden',
  describe: 'elements a CSS framework class hides (whole tokens: hidden, d-none, sr-only, visually-hidden, …) or shows only in print',
  matches(el, context) {
    if (el.attrs.length === 0) return null;
    const print = tokenIn(el, PRINT_TOKENS);
    const hiding = print ?? tokenIn(el, HIDING_TOKENS);
    if (hiding === undefined) return null;
    if (print === undefined && tokens(el, 'class').some((token) => SHOWN_AT_SOME_WIDTH.test(token))) return null;
    // Some sites hide the story until a script reveals it: a class never takes the page's own content.
    if (holdsPageContent(el, context)) return null;
    return print !== undefined ? `shown only in print (class "${print}")` : `hidden by the page's CSS framework (class "${hiding}")`;
  },
};

const PAGE_CONTAINERS = new Set(['html', 'head', 'body', 'main']);

/**
 * A block holding this share of the page's running text is its content, whatever a class says of it:
 * PrintFriendly's WordPress plugin marks the story it prints with `print-only` (vegolosi.it), and some
 * themes hide the story until a script reveals it.
 */
const CONTENT_SHARE = 0.5;

/** The element is, or holds, the page itself, its main region, its title, its first paragraph of running text or most of that text. */
function holdsPageContent(el: Element, { facts }: RuleContext): boolean {
  return (
    PAGE_CONTAINERS.has(el.localName) ||
    facts.holds(el, 'mainRegion') ||
    facts.holds(el, 'title') ||
    facts.holds(el, 'firstText') ||
    facts.runningTextShare(el) >= CONTENT_SHARE
  );
}

export const notDocumentClass: CleaningRule = {
  id: 'not-document',
  category: 'hidden',
  describe: 'elements the page declares no part of its content (class robots-nocontent)',
  matches(el, context) {
    if (el.attrs.length === 0) return null;
    const token = tokenIn(el, NOT_DOCUMENT_TOKENS);
    if (token === undefined || holdsPageContent(el, context)) return null;
    return `declared no part of the content (class "${token}")`;
  },
};

// Shown only on narrow screens: a CSS framework hides it from the desktop width up (Bootstrap 3
// hidden-lg, Bootstrap 4/5 d-md-none / d-lg-none, Tailwind md:hidden / lg:hidden, Foundation
// hide-for-large), or shows it only below (visible-xs, show-for-small-only). A page read as a
// desktop browser shows it does not show these; they are most often the phone's copy of a block the
// desktop layout shows elsewhere (a second menu, a second "recommended stories").
const HIDDEN_FROM_DESKTOP = /^(hidden-lg|d-(md|lg)-none|(md|lg):hidden|hide-for-large(-up)?|hide-for-medium-up|show-for-(small|medium)-only|visible-(xs|sm)(-block|-inline|-inline-block)?)$/;
/** Shown again at the desktop width or wider (d-xl-block after d-lg-none, lg:block after md:hidden, visible-lg). */
const SHOWN_ON_DESKTOP = /^(d-(lg|xl|xxl)-(block|inline|inline-block|flex|inline-flex|grid|table|table-cell|table-row)|(lg|xl|2xl):(block|inline|inline-block|flex|inline-flex|grid|table|contents)|visible-(md|lg)(-block|-inline|-inline-block)?|show-for-large(-up)?)$/;

const NARROW_HINT = /hidden|none|hide-for|show-for|visible-/i;

export const narrowOnly: CleaningRule = {
  id: 'narrow-only',
  category: 'hidden',
  describe: 'elements a CSS framework shows only on narrow screens (hidden-lg, d-lg-none, md:hidden, visible-xs, …): not shown at the desktop width',
  matches(el, context) {
    if (el.attrs.length === 0) return null;
    // Most class values hold none of these words: they are not split.
    const value = el.getAttribute('class');
    if (value === null || !NARROW_HINT.test(value)) return null;
    const classes = tokens(el, 'class');
    const hiding = classes.find((token) => HIDDEN_FROM_DESKTOP.test(token));
    if (hiding === undefined || classes.some((token) => SHOWN_ON_DESKTOP.test(token))) return null;
    // Bootstrap 3 hides per width: hidden-lg alone leaves it shown at md; it takes hidden-md too.
    if (hiding === 'hidden-lg' && !classes.includes('hidden-md')) return null;
    // The phone's copy of a table may be the only copy of its data (the desktop shows a chart).
    if (holdsPageContent(el, context) || holdsDataTable(el, context.skip)) return null;
    return `shown only on narrow screens (class "${hiding}")`;
  },
};
