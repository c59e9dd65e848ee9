// Ads and overlays, recognised only by standard attributes, tags and whole tokens: an element is
// never judged by a substring of its class or id.
import { findDescendant, hasToken, shortTextOf, tokenIn, tokens, visibleTextLength, vocabulary, whatIsLeft } from '../dom/query';
import { ELEMENT_NODE, type Element, TEXT_NODE, type Text } from '../dom/nodes';
import type { CleaningRule, RuleContext } from './types';

export const adsByGoogle: CleaningRule = {
  id: 'adsbygoogle',
  category: 'ads',
  describe: 'Google AdSense slots (class token "adsbygoogle")',
  matches: (el) =>
    el.attrs.length > 0 && (el.getAttribute('class') ?? '').includes('adsbygoogle') && hasToken(el, 'class', 'adsbygoogle')
      ? 'a Google AdSense slot (class "adsbygoogle")'
      : null,
};

// Elements that are the page's content by what they are, whatever attributes they carry:
// measured on real pages, <article data-ad-tags="…"> is ad *targeting* on the story itself.
const CONTENT_CONTAINERS = new Set(['html', 'head', 'body', 'main', 'article', 'section']);
const CONTENT_ROLES = new Set(['main', 'article', 'document']);
const CONTENT_BLOCKS = new Set(['article', 'main', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'pre', 'blockquote', 'ul', 'ol', 'dl', 'figure']);
/** An ad slot holds a creative and a label, not prose: this much text means it holds content. */
const AD_SLOT_MAX_TEXT = 280;

function isAdAttribute(name: string): boolean {
  // `data-ad` and `data-ad-*` only: `data-adapt-container-width` (an embed option) is not an ad slot.
  return name === 'data-ad' || name.startsWith('data-ad-');
}

/** True when the element is, by its tag or role, a container of the page's content. */
export function isContentContainer(el: Element): boolean {
  if (CONTENT_CONTAINERS.has(el.localName)) return true;
  const role = el.getAttribute('role');
  return role !== null && CONTENT_ROLES.has(role.trim().toLowerCase());
}

/** True when the element holds the page's content: by what it is, or by what it contains. */
export function holdsContent(el: Element, context: RuleContext): boolean {
  if (isContentContainer(el)) return true;
  let paragraphs = 0;
  const isContentBlock = (d: Element) => CONTENT_BLOCKS.has(d.localName) || (d.localName === 'p' && ++paragraphs >= 2);
  if (findDescendant(el, isContentBlock, context.skip) !== null) return true;
  return visibleTextLength(el, context.skip, AD_SLOT_MAX_TEXT) > AD_SLOT_MAX_TEXT;
}

export const adSlot: CleaningRule = {
  id: 'ad-slot',
  category: 'ads',
  describe: 'ad slots marked by data-ad / data-ad-* attributes, unless the element holds the page content',
  matches(el, context) {
    if (el.attrs.length === 0) return null;
    const attr = el.attrs.find((a) => isAdAttribute(a.name));
    if (attr === undefined || holdsContent(el, context)) return null;
    return `an ad slot (${attr.name} attribute)`;
  },
};

const DIALOG_ROLES = new Set(['dialog', 'alertdialog']);

export const dialog: CleaningRule = {
  id: 'dialog',
  category: 'ads',
  describe: '<dialog> and role=dialog|alertdialog: overlays over the page',
  matches(el) {
    if (el.localName === 'dialog') return '<dialog> is an overlay over the page';
    if (el.attrs.length === 0) return null;
    const role = tokens(el, 'role')[0];
    return role !== undefined && DIALOG_ROLES.has(role) ? `role=${role} is an overlay over the page` : null;
  },
};

// Whole class/id tokens that name a cookie or consent notice, compared whole ("cookie-banner" is one
// token; "cookiecutter" and "cookie-recipe" are not in the list).
const CONSENT_TOKENS = vocabulary([
  'cookie', 'cookies', 'consent', 'gdpr', 'ccpa',
  'cookie-banner', 'cookie-bar', 'cookie-notice', 'cookie-consent', 'cookie-law', 'cookie-popup',
  'cookie-message', 'cookie-policy', 'cookies-banner', 'cookies-notice', 'cookiebanner', 'cookienotice',
  'cookieconsent', 'consent-banner', 'consent-manager', 'gdpr-banner', 'gdpr-consent', 'cc-banner',
  'cc-window', 'cmp-container', 'privacy-banner',
  // What consent plugins put where an embed waits for consent (Borlabs, Complianz, Embed Privacy,
  // YouTube Embed Plus): a notice asking to accept, in place of the video.
  '_brlbs-content-blocker', 'brlbs-cmpnt-content-blocker', 'cmplz-blocked-content-notice', 'embed-privacy-overlay',
  'embed-privacy-container', '__youtube_prefs_gdpr__',
]);

// Root ids of widely used consent-management platforms.
const CONSENT_MANAGER_IDS = new Set([
  'onetrust-consent-sdk', 'onetrust-banner-sdk', 'cybotcookiebotdialog', 'cookiebanner', 'usercentrics-root',
  'didomi-host', 'qc-cmp2-container', 'truste-consent-track', 'consent_blackbar', 'cookie-law-info-bar',
  'cmplz-cookiebanner-container', 'moove_gdpr_cookie_info_bar', 'borlabscookiebox', 'cookieconsent',
  'iubenda-cs-banner', 'termly-code-snippet-support', 'osano-cm-window', 'cookiescript_injected',
  'gdpr-cookie-message',
]);

// A banner found by a generic token is kept when it holds what a notice never has: headings, tables
// or the page's article. Consent-manager roots are known by id and need no such guard.
const PAGE_CONTENT = new Set(['article', 'main', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function consentReason(el: Element, context: RuleContext): string | null {
  if (el.attrs.length === 0 || isContentContainer(el)) return null;
  const id = el.getAttribute('id');
  if (id !== null && CONSENT_MANAGER_IDS.has(id.trim().toLowerCase())) {
    return `a cookie/consent banner (consent manager id "${id.trim()}")`;
  }
  const token = tokenIn(el, CONSENT_TOKENS);
  if (token === undefined) return null;
  if (findDescendant(el, (d) => PAGE_CONTENT.has(d.localName), context.skip) !== null) return null;
  return `a cookie/consent banner (class or id "${token}")`;
}

export const consentBanner: CleaningRule = {
  id: 'consent-banner',
  category: 'ads',
  describe: 'cookie and consent banners, by whole id/class tokens or consent-manager ids',
  matches: consentReason,
};

export const sponsoredLink: CleaningRule = {
  id: 'sponsored-link',
  category: 'ads',
  action: 'unwrap',
  describe: 'links with rel="sponsored" are paid: the link goes, its text stays',
  tags: ['a'],
  matches: (el) => (el.localName === 'a' && hasToken(el, 'rel', 'sponsored') ? 'a paid link (rel="sponsored"); its text is kept' : null),
};

// The word a site prints over an ad slot, in the languages of the evaluation pages and a few more.
// Compared with the element's whole text: "Advertising" in a sentence or a menu is not a label.
const AD_LABELS = new Set([
  'advertisement', 'advertising', 'ad', 'ads', 'sponsored', 'anzeige', 'werbung', 'reklama', 'publicité',
  'publicidad', 'publicidade', 'pubblicità', 'advertentie', 'annonce', 'mainos', 'reklame', 'reklam',
]);
/** Inside a label: formatting only, no link or picture (an ad's creative is not its label). */
const LABEL_INLINE = new Set(['span', 'strong', 'b', 'em', 'i', 'small', 'font']);
const isLabelInline = (el: Element) => LABEL_INLINE.has(el.localName);
/** Longest label with the markup's indentation around it. */
const AD_LABEL_MAX = 64;
/** Dashes and bars around the word: "– Anzeige –". */
const LABEL_DECORATION = /^[\s\-–—·|:*]+|[\s\-–—·|:*]+$/g;
/** Siblings looked at to tell a label alone in its block: more, and it is not alone. */
const LABEL_SIBLINGS = 64;
// Headings too ("<h3 class=ad-heading>Advertisement</h3>"): a heading "Advertising" over a section
// of text labels what is there, and stays.
const LABEL_TAGS = new Set(['div', 'span', 'p', 'small', 'strong', 'b', 'em', 'i', 'font', 'label', 'center', 'section', 'aside', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Whether nothing a reader would see is left of `node` (removed by a rule, or empty: an unfilled slot). */
function isGoneOrEmpty(node: Element, skip: NonNullable<RuleContext['skip']>): boolean {
  return whatIsLeft(node, skip) !== 'content';
}

/**
 * The label stands over nothing: its block holds nothing else a reader would see, or the element
 * right after it is gone (the slot it labelled, removed or never filled).
 */
function labelsNothing(el: Element, skip: NonNullable<RuleContext['skip']>): boolean {
  const parent = el.parentElement;
  if (parent === null) return false;
  let alone = parent.childNodes.length <= LABEL_SIBLINGS;
  for (const child of alone ? parent.childNodes : []) {
    if (child === el) continue;
    if (child.nodeType === TEXT_NODE ? (child as Text).data.trim() !== '' : child.nodeType === ELEMENT_NODE && !isGoneOrEmpty(child as Element, skip)) {
      alone = false;
      break;
    }
  }
  if (alone) return true;
  const next = el.nextElementSibling;
  return next !== null && isGoneOrEmpty(next, skip);
}

export const adLabel: CleaningRule = {
  id: 'ad-label',
  category: 'ads',
  pass: 'late',
  tags: [...LABEL_TAGS],
  describe: 'the word "Advertisement" (or "Anzeige", "Werbung", …) left standing where an ad slot was',
  matches(el, context) {
    const { skip } = context;
    if (skip === null) return null;
    const text = shortTextOf(el, isLabelInline, AD_LABEL_MAX)?.trim();
    if (text === undefined || !AD_LABELS.has(text.replace(LABEL_DECORATION, '').toLowerCase())) return null;
    return labelsNothing(el, skip) ? `an ad label ("${text}") over an ad slot that is gone` : null;
  },
};
