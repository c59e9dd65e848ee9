// The library's front door: `new Scraper(options).scrape(urlOrPath)` → a Page. Picks the loader
// (HTTP, headless browser, local file), decides what the content is, decodes or extracts it (HTML
// charset, PDF text) and runs the core's convert(). A bad page never throws: the Page says
// ok: false and why. close() stops the shared browser, if one was started.
import { BudgetExceeded, convert } from '../../shared/core';
import { cutAt } from '../../shared/core/text';
import type { ConvertOptions, ConvertResult, Warning } from '../../shared/core/types';
import type { Page, ScrapeError, ScrapeOptions, ScrapeProgress } from '../../shared/page';
import { decodeHtml } from '../loaders/charset';
import { classifyContent, mediaType } from '../loaders/content-type';
import { FileSource } from '../loaders/files';
import { DEFAULT_USER_AGENT, HttpSource } from '../loaders/http';
import { type PagePool, sharedPagePool } from '../isolation/page-pool';
import { type PdfPool, sharedPdfPool } from '../isolation/pdf-pool';
import { type PdfConversion, pdfToHtml } from '../loaders/pdf';
import { BrowserSource, defaultBrowserPath } from '../loaders/render-playwright';
import { abortError, LoadError, type LoadedResource, type LoadRequest, type LoadSettings } from '../loaders/source';
import { deadline } from '../batch/deadline';
import { emptyShellWarning } from './empty-shell';
import { resolveTarget, type ScrapeTarget } from './scrape-target';

export const SCRAPE_DEFAULTS = {
  timeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  maxBytes: 20 * 1024 * 1024,
  maxRedirects: 10,
  userAgent: DEFAULT_USER_AGENT,
} as const;

export type ScrapeCallOptions = ScrapeOptions & {
  signal?: AbortSignal;
  /** Told each stage as it starts, and the bytes received while fetching (at most every 100 ms). */
  onProgress?: (progress: ScrapeProgress) => void;
};

/** Bytes received are told at most this often: a large page arrives in thousands of chunks. */
const BYTES_EVERY_MS = 100;

/** Bytes already in hand (standard input, a dropped file): what is known about them. */
export interface ContentInfo {
  /** Where they came from: the Page's url, and the base for links unless `baseUrl` is set. */
  url?: string;
  contentType?: string;
}

interface Prepared {
  options: ScrapeOptions;
  settings: LoadSettings;
  signal: AbortSignal;
  /** The caller's own signal: conversion is bounded by its budget, not by the loading time. */
  cancel: AbortSignal | undefined;
  /** Stops the loading timer. */
  clear: () => void;
  deadline: number;
  onProgress?: (progress: ScrapeProgress) => void;
}

/**
 * Where pages are read and converted. By default in the process's shared pools: PDFs in child
 * processes with a deadline and a memory cap, conversions in worker threads with a heap limit, so a
 * page that runs away fails alone. `null` runs that step in the calling thread (for callers that
 * are isolated already, and for tests).
 */
export interface ScraperIsolation {
  pages?: PagePool | null;
  pdfs?: PdfPool | null;
}

export class Scraper {
  private readonly http = new HttpSource();
  private readonly files = new FileSource();
  private readonly browsers = new Map<string, BrowserSource>();

  constructor(
    private readonly defaults: ScrapeOptions = {},
    private readonly isolation: ScraperIsolation = {},
  ) {}

  async scrape(input: string, options: ScrapeCallOptions = {}): Promise<Page> {
    const started = performance.now();
    const page = emptyPage(String(input));
    try {
      const prepared = this.prepare(options, started);
      try {
        const target = resolveTarget(String(input));
        const resource = await this.load(target, prepared);
        return await this.finish(page, resource, target.kind === 'file', prepared, started);
      } finally {
        prepared.clear();
      }
    } catch (error) {
      return failed(page, error, options.signal, started);
    }
  }

  /** Converts bytes already in hand (sniffed like a local file: HTML or PDF). */
  async scrapeBytes(body: Uint8Array, info: ContentInfo = {}, options: ScrapeCallOptions = {}): Promise<Page> {
    const started = performance.now();
    const page = emptyPage(info.url ?? '-');
    try {
      const prepared = this.prepare(options, started);
      try {
        if (body.byteLength > prepared.settings.maxBytes) {
          throw new LoadError('too-large', `the input is larger than the limit of ${prepared.settings.maxBytes} bytes`);
        }
        const resource: LoadedResource = { url: page.url, finalUrl: page.url, contentType: info.contentType, body, rendered: false, warnings: [] };
        return await this.finish(page, resource, true, prepared, started);
      } finally {
        prepared.clear();
      }
    } catch (error) {
      return failed(page, error, options.signal, started);
    }
  }

  /** Stops the browser(s) started for rendering. The Scraper stays usable (it starts one again). */
  async close(): Promise<void> {
    const browsers = [...this.browsers.values()];
    this.browsers.clear();
    await Promise.all(browsers.map((browser) => browser.close()));
  }

  private prepare(call: ScrapeCallOptions, started: number): Prepared {
    const options: ScrapeOptions = { ...this.defaults, ...call, convert: { ...this.defaults.convert, ...call.convert } };
    const settings: LoadSettings = {
      timeoutMs: positive(options.timeoutMs, 'timeoutMs') ?? SCRAPE_DEFAULTS.timeoutMs,
      connectTimeoutMs: positive(options.connectTimeoutMs, 'connectTimeoutMs') ?? SCRAPE_DEFAULTS.connectTimeoutMs,
      maxBytes: positive(options.maxBytes, 'maxBytes') ?? SCRAPE_DEFAULTS.maxBytes,
      maxRedirects: nonNegative(options.maxRedirects, 'maxRedirects') ?? SCRAPE_DEFAULTS.maxRedirects,
      userAgent: options.userAgent?.trim() || SCRAPE_DEFAULTS.userAgent,
      waitFor: options.waitFor?.trim() || undefined,
      extraWaitMs: nonNegative(options.extraWaitMs, 'extraWaitMs'),
    };
    if (/[\r\n]/.test(settings.userAgent)) throw new LoadError('invalid-input', 'the user agent must be one line');
    if (options.baseUrl !== undefined && !URL.canParse(options.baseUrl)) {
      throw new LoadError('invalid-input', `the base URL is not an absolute URL: ${options.baseUrl}`);
    }
    // A timer of our own: on Node 20, AbortSignal.timeout inside AbortSignal.any can be collected
    // before it fires (see batch/deadline.ts).
    const limit = deadline(settings.timeoutMs, call.signal);
    return { options, settings, signal: limit.signal, clear: limit.clear, cancel: call.signal, deadline: started + settings.timeoutMs, onProgress: call.onProgress };
  }

  private browserFor(options: ScrapeOptions): BrowserSource {
    const path = options.browserPath?.trim() || defaultBrowserPath();
    let browser = this.browsers.get(path);
    if (browser === undefined) {
      browser = new BrowserSource(path);
      this.browsers.set(path, browser);
    }
    return browser;
  }

  private async load(target: ScrapeTarget, prepared: Prepared): Promise<LoadedResource> {
    const request: LoadRequest = { url: target.url, settings: prepared.settings, signal: prepared.signal, deadline: prepared.deadline, onBytes: bytesReporter(prepared.onProgress) };
    prepared.onProgress?.({ stage: prepared.options.render ? 'render' : 'fetch' });
    if (!prepared.options.render) return target.kind === 'web' ? this.http.load(request) : this.files.load(request);
    if (target.kind === 'web') {
      const rendered = await this.browserFor(prepared.options).load(request);
      return rendered.declined ? this.http.load(request) : rendered;
    }
    // A local file is rendered only when it is HTML; a PDF goes to the PDF loader as it is.
    const file = await this.files.load(request);
    if (classifyContent(file.contentType, file.body!) !== 'html') return file;
    return this.browserFor(prepared.options).load(request);
  }

  private async finish(page: Page, resource: LoadedResource, local: boolean, prepared: Prepared, started: number): Promise<Page> {
    const warnings: Warning[] = [...resource.warnings];
    let html: string;
    if (resource.html !== undefined) {
      html = resource.html;
      page.contentType = mediaType(resource.contentType) || 'text/html';
    } else {
      const body = resource.body ?? new Uint8Array(0);
      const kind = classifyContent(resource.contentType, body);
      page.contentType = kind === 'pdf' ? 'application/pdf' : mediaType(resource.contentType) || 'text/html';
      if (kind === 'pdf') {
        prepared.clear();
        prepared.onProgress?.({ stage: 'parse', bytes: body.byteLength });
        const pdf = await this.readPdf(body, prepared).catch((error: unknown) => {
          throw prepared.cancel?.aborted ? new LoadError('cancelled', 'reading the PDF was cancelled') : error;
        });
        html = pdf.html;
        warnings.push(...pdf.warnings);
      } else {
        const decoded = decodeHtml(body, resource.contentType);
        html = decoded.html;
        page.encoding = { name: decoded.encoding, source: decoded.source };
      }
    }
    if (prepared.signal.aborted) throw abortError(prepared);
    // Loading is over: the rest is bounded by the page's budget, not by the time allowed to load.
    prepared.clear();

    const onProgress = prepared.onProgress;
    const convertOptions: ConvertOptions = {
      ...prepared.options.convert,
      ...(onProgress ? { onStage: (stage) => onProgress({ stage, bytes: resource.body?.byteLength ?? html.length }) } : {}),
      // Local files keep relative links relative unless a base is given.
      url: prepared.options.baseUrl ?? (local ? undefined : resource.finalUrl),
    };
    const result = await this.convert(html, convertOptions, prepared.cancel);
    warnings.push(...result.warnings);
    if (page.contentType !== 'application/pdf') {
      const shell = emptyShellWarning(result.markdown, html, resource.rendered);
      if (shell) warnings.push(shell);
    }

    return {
      ...page,
      ok: true,
      finalUrl: resource.finalUrl,
      status: resource.status,
      rendered: resource.rendered,
      title: result.metadata.title,
      markdown: result.markdown,
      text: result.markdown,
      cleanedHtml: result.cleanedHtml,
      originalHtml: html,
      removed: result.removed,
      kept: result.kept,
      metadata: result.metadata,
      stats: result.stats,
      warnings,
      elapsedMs: performance.now() - started,
    };
  }

  /** Reads a PDF in its own process (bounded by the page's budget, as converting is), or here when asked. */
  private readPdf(body: Uint8Array, prepared: Prepared): Promise<PdfConversion> {
    const pdfs = this.isolation.pdfs === undefined ? sharedPdfPool() : this.isolation.pdfs;
    if (pdfs === null) return pdfToHtml(body, { signal: prepared.cancel });
    return pdfs.read(body, prepared.options.convert?.budget, prepared.cancel);
  }

  /** Converts in a page worker (bounded by the page's budget, not by the loading time), or here when asked. */
  private async convert(html: string, options: ConvertOptions, cancel: AbortSignal | undefined): Promise<ConvertResult> {
    const pages = this.isolation.pages === undefined ? sharedPagePool() : this.isolation.pages;
    if (pages === null) return convert(html, options);
    // A callback cannot cross into the worker: the worker reports its stages by message.
    const { onStage, ...serialisable } = options;
    return pages.convert(html, serialisable, cancel, onStage);
  }
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

function positive(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw new LoadError('invalid-input', `${name} must be a positive number`);
  return value;
}

function nonNegative(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0) throw new LoadError('invalid-input', `${name} must be zero or more`);
  return Math.floor(value);
}

function emptyPage(url: string): Page {
  return { ok: false, url, markdown: '', text: '', cleanedHtml: '', originalHtml: '', removed: [], metadata: {}, warnings: [] };
}

/** A failed Page for an input that could not even be read (e.g. standard input over the limit). */
export function pageForError(url: string, error: unknown): Page {
  return failed(emptyPage(url), error, undefined, performance.now());
}

function failed(page: Page, error: unknown, callerSignal: AbortSignal | undefined, started: number): Page {
  const scrapeError = toScrapeError(error, callerSignal);
  return {
    ...page,
    ok: false,
    status: error instanceof LoadError ? error.status : page.status,
    error: scrapeError,
    elapsedMs: performance.now() - started,
  };
}

export function toScrapeError(error: unknown, callerSignal?: AbortSignal): ScrapeError {
  if (error instanceof LoadError) return { code: error.code, message: oneLine(error.message) };
  if (error instanceof BudgetExceeded) return { code: 'budget', message: oneLine(error.message) };
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError') return { code: 'timeout', message: 'loading took longer than the time allowed' };
  if (name === 'AbortError' || callerSignal?.aborted) return { code: 'cancelled', message: 'loading was cancelled' };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: oneLine(`unexpected failure: ${message}`) };
}

function oneLine(text: string): string {
  const line = text.slice(0, text.includes('\n') ? text.indexOf('\n') : text.length).trim();
  return line.length > 500 ? `${cutAt(line, 499)}…` : line;
}
