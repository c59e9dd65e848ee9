// Loads pages for the app and re-converts them when the user keeps or drops elements. Every
// conversion runs on the worker; loads are cancellable by the caller's request id. URLs, typed
// paths and dropped files go to the Scraper (on the worker too); with a `render` function (the
// Electron app's hidden window), http(s) pages are rendered in main first, then converted.
import { homedir } from 'node:os';
import { LIMITS, type LoadedPage, type LoadInput, type LoadOptions, type LoadRequest, type ReconvertRequest, type ReconvertResponse } from '../../shared/contract';
import type { ConvertOptions, ConvertResult } from '../../shared/core/types';
import type { Page, ScrapeError, ScrapeOptions, ScrapeProgress } from '../../shared/page';
import { LoadError } from '../loaders/source';
import { emptyShellWarning } from './empty-shell';
import { PageCache } from './page-cache';
import { appInput } from './scrape-target';
import type { WorkerHost } from './worker-host';
import { JobError } from './worker-protocol';

export interface RenderedHtml {
  html: string;
  finalUrl: string;
  status?: number;
  contentType?: string;
}

export interface RenderSettings {
  timeoutMs: number;
  waitFor?: string;
  extraWaitMs?: number;
  userAgent?: string;
}

/** Renders an http(s) page with JavaScript; throws a LoadError (code `unsupported-type` for non-HTML). */
export type RenderPage = (url: string, settings: RenderSettings, signal: AbortSignal) => Promise<RenderedHtml>;

export interface PageServiceOptions {
  worker: WorkerHost;
  render?: RenderPage;
  defaultTimeoutMs?: number;
  /** The folder "~/" stands for in a typed path (default: the user's home). */
  home?: string;
}

/** One load or conversion: its cancel signal, and where it reports its progress. */
interface Run {
  signal: AbortSignal;
  report: (progress: ScrapeProgress) => void;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export class PageService {
  private readonly cache = new PageCache();
  private readonly requests = new Map<string, AbortController>();
  private readonly progressOf = new Map<string, ScrapeProgress>();

  constructor(private readonly options: PageServiceOptions) {}

  async load(request: LoadRequest): Promise<LoadedPage> {
    const run = this.track(request.requestId);
    const { signal, done } = run;
    const started = performance.now();
    const options = request.options ?? {};
    try {
      const page = await this.loadInput(request.input, options, run);
      return { ...page, elapsedMs: page.elapsedMs ?? Math.round(performance.now() - started) };
    } catch (error) {
      return failedPage(describeInput(request.input), toScrapeError(error, signal), options.render === true);
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
      const result = await this.convert(cached.html, cached.url, request.options ?? {}, run);
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

  private async loadInput(input: LoadInput, options: LoadOptions, run: Run): Promise<LoadedPage> {
    switch (input.kind) {
      case 'html':
        return this.fromHtml(input.html, { url: undefined, label: input.name ?? 'pasted HTML', options, run, rendered: false });
      case 'file': {
        const bytes = Buffer.from(input.base64, 'base64');
        const job = { kind: 'scrape-bytes', bytes, name: input.name, contentType: contentTypeOf(input.name), options: scrapeOptions({ ...options, render: false }) } as const;
        return this.scraped(await this.options.worker.run<Page>(job, run.signal, run.report), false);
      }
      case 'url':
        return this.fromUrl(appInput(input.url, this.options.home ?? homedir()), options, run);
    }
  }

  private async fromUrl(url: string, options: LoadOptions, run: Run): Promise<LoadedPage> {
    const render = this.options.render;
    if (options.render && render && /^https?:\/\//i.test(url)) {
      const settings: RenderSettings = {
        timeoutMs: options.timeoutMs ?? this.options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        waitFor: options.waitFor,
        extraWaitMs: options.extraWaitMs,
        userAgent: options.userAgent,
      };
      try {
        run.report({ stage: 'render' });
        const rendered = await render(url, settings, run.signal);
        const page = await this.fromHtml(rendered.html, { url: rendered.finalUrl, label: url, options, run, rendered: true });
        return { ...page, finalUrl: rendered.finalUrl, status: rendered.status, contentType: rendered.contentType };
      } catch (error) {
        // A PDF (or another non-HTML type) is not for the browser: the Scraper's loaders take it.
        if (!(error instanceof LoadError && error.code === 'unsupported-type')) throw error;
      }
      return this.scrape(url, { ...options, render: false }, run);
    }
    return this.scrape(url, options, run);
  }

  private async scrape(input: string, options: LoadOptions, run: Run): Promise<LoadedPage> {
    const job = { kind: 'scrape', input, options: scrapeOptions({ timeoutMs: this.options.defaultTimeoutMs, ...options }) } as const;
    return this.scraped(await this.options.worker.run<Page>(job, run.signal, run.report), options.render === true);
  }

  /** A Scraper's page for the app: its HTML cached for re-conversion, `text` (a copy of markdown) left out. */
  private scraped(page: Page, render: boolean): LoadedPage {
    const { text: _text, ...rest } = page;
    const rendered = page.rendered ?? render;
    if (!page.ok) return { ...rest, rendered };
    // The Scraper resolves links against web pages' URLs only; local files keep relative links.
    const url = page.finalUrl && /^https?:/i.test(page.finalUrl) ? page.finalUrl : undefined;
    return { ...rest, pageId: this.cache.put({ html: page.originalHtml, url }), rendered };
  }

  private async fromHtml(
    html: string,
    at: { url: string | undefined; label: string; options: LoadOptions; run: Run; rendered: boolean },
  ): Promise<LoadedPage> {
    const started = performance.now();
    const result = await this.convert(html, at.url, at.options.convert ?? {}, at.run);
    const pageId = this.cache.put({ html, url: at.url });
    const shell = at.rendered ? emptyShellWarning(result.markdown, html, true) : undefined;
    return {
      ok: true,
      url: at.label,
      finalUrl: at.url,
      title: result.metadata.title,
      markdown: result.markdown,
      cleanedHtml: result.cleanedHtml,
      originalHtml: html,
      removed: result.removed,
      kept: result.kept,
      metadata: result.metadata,
      stats: result.stats,
      warnings: shell ? [...result.warnings, shell] : result.warnings,
      elapsedMs: Math.round(performance.now() - started),
      pageId,
      rendered: at.rendered,
    };
  }

  private convert(html: string, url: string | undefined, options: ConvertOptions, run: Run): Promise<ConvertResult> {
    // The budget is the CLI's (the core's defaults, or what the settings say), in the worker's CPU time.
    const convertOptions: ConvertOptions = stripUndefined({ ...options, budget: budgetOf(options), url, sourceLocations: true, frontMatter: false });
    return this.options.worker.run<ConvertResult>({ kind: 'convert', html, options: convertOptions }, run.signal, run.report);
  }
}

function scrapeOptions(options: LoadOptions): ScrapeOptions {
  return stripUndefined({
    render: options.render,
    timeoutMs: options.timeoutMs,
    waitFor: options.waitFor,
    extraWaitMs: options.extraWaitMs,
    userAgent: options.userAgent,
    // What the app accepts pasted or dropped, it accepts from the web too.
    maxBytes: LIMITS.maxFileBytes,
    // Source offsets let the app mark each removed element in the original HTML.
    convert: stripUndefined({ ...options.convert, budget: budgetOf(options.convert ?? {}), sourceLocations: true }),
  });
}

/** The settings' budget, without the limits left to their defaults. */
function budgetOf(options: { budget?: { maxMs?: number; maxNodes?: number } }): ConvertOptions['budget'] {
  const budget = stripUndefined({ ...options.budget });
  return Object.keys(budget).length > 0 ? budget : undefined;
}

/** A type for dropped bytes from the file name; without one the Scraper sniffs the bytes. */
function contentTypeOf(name: string): string | undefined {
  if (/\.pdf$/i.test(name)) return 'application/pdf';
  if (/\.x?html?$/i.test(name)) return 'text/html';
  return undefined;
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function describeInput(input: LoadInput): string {
  if (input.kind === 'url') return input.url;
  if (input.kind === 'file') return input.name;
  return input.name ?? 'pasted HTML';
}

export function toScrapeError(error: unknown, signal?: AbortSignal): ScrapeError {
  if (signal?.aborted) return { code: 'cancelled', message: 'cancelled' };
  if (error instanceof JobError || error instanceof LoadError) return { code: error.code, message: error.message };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

export function failedPage(url: string, error: ScrapeError, rendered: boolean): LoadedPage {
  return { ok: false, url, markdown: '', cleanedHtml: '', originalHtml: '', removed: [], metadata: {}, warnings: [], error, rendered };
}
