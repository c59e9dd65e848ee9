// What conversion needs from the page that cleaning would take away, read before cleaning runs:
// fallback images in <noscript>, the TeX of formulas (in scripts, hidden MathML, attributes) and
// footnotes (often in an <aside> or a list of links). Each rewrites the page into a plain shape
// that survives cleaning and that the Markdown stage knows.
import type { Document, Element } from '../dom/nodes';
import { type ExtractedFootnotes, extractFootnotes } from './footnotes';
import { normalizeMath } from './math';
import { rescueNoscriptImages } from './noscript-images';

export interface NormalizeOutcome {
  /** Whether the page changed (its element list must then be read again). */
  changed: boolean;
  /** Footnotes taken out of the page: put them back after cleaning (restoreFootnotes). */
  footnotes: ExtractedFootnotes;
}

export function normalizePage(_document: Document, elements: readonly Element[]): NormalizeOutcome {
  const noscripts = elements.filter((el) => el.localName === 'noscript');
  let changes = rescueNoscriptImages(noscripts);
  // Footnotes before math: a note's formulas are rewritten where the note stands, before it is taken out.
  changes += normalizeMath(elements);
  const footnotes = extractFootnotes(elements);
  changes += footnotes.footnotes.length;
  return { changed: changes > 0, footnotes };
}

export { restoreFootnotes } from './footnotes';
