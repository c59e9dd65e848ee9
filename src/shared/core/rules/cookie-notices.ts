// Cookie notices found by what they say. Sites name their banners anything (cookieNotificationBar,
// ca_banner, bst-wrapper), so the consent-banner rule's tokens miss many; the words are conventional:
// "This website uses cookies…", "Wir verwenden Cookies…", "Ce site utilise des cookies…". A notice
// is short, says so in its first sentence, and stands apart from the running text: a privacy
// policy's own paragraph "This website uses cookies" stands among the policy's paragraphs, and stays.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import type { Skip } from '../dom/query';
import { HEADING_TAGS, isBlock } from '../html/blocks';
import type { CleaningRule } from './types';

/** A notice is a sentence or three and its buttons; past this many characters a block is something else. */
const NOTICE_MAX = 600;
/** How many nodes a notice is read from, at most (a banner is a handful of elements). */
const NOTICE_NODES = 120;
/** Where a notice's first sentence ends, at the latest. */
const FIRST_SENTENCE_MAX = 250;

// "<someone> uses cookies", "use of cookies", in the languages the evaluation pages hold most
// (English, German, French, Spanish, Portuguese, Italian, Polish, Dutch).
const NOTICE_WORDS =
  /\b(uses?|using|use of|accept|verwende[nt]?|verwendung von|benutz(t|en)|nutz(t|en)|nutzung von|setz(t|en)|einsatz von|akzeptier\w*|utilis(e|ons|ation des)|accepte[zr]?|utiliza(mos)?|uso de|utilizza(mo)?|uso dei|usa|używa(my)?|wykorzystuje(my)?|gebruik(t|en)?( van)?)\s+(des |i |de |dei |von |van |plików |the |our |unsere )?cookies?\b/iu;

/** Tags whose text a reader never sees as such. */
const NOT_READ = new Set(['script', 'style', 'noscript', 'template', 'svg', 'select', 'textarea']);
/** Never a notice, whatever its first sentence says. */
const NEVER = new Set(['html', 'body', 'main', 'article', 'table']);

/**
 * The text of `el` when it is short enough to be a notice (removed subtrees and scripts left out),
 * else null: read from at most NOTICE_NODES nodes, so asking it of every block stays cheap.
 */
function noticeText(el: Element, skip: Skip): string | null {
  let text = '';
  let nodes = 0;
  const stack: Node[] = [el];
  while (stack.length > 0) {
    if (++nodes > NOTICE_NODES) return null;
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      text += (node as Text).data;
      if (text.length > NOTICE_MAX * 2) return null;
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    if (NOT_READ.has(child.localName) || (child !== el && skip !== null && skip(child))) continue;
    // Words of separate blocks must not run together into one sentence.
    if (child !== el && isBlock(child)) text += ' ';
    for (let i = child.childNodes.length - 1; i >= 0; i--) stack.push(child.childNodes[i]);
  }
  const normalised = text.replace(/\s+/g, ' ').trim();
  return normalised.length > 0 && normalised.length <= NOTICE_MAX ? normalised : null;
}

/** Whether a block's text opens with a cookie notice: its first sentence says the site uses cookies. */
function opensWithNotice(text: string): boolean {
  const end = text.slice(0, FIRST_SENTENCE_MAX).search(/[.!?](\s|$)/);
  return NOTICE_WORDS.test(end < 0 ? text.slice(0, FIRST_SENTENCE_MAX) : text.slice(0, end + 1));
}

function isNotice(el: Element, skip: Skip): boolean {
  if (NEVER.has(el.localName)) return false;
  const text = noticeText(el, skip);
  return text !== null && opensWithNotice(text);
}

/**
 * Whether `el` is part of a text: a paragraph of running text stands beside it among its siblings,
 * or a heading stands right before it (a policy's section "Cookies" opening with the sentence).
 */
function partOfText(el: Element, isRunningText: (el: Element) => boolean): boolean {
  const before = el.previousElementSibling;
  if (before !== null && HEADING_TAGS.has(before.localName)) return true;
  for (let node = before; node !== null; node = node.previousElementSibling) if (isRunningText(node)) return true;
  for (let node = el.nextElementSibling; node !== null; node = node.nextElementSibling) if (isRunningText(node)) return true;
  return false;
}

/**
 * The cookie notices of a page: from each block whose own text mentions cookies, the outermost
 * ancestor that is still nothing but the notice (its text short, opening with it).
 */
export function findCookieNotices(elements: readonly Element[], skip: Skip, isRunningText: (el: Element) => boolean): ReadonlySet<Element> {
  const notices = new Set<Element>();
  const tried = new Set<Element>();
  for (const el of elements) {
    if (!mentionsCookies(el)) continue;
    let holder: Element | null = el;
    while (holder !== null && !isBlock(holder)) holder = holder.parentElement;
    if (holder === null || tried.has(holder)) continue;
    tried.add(holder);
    if ((skip !== null && skip(holder)) || !isNotice(holder, skip)) continue;
    let notice = holder;
    while (notice.parentElement !== null && isNotice(notice.parentElement, skip)) notice = notice.parentElement;
    if (!partOfText(notice, isRunningText)) notices.add(notice);
  }
  return notices;
}

/** Whether one of `el`'s own text nodes says "cookie" (checked first: it is cheap, and rarely true). */
function mentionsCookies(el: Element): boolean {
  for (const child of el.childNodes) if (child.nodeType === TEXT_NODE && /cookie/i.test((child as Text).data)) return true;
  return false;
}

export const cookieNotice: CleaningRule = {
  id: 'cookie-notice',
  category: 'ads',
  describe: 'cookie notices found by their words ("This website uses cookies…"), short and apart from the running text',
  matches(el, context) {
    return context.facts.cookieNotices.has(el) ? 'a cookie notice: its first sentence says the site uses cookies' : null;
  },
};
