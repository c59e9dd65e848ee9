// PDF → HTML with pdfjs-dist (legacy build for Node, eval disabled, no fonts loaded): the text of
// each page with its positions and sizes, plus title/author/language from the document's metadata,
// laid out by pdf-layout.ts. Encrypted and damaged files give a LoadError('pdf') that says which.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Warning } from '../../shared/core/types';
import { type FontWeights, learnFontWeights } from './pdf-fonts';
import { layoutToHtml, type TextRun } from './pdf-layout';
import { LoadError } from './source';

export interface PdfConversion {
  html: string;
  pages: number;
  title?: string;
  author?: string;
  warnings: Warning[];
}

export interface PdfOptions {
  signal?: AbortSignal;
  /** Pages beyond this are not read (a warning says so). */
  maxPages?: number;
}

export const DEFAULT_MAX_PDF_PAGES = 2000;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

/** Loaded on first use: pdf.js is large and most pages are not PDFs. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** Where pdfjs-dist keeps the CMaps (CJK text) and standard font data, as folder paths. */
function pdfjsDataPaths(): { cMapUrl: string; standardFontDataUrl: string } {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return { cMapUrl: `${join(root, 'cmaps')}/`, standardFontDataUrl: `${join(root, 'standard_fonts')}/` };
}

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
  fontName: string;
}

function toRun(item: PdfTextItem, weights: FontWeights): TextRun {
  const [a, b, c, d, x, y] = item.transform;
  const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height;
  return { text: item.str, x, y, width: item.width, size, endOfLine: item.hasEOL, bold: weights.get(item.fontName) === true };
}

function metadataText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex -- PDF strings carry stray control characters
  const text = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return text === '' ? undefined : text;
}

function pdfError(error: unknown): LoadError {
  if (error instanceof LoadError) return error;
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = ((error as { message?: string } | null)?.message ?? String(error)).split('\n')[0];
  if (name === 'PasswordException') return new LoadError('pdf', 'the PDF is encrypted and needs a password to open');
  if (name === 'InvalidPDFException') return new LoadError('pdf', `the PDF is damaged or not a PDF (${message.replace(/\.$/, '')})`);
  return new LoadError('pdf', `the PDF could not be read (${name ? `${name}: ` : ''}${message})`);
}

export async function pdfToHtml(bytes: Uint8Array, options: PdfOptions = {}): Promise<PdfConversion> {
  const { getDocument } = await loadPdfJs();
  const maxPages = options.maxPages ?? DEFAULT_MAX_PDF_PAGES;
  const task = getDocument({
    // A copy: pdf.js may transfer or detach the buffer it is given, and refuses Node Buffers.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
    ...pdfjsDataPaths(),
  });
  const cancel = () => void task.destroy();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const document = await task.promise;
    const { info, metadata } = (await document.getMetadata().catch(() => ({ info: {}, metadata: null }))) as {
      info: Record<string, unknown>;
      metadata: { get(name: string): unknown } | null;
    };
    const title = metadataText(info.Title) ?? metadataText(metadata?.get('dc:title'));
    const author = metadataText(info.Author) ?? metadataText(metadata?.get('dc:creator'));
    const language = metadataText(info.Language);

    const pageCount = Math.min(document.numPages, maxPages);
    const pages: TextRun[][] = [];
    const weights: FontWeights = new Map();
    for (let number = 1; number <= pageCount; number++) {
      if (options.signal?.aborted) throw options.signal.reason;
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      await learnFontWeights(page, Object.keys(content.styles), weights);
      pages.push(content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item).map((item) => toRun(item as PdfTextItem, weights)));
      page.cleanup();
    }

    const { html, characters } = layoutToHtml({ title, author, language, pages });
    const warnings: Warning[] = [];
    if (characters === 0) {
      warnings.push({ code: 'no-text', message: 'the PDF has no text layer (scanned pages?): there is no text to convert' });
    }
    if (document.numPages > pageCount) {
      warnings.push({ code: 'loss', message: `only the first ${pageCount} of ${document.numPages} pages were read` });
    }
    return { html, pages: document.numPages, title, author, warnings };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw pdfError(error);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    await task.destroy().catch(() => undefined);
  }
}
