// The second half of scraping a page: its raw content (bytes, or HTML a browser rendered) becomes
// HTML — decoded by its charset, or laid out from a PDF — and that HTML goes through the core's
// convert(). The Scraper hands this to a Converter: in the same thread by default, on the app's
// conversion worker in the app (so a 20 MB page never freezes the window).
import { convert } from '../../shared/core';
import type { ConvertOptions, ConvertResult, Warning } from '../../shared/core/types';
import type { ScrapeProgress, SourceFacts } from '../../shared/page';
import { decodeHtml } from '../loaders/charset';
import { classifyContent, mediaType } from '../loaders/content-type';
import { pdfToHtml } from '../loaders/pdf';
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

/** The conversion in this thread. */
export async function convertRaw(job: ConversionJob, signal: AbortSignal, onProgress?: (progress: ScrapeProgress) => void): Promise<Conversion> {
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
      const pdf = await pdfToHtml(body, { signal });
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
  const result = convert(html, onProgress ? { ...job.options, onStage: (stage) => onProgress({ stage, bytes }) } : job.options);
  warnings.push(...result.warnings);
  if (job.shellCheck && contentType !== 'application/pdf') {
    const shell = emptyShellWarning(result.markdown, html, job.rendered);
    if (shell) warnings.push(shell);
  }
  return { html, contentType, encoding, result: { ...result, warnings } };
}
