// Reading-time labels: "4 Min Read", "Lesezeit: ca. 3 Minuten", "8 minutos de lectura". A site's
// estimate of how long the page takes, set by the byline; it tells nothing of the page itself.
// Only a label that is an element's whole text goes: "It is a 4 min read" in a sentence stays.
import { type Element, TEXT_NODE, type Text } from '../dom/nodes';
import { shortTextOf } from '../dom/query';
import type { CleaningRule } from './types';

const MINUTES = String.raw`(?:min(?:ute)?s?\.?|minuten|minutos|minuti|minut)`;
const READ = String.raw`(?:read|reading|reading time|lesezeit|lesedauer|de lecture|de lectura|di lettura|czytania|leestijd)`;
const LABEL = String.raw`(?:reading time|read time|estimated reading time|lesezeit|lesedauer|temps de lecture|tiempo de lectura|tempo di lettura|czas czytania|leestijd)`;
const ABOUT = String.raw`(?:ca\.|circa|about|approx\.|~|environ|aprox\.)`;
/** "4 Min Read", "4 Min. Lesedauer", "Lesezeit: ca. 3 Minuten", "Reading time: 5 minutes". */
export const READING_TIME = new RegExp(
  String.raw`^(?:${ABOUT}\s*)?\d{1,3}\s*${MINUTES}\s+${READ}$|^${LABEL}\s*:?\s*(?:${ABOUT}\s*)?\d{1,3}(?:\s*${MINUTES})?$`,
  'iu',
);
/** Bullets and bars set around the label ("- Lesedauer: 8 Min.", "· 4 min read ·"). */
const DECORATION = /^[\s\-–—·•|]+|[\s\-–—·•|]+$/gu;
const MAX_CHARS = 60;

function holdsOwnWords(el: Element): boolean {
  for (const child of el.childNodes) if (child.nodeType === TEXT_NODE && (child as Text).data.trim() !== '') return true;
  return false;
}

/** What the label's words may be wrapped in: formatting and an icon (a clock), nothing else. */
const WRAPPERS = new Set(['span', 'strong', 'b', 'em', 'i', 'small', 'time', 'svg', 'path', 'use', 'g', 'circle', 'polyline', 'line', 'rect', 'img']);
const CANDIDATES = ['p', 'span', 'div', 'li', 'small', 'time', 'strong', 'em', 'b'];

export const readingTime: CleaningRule = {
  id: 'reading-time',
  category: 'chrome',
  tags: CANDIDATES,
  describe: 'a reading-time label ("4 Min Read", "Lesezeit: ca. 3 Minuten") that is an element\'s whole text',
  matches(el: Element, context) {
    // The label is found at the element that holds its words itself ("<strong>3 min</strong> Lesezeit"):
    // a wrapper of it is asked after it, and most elements hold no words of their own.
    if (!holdsOwnWords(el)) return null;
    const words = shortTextOf(el, (d) => WRAPPERS.has(d.localName), MAX_CHARS, context.skip);
    if (words === null) return null;
    const text = words.replace(/\s+/g, ' ').replace(DECORATION, '');
    return text !== '' && READING_TIME.test(text) ? `a reading-time label ("${text}")` : null;
  },
};
