// Image credits: "Foto: dpa/Michael Kappeler", "© Getty Images", "(crédito: Minervino Júnior)" —
// who took a picture, set under it. The picture and its caption are the story's; the line that names
// the agency is the picture's licence note, read by nobody who reads the text. Only a line of its
// own goes (a credit inside the caption's sentence stays with it), and only beside a picture: the
// same words in running text, or "Source: Eurostat" under a chart, are not touched.
import { ELEMENT_NODE, type Element, TEXT_NODE, type Text } from '../dom/nodes';
import { findDescendant, leadingText, shortTextOf, tokenIn, visibleTextLength, vocabulary } from '../dom/query';
import { HEADING_TAGS } from '../html/blocks';
import { namesCaption } from './repeated';
import type { CleaningRule } from './types';

/** A credit is a name or two; a longer line says something about the picture. */
const MAX_CHARS = 120;
/** Words after the label, at most: an agency and a photographer ("dpa/Picture Alliance/Jan Woitas"). */
const MAX_NAME_WORDS = 8;
/** Levels above the credit where its picture may stand (figure > figcaption > span, or div > p beside the img). */
const IMAGE_REACH = 3;
/** The most text a picture's block holds besides the picture: a caption and its credit. */
const FIGURE_TEXT = 600;

const PICTURES = new Set(['img', 'picture', 'video']);
/** What a credit never holds. */
const NEVER = new Set(['img', 'picture', 'video', 'figure', 'table', 'ul', 'ol', 'li', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'body', 'main', 'article', 'section']);

/** Labels that say "photograph" or "credit": a line of their own is a credit wherever it stands ("Crédits photos : Bestimage" closing a story). */
const PHOTO_LABELS = [
  'foto', 'fotos', 'fotografie', 'fotografía', 'fotografia', 'photo', 'photos', 'photograph', 'photographer', 'fotograf',
  'bildquelle', 'bildnachweis', 'fotocredit', 'crédit photo', 'crédits photo', 'crédits photos', 'photo credit', 'photo credits',
  'image credit', 'image credits', 'fot.', 'zdjęcie', 'fotó', 'kuva', 'фото',
];
/** Labels that also name other things ("Image: ubuntu:22.04" in a guide): a credit only beside a picture. */
const PICTURE_LABELS = ['bild', 'bilder', 'image', 'images', 'imagen', 'imagem', 'immagine', 'crédito', 'créditos', 'credito', 'crediti', 'credit', 'credits', 'crédit', 'crédits'];

/** "Label: names", "(Label © names)", "Fot. names" (an abbreviation's point ends the label); stray points before it allowed. */
function labelPattern(labels: readonly string[]): RegExp {
  const escape = (label: string): string => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const separated = labels.map((label) => `(?:${escape(label)})\\s*(?::|©|\\(c\\))`);
  const abbreviated = labels.filter((label) => label.endsWith('.')).map(escape);
  return new RegExp(`^[\\s.,;([–—-]*(?:${[...separated, ...abbreviated].join('|')})\\s*(.*?)\\s*[)\\]]?$`, 'iu');
}
const PHOTO_LABEL = labelPattern(PHOTO_LABELS);
const ANY_LABEL = labelPattern([...PHOTO_LABELS, ...PICTURE_LABELS]);
const COPYRIGHT = /^[([]?\s*(?:©|\(c\)\s|copyright\b)/iu;
/** The first letters any label above starts with (a quick test of an element's first words). */
const MAY_START_CREDIT = new RegExp(`^[\\s.,;([–—-]*(?:©|\\(c\\)|copyright|${[...new Set([...PHOTO_LABELS, ...PICTURE_LABELS].map((label) => label.slice(0, 3)))].join('|').replace(/\./g, '\\.')})`, 'iu');
/** Small words inside names ("Agence France Presse", "Ludwig van Beethoven", "Presse- und Informationsamt"). */
const JOINERS = new Set(['von', 'van', 'der', 'den', 'de', 'da', 'di', 'del', 'la', 'le', 'du', 'y', 'e', 'und', 'and', 'et', 'of', 'für', 'via']);
/** Class tokens that name an image's credit line (whole tokens, and only beside a picture). */
const CREDIT_TOKENS = vocabulary(['copyright', 'credit', 'credits', 'image-credit', 'image-copyright', 'photo-credit', 'media-credit', 'caption-credit', 'wp-caption-credit', 'bildnachweis', 'photographer']);

/** A name, not a description: every word starts with a capital or a digit, joins a name, or holds "/" (agency/photographer). */
function readsAsNames(rest: string): boolean {
  const words = rest.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0 || words.length > MAX_NAME_WORDS) return false;
  // One word after a label is a name whatever its case ("Foto: dpa", "Imagen: télam").
  if (words.length === 1) return true;
  return words.every((word) => /^[^\p{L}\p{N}]*[\p{Lu}\p{N}]/u.test(word) || /[/|@]/.test(word) || JOINERS.has(word.toLowerCase()));
}

/** Whether `text` (spaces collapsed) is a credit line by its words: 'anywhere', 'beside' a picture only, or null. */
export function creditReading(text: string): 'anywhere' | 'beside' | null {
  if (text.length > MAX_CHARS) return null;
  const photo = PHOTO_LABEL.exec(text);
  if (photo !== null && readsAsNames(photo[1]!)) return 'anywhere';
  if (COPYRIGHT.test(text)) return 'beside';
  const labelled = ANY_LABEL.exec(text);
  return labelled !== null && readsAsNames(labelled[1]!) ? 'beside' : null;
}

/**
 * Whether `el` stands in a caption, or in a block around a picture that holds little else: the
 * picture's own block, not the article that holds pictures and prose (a licence's "Copyright (c)"
 * line in a README with badges stays). A picture's block holds no heading and little text.
 */
function besidePicture(el: Element): boolean {
  let node: Element | null = el;
  for (let level = 0; node !== null && level <= IMAGE_REACH; level++, node = node.parentElement) {
    if (namesCaption(node)) return true;
    if (level === 0) continue;
    if (visibleTextLength(node, null, FIGURE_TEXT + 1) > FIGURE_TEXT || findDescendant(node, (d) => HEADING_TAGS.has(d.localName)) !== null) return false;
    if (findDescendant(node, (d) => PICTURES.has(d.localName)) !== null) return true;
  }
  return false;
}

/** What a credit line's words may be wrapped in: anything but a picture, a list, a table, a heading or a script. */
const mayWrapCredit = (el: Element): boolean => !NEVER.has(el.localName) && el.localName !== 'script' && el.localName !== 'style';

/**
 * A wrapper around one element and no words of its own says what that element says, and rules try
 * children first: the child was judged already (this spares a read of every wrapper of a page).
 */
function onlyWraps(el: Element): boolean {
  let elements = 0;
  for (const child of el.childNodes) {
    if (child.nodeType === ELEMENT_NODE) elements++;
    else if (child.nodeType === TEXT_NODE && (child as Text).data.trim() !== '') return false;
  }
  return elements === 1;
}

/**
 * A link in a list's entry is a story's or a gallery's title ("Photos: Europa, Mysterious Icy Moon of
 * Jupiter" among related links), never a credit line; a credit linked to the agency stands on its own.
 */
function linkedEntry(el: Element): boolean {
  let link = false;
  let level = 0;
  for (let node: Element | null = el; node !== null && level <= IMAGE_REACH; node = node.parentElement, level++) {
    if (node.localName === 'a') link = true;
    else if (node.localName === 'li') return link;
  }
  return false;
}

export const imageCredit: CleaningRule = {
  id: 'image-credit',
  category: 'chrome',
  describe: 'a picture\'s credit line ("Foto: dpa", "© Getty Images") on its own beside the picture; the caption stays',
  matches(el) {
    if (el.firstChild === null || NEVER.has(el.localName) || linkedEntry(el)) return null;
    const namedCredit = tokenIn(el, CREDIT_TOKENS) !== undefined;
    if (!namedCredit) {
      // Unnamed, a credit starts with its label: most elements are ruled out by their first words.
      const lead = onlyWraps(el) ? null : leadingText(el);
      if (lead === null || !MAY_START_CREDIT.test(lead)) return null;
    }
    // Read from a handful of nodes only: every element is asked, and a page may nest 100,000 deep.
    const words = shortTextOf(el, mayWrapCredit, MAX_CHARS * 2);
    const text = words === null ? '' : words.replace(/\s+/g, ' ').trim();
    if (text === '' || text.length > MAX_CHARS) return null;
    // A block named as the credit holds only names (a caption named so keeps its sentence).
    const reading = creditReading(text);
    const named = reading === null && namedCredit && readsAsNames(text);
    if (reading === null && !named) return null;
    if (reading === 'anywhere') return `a photo credit ("${text.slice(0, 40)}")`;
    if (!besidePicture(el)) return null;
    return named ? 'an image credit: named as the credit, beside a picture' : `an image credit beside a picture ("${text.slice(0, 40)}")`;
  },
};
