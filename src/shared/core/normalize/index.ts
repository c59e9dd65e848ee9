// What conversion needs from the page that cleaning would take away, read before cleaning runs:
// the text or fallback images in <noscript>, the TeX of formulas (in scripts, hidden MathML, attributes) and
// footnotes (often in an <aside> or a list of links). Each rewrites the page into a plain shape
// that survives cleaning and that the Markdown stage knows.
import type { Budget } from '../budget';
import type { Document, Element } from '../dom/nodes';
import { type ExtractedFootnotes, extractFootnotes } from './footnotes';
import { normalizeMath } from './math';
import { rescueNoscriptContent } from './noscript-content';
import { rescueNoscriptImages } from './noscript-images';

export interface NormalizeOutcome {
  /** Whether the page changed (its element list must then be read again). */
  changed: boolean;
  /** Footnotes taken out of the page: put them back after cleaning (restoreFootnotes). */
  footnotes: ExtractedFootnotes;
}

export function normalizePage(_document: Document, elements: readonly Element[], budget: Budget | null = null): NormalizeOutcome {
  const noscripts = elements.filter((el) => el.localName === 'noscript');
  // A fallback that is the page's text goes in whole; the images of the others are rescued one by one.
  let changes = rescueNoscriptContent(noscripts, budget);
  changes += rescueNoscriptImages(noscripts.filter((noscript) => noscript.parentNode !== null));
  // Footnotes before math: a note's formulas are rewritten where the note stands, before it is taken out.
  changes += normalizeMath(elements);
  const footnotes = extractFootnotes(elements);
  changes += footnotes.footnotes.length;
  return { changed: changes > 0, footnotes };
}

export { restoreFootnotes } from './footnotes';
