// Which of a PDF's fonts are bold. Text content names fonts only by pdf.js's ids (`g_d0_f1`); the
// font's own name ("AAAAAA+LiberationSans-Bold") is known once a page's operator list has loaded it.
// Loading an operator list costs about as much as reading the page's text, so it is done only for
// pages that use a font not met before: fonts are shared by the pages of a document.
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Font id → whether the font is bold (or black, heavy, semibold). */
export type FontWeights = Map<string, boolean>;

const BOLD_NAME = /bold|black|heavy|semibold|demibold|extrabold|ultrabold|-bd\b|,b\b/i;

export function isBoldFontName(name: string): boolean {
  // Subset prefixes ("AAAAAA+") say nothing about the weight.
  return BOLD_NAME.test(name.replace(/^[A-Z]{6}\+/, ''));
}

/** Records the weight of each font `fontIds` names that `weights` does not know yet. */
export async function learnFontWeights(page: PDFPageProxy, fontIds: Iterable<string>, weights: FontWeights): Promise<void> {
  const unknown = [...fontIds].filter((id) => !weights.has(id));
  if (unknown.length === 0) return;
  await page.getOperatorList();
  for (const id of unknown) {
    const font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as { name?: unknown } | null) : null;
    weights.set(id, typeof font?.name === 'string' && isBoldFontName(font.name));
  }
}
