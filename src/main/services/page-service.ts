// Loads pages for the app and re-converts them when the user keeps or drops elements. Every input —
// a URL or path typed in, a dropped file, pasted HTML — goes through one Scraper, whose renderer is
// the app's (the hidden window in Electron) and whose conversions run on the worker. Loads are
// cancellable by the caller's request id, and say how far they are (`progress`); each page's HTML
// stays here for re-conversion.
import { homedir } from 'node:os';
import { LIMITS, type LoadInput, type LoadOptions, type LoadRequest, type LoadResponse, type ReconvertRequest, type ReconvertResponse } from '../../shared/contract';
import type { ConvertOptions, ConvertResult } from '../../shared/core/types';
import { failedPage, type Page, type ScrapeProgress, toScrapeError } from '../../shared/page';
import { loadingOptionsOf, type ScrapeOptions } from '../../shared/options/scrape';
import type { PageSource } from '../loaders/source';
import type { Conversion } from './conversion';
import { PageCache } from './page-cache';
import { appInput } from './scrape-target';
import { Scraper } from './scraper';
import type { WorkerHost } from './worker-host';

export interface PageServiceOptions {
  worker: WorkerHost;
  /** Renders pages with JavaScript (the app's hidden window); the Scraper's default otherwise. */
  renderer?: PageSource;
  /** The folder "~/" stands for in a typed path (default: the user's home). */
  home?: string;
}

/** One load or conversion: its cancel signal, and where it reports its progress. */
interface Run {
  signal: AbortSignal;
  report: (progress: ScrapeProgress) => void;
}


export class PageService {
  private readonly cache = new PageCache();
  private readonly requests = new Map<string, AbortController>();
  private readonly progressOf = new Map<string, ScrapeProgress>();
  private readonly scraper: Scraper;

  constructor(private readonly options: PageServiceOptions) {
    this.scraper = new Scraper(
      // What the app accepts pasted or dropped, it accepts from the web too.
      { maxBytes: LIMITS.maxFileBytes },
      { renderer: options.renderer, converter: (job, signal, onProgress) => options.worker.run<Conversion>({ kind: 'conversion', job }, signal, onProgress) },
    );
  }

  async load(request: LoadRequest): Promise<LoadResponse> {
    const run = this.track(request.requestId);
    const { signal, done } = run;
    try {
      const page = await this.loadInput(request.input, request.options ?? {}, run);
      if (!page.ok) return { page };
      // The Scraper resolves links against web pages' URLs only; local files and pasted HTML keep relative links.
      const url = page.source.finalUrl && /^https?:/i.test(page.source.finalUrl) ? page.source.finalUrl : undefined;
      return { page, pageId: this.cache.put({ html: page.originalHtml, url }) };
    } catch (error) {
      return { page: failedPage(describeInput(request.input), toScrapeError(error, signal)) };
    } finally {
      done();
    }
  }

  async reconvert(request: ReconvertRequest): Promise<ReconvertResponse> {
    const cached = this.cache.get(request.pageId);
    if (!cached) return { ok: false, error: { code: 'not-found', message: 'this page is no longer in memory: load it again' } };
    const run = this.track(request.requestId);
    const { signal, done } = run;
    try {
      const options: ConvertOptions = withoutUndefined({ ...request.options, url: cached.url, ...APP_CONVERSION });
      const result = await this.options.worker.run<ConvertResult>({ kind: 'convert', html: cached.html, options }, signal, run.report);
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: toScrapeError(error, signal) };
    } finally {
      done();
    }
  }

  /** Cancels a load or a conversion by the id its caller gave; false when none is running. */
  cancel(requestId: string): boolean {
    const controller = this.requests.get(requestId);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  /** Where a load or conversion running under this id is (null when none is). */
  progress(requestId: string): ScrapeProgress | null {
    return this.progressOf.get(requestId) ?? null;
  }

  /** Stops the browser the Scraper may have started. */
  close(): Promise<void> {
    return this.scraper.close();
  }

  private track(requestId: string): Run & { done: () => void } {
    this.requests.get(requestId)?.abort(); // an id reused while running replaces the old request
    const controller = new AbortController();
    this.requests.set(requestId, controller);
    const mine = () => this.requests.get(requestId) === controller;
    return {
      signal: controller.signal,
      report: (progress) => {
        if (mine()) this.progressOf.set(requestId, progress);
      },
      done: () => {
        if (!mine()) return;
        this.requests.delete(requestId);
        this.progressOf.delete(requestId);
      },
    };
  }

  private loadInput(input: LoadInput, options: LoadOptions, run: Run): Promise<Page> {
    const scrape = { ...scrapeOptions(options), signal: run.signal, onProgress: run.report };
    switch (input.kind) {
      case 'html':
        return this.scraper.scrapeHtml(input.html, { url: input.name ?? 'pasted HTML' }, scrape);
      case 'file':
        return this.scraper.scrapeBytes(Buffer.from(input.base64, 'base64'), { url: input.name, contentType: contentTypeOf(input.name) }, { ...scrape, render: false });
      case 'url':
        return this.scraper.scrape(appInput(input.url, this.options.home ?? homedir()), scrape);
    }
  }
}

/**
 * Source offsets let the app mark each removed element in the original HTML; front matter is the
 * export's to add. The budget is the CLI's: the core's defaults, or what the settings say.
 */
const APP_CONVERSION = { sourceLocations: true, frontMatter: false } as const;

function scrapeOptions(options: LoadOptions): ScrapeOptions {
  return { ...loadingOptionsOf(options), convert: withoutUndefined({ ...options.convert, ...APP_CONVERSION }) };
}

/** A type for dropped bytes from the file name; without one the Scraper sniffs the bytes. */
function contentTypeOf(name: string): string | undefined {
  if (/\.pdf$/i.test(name)) return 'application/pdf';
  if (/\.x?html?$/i.test(name)) return 'text/html';
  return undefined;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function describeInput(input: LoadInput): string {
  if (input.kind === 'url') return input.url;
  if (input.kind === 'file') return input.name;
  return input.name ?? 'pasted HTML';
}
