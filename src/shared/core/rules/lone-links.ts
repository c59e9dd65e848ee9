// Links that stand alone on their line and only navigate, said by their words whole:
// - back-link: "Back to top", "Zurück zur Übersicht", "Retour vers toutes les actualités", and the
//   skip links past the furniture ("Skip to content", "Continue reading the main story");
// - announcing-link: the words that announce the blocks around a story, as a link to them
//   ("10 Kommentare", "Leave a comment", "Share", "Newsletter abonnieren", "Tags");
// - section-link: the link to the story's section or category set alone just above its title
//   (a kicker: "News", "Wissen", "Europäische Union").
// They say nothing of the page, and in Markdown stand as stray lines under the text. Only where the
// link stands alone: "go back to the main page" inside a sentence is the sentence's.
import { ELEMENT_NODE, type Element, TEXT_NODE, type Text } from '../dom/nodes';
import { shortTextOf, showsNothing, type Skip } from '../dom/query';
import { isBlock } from '../html/blocks';
import { kindOfTitle } from './announced';
import type { CleaningRule, RuleContext } from './types';

/** "Back", or "back to …" in the languages of the evaluation pages and a few more. */
const BACK =
  /^(back|go back|return|zurück|retour|volver|regresar|torna|indietro|powrót|wróć|terug)(\s+(to|zu|zur|zum|nach|à|au|aux|vers|a|al|alla|do|naar)\b.*)?$/iu;
/** "To the top of the page". */
const TO_TOP =
  /^((back|return|scroll|go|jump)\s+to\s+(the\s+)?top(\s+of\s+(the\s+)?page)?|to top|top|(zurück\s+)?nach oben|(zum\s+)?seitenanfang|haut de (la )?page|retour en haut( de (la )?page)?|volver arriba|ir arriba|torna su|do góry|naar boven|backtotop)$/iu;
/** "Skip to content": links that move past the page's furniture (and would be the first line of the Markdown). */
const SKIP =
  /^(skip( to| over| past)? (the )?(main |page )?(content|navigation|nav|menu|article|search|footer)|skip navigation|(jump|go) to (the )?(main )?(content|navigation|article)|continue reading the main story|(direkt )?zum inhalt( springen)?|inhalt überspringen|zur navigation( springen)?|aller au contenu( principal)?|passer au contenu|saltar al contenido( principal)?|ir al contenido|passa al contenuto|przejdź do (treści|zawartości)|naar (de )?inhoud)$/iu;
/** "All posts": links to the listing the page belongs to ("Zu allen Beiträgen", "Alle Politik-Artikel lesen", "View all"). */
const TO_LISTING =
  /^((zu|zurück zu) )?alle[nm]? ([\p{L}]+-)?(beiträge|beiträgen|artikel|artikeln|meldungen|news|nachrichten|pressemitteilungen|neuigkeiten)( (anzeigen|lesen|ansehen|im überblick))?$|^(view|see|show|browse) all( (posts|articles|stories|news))?$|^all (posts|articles|stories|news)$|^voir (tous les articles|toutes les actualités)$|^ver tod[oa]s (las noticias|los artículos)$/iu;
/** Arrows and bars drawn around the words: "« Zurück", "↑ Top". */
const DECORATION = /^[\s<>«»‹›←↑^|·•\-–—]+|[\s<>«»‹›←↑^|·•\-–—]+$/gu;
const PHRASE_MAX = 60;

/** What a link's words may be wrapped in: formatting, and an icon beside them. */
const INLINE = new Set(['span', 'strong', 'b', 'em', 'i', 'small', 'font']);
const ICON_PARTS = new Set(['svg', 'path', 'use', 'g', 'polyline', 'polygon', 'line', 'circle', 'rect']);
const isWrapping = (el: Element) => INLINE.has(el.localName) || ICON_PARTS.has(el.localName);
/** More siblings than this, and the link is not judged alone on its line. */
const SIBLINGS_MAX = 16;

/** A link's words, when short and only wrapped in formatting or an icon; null otherwise. */
function linkWords(link: Element, skip: Skip): string | null {
  // Most links hold one text node: read it without a walk.
  const only = link.childNodes.length === 1 ? link.childNodes[0] : null;
  const text = only !== null && only.nodeType === TEXT_NODE ? (only as Text).data : shortTextOf(link, isWrapping, PHRASE_MAX * 4, skip);
  return text === null || text.length > PHRASE_MAX * 4 ? null : text.replace(/\s+/g, ' ').trim();
}

function isBackPhrase(text: string): boolean {
  const words = text.replace(DECORATION, '');
  return words.length > 0 && words.length <= PHRASE_MAX && (BACK.test(words) || TO_TOP.test(words) || SKIP.test(words) || TO_LISTING.test(words));
}

/** Nothing a reader sees: whitespace, or an element with no words and no picture (an icon, an empty slot). */
function isBlank(node: Element | Text): boolean {
  return node.nodeType === TEXT_NODE ? (node as Text).data.trim() === '' : showsNothing(node as Element);
}

/** Whether `parent` shows nothing but `only`. */
function holdsOnly(parent: Element, only: Element): boolean {
  if (parent.childNodes.length > SIBLINGS_MAX) return false;
  return parent.childNodes.every(
    (child) => child === only || (child.nodeType !== ELEMENT_NODE && child.nodeType !== TEXT_NODE) || isBlank(child as Element | Text),
  );
}

/** How far along its siblings a link's line is followed (scripts and white space between count). */
const LINE_STEPS = 64;
/** Never shown, whatever they hold: a script beside a link is not a word on its line. */
const UNSHOWN = new Set(['script', 'style', 'template', 'noscript', 'link', 'meta']);

/** Whether the first thing shown on this side of `unit` is a block (another line) or nothing. */
function lineEndsAt(unit: Element, side: 'previousSibling' | 'nextSibling'): boolean {
  let steps = 0;
  for (let node = unit[side]; node !== null; node = node[side]) {
    if (++steps > LINE_STEPS) return false;
    if (node.nodeType !== ELEMENT_NODE && node.nodeType !== TEXT_NODE) continue;
    if (node.nodeType === ELEMENT_NODE && UNSHOWN.has((node as Element).localName)) continue;
    if (isBlank(node as Element | Text)) continue;
    return node.nodeType === ELEMENT_NODE && isBlock(node as Element);
  }
  return true;
}

/**
 * Whether nothing else stands on the link's line (the line of the inline wrappers that hold only
 * it): not other words or links beside it, not other entries of its list.
 */
function standsAlone(link: Element): boolean {
  let unit = link;
  while (unit.parentElement !== null && INLINE.has(unit.parentElement.localName) && holdsOnly(unit.parentElement, unit)) unit = unit.parentElement;
  const block = unit.parentElement;
  if (block === null || !lineEndsAt(unit, 'previousSibling') || !lineEndsAt(unit, 'nextSibling')) return false;
  // An entry of a list with other entries ("Back to the Future" among films) is the list's.
  return block.localName !== 'li' || block.parentElement === null || block.parentElement.children.length <= 1;
}

export const backLink: CleaningRule = {
  id: 'back-link',
  category: 'chrome',
  tags: ['a'],
  describe: 'links that only take the reader back or past the furniture ("Back to top", "Zurück zur Übersicht", "Skip to content"), standing alone on their line',
  matches(el, context) {
    if (!el.hasAttribute('href')) return null;
    const text = linkWords(el, context.skip);
    if (text === null || !isBackPhrase(text) || !standsAlone(el)) return null;
    return `a link back ("${text}")`;
  },
};

export const announcingLink: CleaningRule = {
  id: 'announcing-link',
  category: 'chrome',
  tags: ['a'],
  describe: 'links whose whole text announces comments, sharing, a newsletter or tags ("10 Kommentare", "Share", "Newsletter abonnieren"), standing alone on their line; a jump to the comments (to their anchor, or by their count) also in a byline\'s row',
  matches(el, context) {
    if (!el.hasAttribute('href')) return null;
    const text = linkWords(el, context.skip);
    if (text === null || text === '' || text.length > PHRASE_MAX) return null;
    const kind = kindOfTitle(text);
    // "Read more" and "More from …" lead to the stories themselves: a listing's only link to one may be its "Read more".
    if (kind === undefined || kind === 'author' || kind === 'related') return null;
    // A jump to the comments goes from a byline's row too ("12. Mai · Anna Muster · 71 Kommentare").
    if (!standsAlone(el) && !(kind === 'comments' && jumpsToComments(el, text))) return null;
    return `a link announcing ${KIND_WORDS[kind]} ("${text}")`;
  },
};

/** The ids comments sections go by, as a link's fragment names them ("…/story#comments"). */
const COMMENT_ANCHORS = new Set(['comments', 'comment', 'respond', 'reply-title', 'disqus_thread', 'comment-form', 'commentform', 'comments-section', 'kommentare', 'commentaires', 'comentarios', 'reactions']);
/** A count of comments: "71 Kommentare", "Vos réactions (11)". */
const COUNTED = /^\d+\s|\(\d+\)$/;

/** Words of a sentence: two of three letters or more in the text right beside a link ("See the [comments] below"). */
const SENTENCE_WORDS = /\p{L}{3,}[^\p{L}]+\p{L}{3,}/u;

function inSentence(link: Element): boolean {
  const before = link.previousSibling;
  const after = link.nextSibling;
  return (before?.nodeType === TEXT_NODE && SENTENCE_WORDS.test((before as Text).data)) || (after?.nodeType === TEXT_NODE && SENTENCE_WORDS.test((after as Text).data));
}

/**
 * Whether a comments link only jumps to the comments — to their anchor on the page, or by their
 * count — from a row of its own kind (a date, a name, separators), not from a sentence.
 */
function jumpsToComments(link: Element, text: string): boolean {
  const href = link.getAttribute('href') ?? '';
  const hash = href.indexOf('#');
  const jumps = COUNTED.test(text) || (hash >= 0 && COMMENT_ANCHORS.has(href.slice(hash + 1).trim().toLowerCase()));
  return jumps && !inSentence(link);
}

const KIND_WORDS = {
  comments: 'the comments',
  newsletter: 'a newsletter',
  share: 'sharing',
  'post-links': "the post's tags or categories",
} as const;

/** A section's name: a few words. */
const SECTION_MAX = 40;
const SECTION_WORDS_MAX = 4;
/** Not a link to another page: a fragment, mail, a call, a script. */
const NOT_A_PAGE = /^(#|mailto:|tel:|javascript:)/i;
/** How many wrappers that hold only the link its line may sit in (a <p> in a <div> above the title). */
const LINE_WRAPPERS = 3;

/** The element right after the line `link` stands on (its wrappers that hold only it), past blanks and scripts. */
function nextAfterLine(link: Element): Element | null {
  let unit = link;
  for (let depth = 0; depth < LINE_WRAPPERS && unit.parentElement !== null && holdsOnly(unit.parentElement, unit); depth++) unit = unit.parentElement;
  let steps = 0;
  for (let node = unit.nextSibling; node !== null; node = node.nextSibling) {
    if (++steps > LINE_STEPS) return null;
    if (node.nodeType !== ELEMENT_NODE && node.nodeType !== TEXT_NODE) continue;
    if (node.nodeType === ELEMENT_NODE && UNSHOWN.has((node as Element).localName)) continue;
    if (isBlank(node as Element | Text)) continue;
    return node.nodeType === ELEMENT_NODE ? (node as Element) : null;
  }
  return null;
}

export const sectionLink: CleaningRule = {
  id: 'section-link',
  category: 'chrome',
  tags: ['a'],
  describe: "the link to the story's section or category set alone just above the page's title (a kicker: \"News\", \"Wissen\")",
  matches(el, context: RuleContext) {
    const href = el.getAttribute('href');
    if (href === null || href.trim() === '' || NOT_A_PAGE.test(href.trim())) return null;
    const text = linkWords(el, context.skip);
    if (text === null || text === '' || text.length > SECTION_MAX || text.split(' ').length > SECTION_WORDS_MAX) return null;
    const next = nextAfterLine(el);
    if (next === null || !context.facts.holds(next, 'title') || !standsAlone(el)) return null;
    return `a link to the story's section above its title ("${text}")`;
  },
};
