// The library's front door: `new Scraper(options).scrape(urlOrPath)` → a Page. Every way of getting
// HTML is a PageSource given to it (HTTP, local files, a renderer: Playwright by default, the app's
// hidden window in the app); what comes back is decoded or laid out (HTML charset, PDF text) and
// converted by its Converter (by default each PDF in a child process and each conversion in a page
// worker, so a runaway page fails alone; see conversion.ts). Loading is bounded by the time allowed,
// converting by the page's budget. A bad page never throws: the Page says ok: false and why.
// close() stops what the sources hold (a browser).
import { type ConvertedPage, failedPage, type Page, type ScrapeProgress, type SourceFacts, statusOf, toScrapeError, type Validators } from '../../shared/page';
import { resolveScrapeOptions, type ResolvedScrapeOptions, type ScrapeOptions } from '../../shared/options/scrape';
import { classifyContent, looksLikePdf, mediaType } from '../loaders/content-type';
import { FileSource } from '../loaders/files';
import { HttpSource } from '../loaders/http';
import { PlaywrightSource } from '../loaders/render-playwright';
import { abortError, LoadError, type LoadRequest, type PageSource, type RawPage } from '../loaders/source';
import { deadline } from '../batch/deadline';
import { type Conversion, type ConversionIsolation, type Converter, isolatedConverter } from './conversion';
import { resolveTarget, type ScrapeTarget } from './scrape-target';

export type ScrapeCallOptions = ScrapeOptions & {
  signal?: AbortSignal;
  /** Told each stage as it starts, and the bytes received while fetching (at most every 100 ms). */
  onProgress?: (progress: ScrapeProgress) => void;
  /** Load only a newer version than this (HTTP): an unchanged page fails with code `not-modified`. */
  conditional?: Validators;
};

/** The signal of a caller that never cancels. */
const NEVER = new AbortController().signal;

/** Bytes received are told at most this often: a large page arrives in thousands of chunks. */
const BYTES_EVERY_MS = 100;

/** Content already in hand (standard input, a dropped file, pasted HTML): what is known about it. */
export interface ContentInfo {
  /** What to call it: the Page's url, and the base for links unless `baseUrl` is set. */
  url?: string;
  contentType?: string;
}

/** How the Scraper gets and converts pages; each part left out takes its default. */
export interface ScraperParts extends ConversionIsolation {
  http?: PageSource;
  files?: PageSource;
  /** Renders pages with JavaScript (`render: true`): Playwright's Chromium by default. */
  renderer?: PageSource;
  /** Converts what was loaded; by default isolatedConverter() with `pages` and `pdfs`. */
  converter?: Converter;
}

interface Prepared {
  options: ResolvedScrapeOptions;
  /** Loading's: the caller's signal, or the time allowed running out. */
  signal: AbortSignal;
  /** Stops the loading timer (loading is over). */
  clear: () => void;
  /** Converting's: the caller's signal only (the page's budget bounds converting). */
  cancel: AbortSignal;
  deadline: number;
  onProgress?: (progress: ScrapeProgress) => void;
  conditional?: Validators;
}

/** What a page was got as, before conversion. */
interface Got {
  raw: RawPage;
  /** The URL links are resolved against (unless `baseUrl` says otherwise). */
  base?: string;
  /**
   * HTML pasted in: nothing was fetched, so the page has no fetch facts, and no advice to render
   * it (it cannot be).
   */
  pasted?: boolean;
}

export class Scraper {
  private readonly http: PageSource;
  private readonly files: PageSource;
  private readonly renderer: PageSource;
  private readonly converter: Converter;

  constructor(
    private readonly defaults: ScrapeOptions = {},
    parts: ScraperParts = {},
  ) {
    this.http = parts.http ?? new HttpSource();
    this.files = parts.files ?? new FileSource();
    this.renderer = parts.renderer ?? new PlaywrightSource();
    this.converter = parts.converter ?? isolatedConverter({ pages: parts.pages, pdfs: parts.pdfs });
  }

  /** Loads a URL (http, https) or a local file (a path or a file: URL) and converts it. */
  scrape(input: string, options: ScrapeCallOptions = {}): Promise<Page> {
    const asked = String(input);
    return this.run(asked, options, async (prepared) => {
      const target = resolveTarget(asked);
      const raw = await this.load(target, prepared);
      // Local files keep relative links relative unless a base is given.
      return { raw, base: target.kind === 'file' ? undefined : raw.finalUrl };
    });
  }

  /** Converts bytes already in hand, sniffed like a local file: HTML (any charset) or PDF. */
  scrapeBytes(body: Uint8Array, info: ContentInfo = {}, options: ScrapeCallOptions = {}): Promise<Page> {
    const url = info.url ?? '-';
    return this.run(url, options, async (prepared) => {
      if (body.byteLength > prepared.options.maxBytes) {
        throw new LoadError('too-large', `the input is larger than the limit of ${prepared.options.maxBytes} bytes`);
      }
      return { raw: { url, finalUrl: url, contentType: info.contentType, body, rendered: false, warnings: [] } };
    });
  }

  /** Converts HTML already decoded (pasted): nothing was fetched, so the page has no fetch facts. */
  scrapeHtml(html: string, info: ContentInfo = {}, options: ScrapeCallOptions = {}): Promise<Page> {
    const url = info.url ?? 'pasted HTML';
    return this.run(url, options, async () => ({ raw: { url, finalUrl: url, html, rendered: false, warnings: [] }, pasted: true }));
  }

  /** Stops what the sources hold (the browser started for rendering). The Scraper stays usable. */
  async close(): Promise<void> {
    await Promise.all([this.http, this.files, this.renderer].map((source) => source.close?.()));
  }

  /** Prepares the options, gets the raw page, converts it; any failure becomes a failed Page. */
  private async run(asked: string, call: ScrapeCallOptions, get: (prepared: Prepared) => Promise<Got>): Promise<Page> {
    const started = performance.now();
    try {
      const prepared = this.prepare(call, started);
      try {
        const { raw, base, pasted = false } = await get(prepared);
        if (prepared.signal.aborted) throw abortError({ ...prepared, settings: prepared.options });
        // Loading is over: the rest is bounded by the page's budget, not by the time allowed to load.
        prepared.clear();
        const converted = await this.convert(raw, prepared, prepared.options.baseUrl ?? base, !pasted);
        return page(asked, raw, converted, pasted, started);
      } finally {
        prepared.clear();
      }
    } catch (error) {
      return failedPage(withoutUndefined({ url: asked, status: statusOf(error) }), toScrapeError(error, call.signal), performance.now() - started);
    }
  }

  private prepare(call: ScrapeCallOptions, started: number): Prepared {
    const { signal: callerSignal, onProgress, conditional, ...rest } = call;
    const options = resolveScrapeOptions({ ...this.defaults, ...rest, convert: { ...this.defaults.convert, ...rest.convert } });
    // A timer of our own: on Node 20, AbortSignal.timeout inside AbortSignal.any can be collected
    // before it fires (see batch/deadline.ts).
    const limit = deadline(options.timeoutMs, callerSignal);
    return { options, signal: limit.signal, clear: limit.clear, cancel: callerSignal ?? NEVER, deadline: started + options.timeoutMs, onProgress, conditional };
  }

  private async load(target: ScrapeTarget, prepared: Prepared): Promise<RawPage> {
    const request: LoadRequest = { url: target.url, settings: prepared.options, signal: prepared.signal, deadline: prepared.deadline, onBytes: bytesReporter(prepared.onProgress), conditional: prepared.conditional };
    prepared.onProgress?.({ stage: prepared.options.render ? 'render' : 'fetch' });
    const plain = target.kind === 'web' ? this.http : this.files;
    if (!prepared.options.render) return plain.load(request);
    if (target.kind === 'web') {
      const rendered = await this.renderer.load(request);
      return rendered.declined ? this.http.load(request) : rendered;
    }
    // A local file is rendered only when it is HTML; a PDF goes to the PDF reader as it is.
    const file = await this.files.load(request);
    if (classifyContent(file.contentType, file.body!) !== 'html') return file;
    return this.renderer.load(request);
  }

  private async convert(raw: RawPage, prepared: Prepared, base: string | undefined, shellCheck: boolean): Promise<Conversion> {
    const job = { body: raw.body, html: raw.html, contentType: raw.contentType, options: { ...prepared.options.convert, url: base }, rendered: raw.rendered, shellCheck, warnings: raw.warnings };
    try {
      return await this.converter(job, prepared.cancel, prepared.onProgress);
    } catch (error) {
      if (!prepared.cancel.aborted) throw error;
      const pdf = raw.body !== undefined && (mediaType(raw.contentType) === 'application/pdf' || looksLikePdf(raw.body, true));
      throw new LoadError('cancelled', `${pdf ? 'reading the PDF' : 'converting'} was cancelled`);
    }
  }
}

/** The Page: what the source said, what reading it found (type, encoding), and the result. */
function page(asked: string, raw: RawPage, converted: Conversion, pasted: boolean, started: number): ConvertedPage {
  const source: SourceFacts = pasted
    ? { url: asked, rendered: false }
    : { url: asked, finalUrl: raw.finalUrl, status: raw.status, contentType: converted.contentType, encoding: converted.encoding, rendered: raw.rendered, validators: raw.validators };
  return { ok: true, source: withoutUndefined(source), result: converted.result, originalHtml: converted.html, elapsedMs: performance.now() - started };
}

/** Bytes received, told on when BYTES_EVERY_MS has passed since the last time (and at the end). */
function bytesReporter(onProgress: ((progress: ScrapeProgress) => void) | undefined): LoadRequest['onBytes'] {
  if (!onProgress) return undefined;
  let last = -Infinity;
  return (bytes, totalBytes) => {
    const now = performance.now();
    if (now - last < BYTES_EVERY_MS && bytes !== totalBytes) return;
    last = now;
    onProgress({ stage: 'fetch', bytes, totalBytes });
  };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
