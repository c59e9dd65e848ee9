// The second half of scraping a page: its raw content (bytes, or HTML a browser rendered) becomes
// HTML — decoded by its charset, or laid out from a PDF — and that HTML goes through the core's
// convert(). The Scraper hands this to a Converter. By default the two heavy steps run where a
// runaway can be stopped: each PDF in a child process, each conversion in a page worker thread (the
// process's shared pools, src/main/isolation), so a page that exhausts its budget or its memory
// fails alone. Converting is bounded by the page's budget, not by the time allowed to load.
import { convert } from '../../shared/core';
import type { ConvertOptions, ConvertResult, Warning } from '../../shared/core/types';
import type { ScrapeProgress, SourceFacts } from '../../shared/page';
import { type PagePool, sharedPagePool } from '../isolation/page-pool';
import { type PdfPool, sharedPdfPool } from '../isolation/pdf-pool';
import { decodeHtml } from '../loaders/charset';
import { classifyContent, mediaType } from '../loaders/content-type';
import { type PdfConversion, pdfToHtml } from '../loaders/pdf';
import { emptyShellWarning } from './empty-shell';

/** What a conversion is given: plain data, so it can cross to a worker thread. */
export interface ConversionJob {
  /** Bytes still to be sniffed and decoded, or a document already decoded. */
  body?: Uint8Array;
  html?: string;
  /** The Content-Type as declared (header value, or from a file's extension). */
  contentType?: string;
  /** The core's options, the URL to resolve links against included. */
  options: ConvertOptions;
  /** JavaScript ran before (a rendered page). */
  rendered: boolean;
  /** Warn about an app shell (almost no text): not for HTML in hand, which nobody can render. */
  shellCheck: boolean;
  /** Warnings from loading, put first in the result's. */
  warnings: Warning[];
}

export interface Conversion {
  /** The HTML that was converted. */
  html: string;
  contentType?: string;
  encoding?: SourceFacts['encoding'];
  /** The core's result, its warnings after those of loading. */
  result: ConvertResult;
}

/**
 * Runs a conversion somewhere (this thread, a worker), telling each stage as it starts; rejects
 * with a LoadError or the core's BudgetExceeded.
 */
export type Converter = (job: ConversionJob, signal: AbortSignal, onProgress?: (progress: ScrapeProgress) => void) => Promise<Conversion>;

/**
 * Where a conversion's two heavy steps run. Left out: the process's shared pools (a PDF process,
 * a page worker). `null`: in the calling thread (for callers isolated already, and for tests).
 */
export interface ConversionIsolation {
  pages?: PagePool | null;
  pdfs?: PdfPool | null;
}

/** A Converter whose steps run where `isolation` says. */
export function isolatedConverter(isolation: ConversionIsolation = {}): Converter {
  return (job, signal, onProgress) => convertRaw(job, signal, onProgress, isolation);
}

function readPdf(body: Uint8Array, options: ConvertOptions, signal: AbortSignal, isolation: ConversionIsolation): Promise<PdfConversion> {
  const pdfs = isolation.pdfs === undefined ? sharedPdfPool() : isolation.pdfs;
  if (pdfs === null) return pdfToHtml(body, { signal });
  return pdfs.read(body, options.budget, signal);
}

function convertHtml(html: string, options: ConvertOptions, signal: AbortSignal, isolation: ConversionIsolation): Promise<ConvertResult> | ConvertResult {
  const pages = isolation.pages === undefined ? sharedPagePool() : isolation.pages;
  if (pages === null) return convert(html, options);
  // A callback cannot cross into the worker: the worker reports its stages by message.
  const { onStage, ...serialisable } = options;
  return pages.convert(html, serialisable, signal, onStage);
}

/**
 * Decodes or reads the raw page and converts it; `signal` cancels (it is no time limit: the budget
 * bounds this). `isolation` as in ConversionIsolation; the default is the shared pools.
 */
export async function convertRaw(job: ConversionJob, signal: AbortSignal, onProgress?: (progress: ScrapeProgress) => void, isolation: ConversionIsolation = {}): Promise<Conversion> {
  const warnings: Warning[] = [...job.warnings];
  let html: string;
  let contentType: string | undefined;
  let encoding: Conversion['encoding'];
  if (job.html !== undefined) {
    html = job.html;
    // A rendered document is HTML whatever it was served as; HTML pasted in has no type at all.
    contentType = mediaType(job.contentType) || (job.rendered ? 'text/html' : undefined);
  } else {
    const body = job.body ?? new Uint8Array(0);
    const kind = classifyContent(job.contentType, body);
    contentType = kind === 'pdf' ? 'application/pdf' : mediaType(job.contentType) || 'text/html';
    if (kind === 'pdf') {
      onProgress?.({ stage: 'parse', bytes: body.byteLength });
      const pdf = await readPdf(body, job.options, signal, isolation);
      html = pdf.html;
      warnings.push(...pdf.warnings);
    } else {
      const decoded = decodeHtml(body, job.contentType);
      html = decoded.html;
      encoding = { name: decoded.encoding, source: decoded.source };
    }
  }
  if (signal.aborted) throw signal.reason;
  const bytes = job.body?.byteLength ?? html.length;
  const result = await convertHtml(html, onProgress ? { ...job.options, onStage: (stage) => onProgress({ stage, bytes }) } : job.options, signal, isolation);
  warnings.push(...result.warnings);
  if (job.shellCheck && contentType !== 'application/pdf') {
    const shell = emptyShellWarning(result.markdown, html, job.rendered);
    if (shell) warnings.push(shell);
  }
  return { html, contentType, encoding, result: { ...result, warnings } };
}
