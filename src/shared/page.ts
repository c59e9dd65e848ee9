// What scraping one page gives: the library's `Scraper.scrape()` result, the CLI's --json output
// and what the app shows. Types only, shared by main and renderer.
import type { ConvertOptions, ConvertStage, Metadata, RemovedNode, Stats, Warning } from './core/types';

export interface ScrapeOptions {
  /** Render the page with JavaScript in a headless browser before converting. */
  render?: boolean;
  /** When rendering: wait until this CSS selector matches (within the timeout). */
  waitFor?: string;
  /** When rendering: extra milliseconds to wait after the page settled. */
  extraWaitMs?: number;
  /** Total time allowed for loading one page, in milliseconds. */
  timeoutMs?: number;
  /** Time allowed to connect, in milliseconds. */
  connectTimeoutMs?: number;
  /** Largest response body accepted, in bytes. */
  maxBytes?: number;
  /** Redirects followed before giving up. */
  maxRedirects?: number;
  userAgent?: string;
  /** The Chromium executable used for rendering (default: $OPENSCRAPER_CHROMIUM or /usr/bin/chromium). */
  browserPath?: string;
  /** Resolve links and images against this URL instead of the page's own (useful for local files). */
  baseUrl?: string;
  /** Options for the conversion itself (rules, keep, front matter, …). */
  convert?: Omit<ConvertOptions, 'url'>;
}

/** The stages of loading one page, in order (`render` only when rendering). */
export type ScrapeStage = 'fetch' | 'render' | ConvertStage;

export const SCRAPE_STAGES: readonly ScrapeStage[] = ['fetch', 'render', 'parse', 'clean', 'markdown'];

/** Where a load is: its stage, and the bytes received so far (of `totalBytes`, when announced). */
export interface ScrapeProgress {
  stage: ScrapeStage;
  bytes?: number;
  totalBytes?: number;
}

/** Why a page failed, as a stable code plus a one-line message. */
export type ScrapeErrorCode =
  | 'invalid-input'
  | 'not-found'
  | 'http-status'
  | 'dns'
  | 'connection'
  | 'tls'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'unsupported-type'
  | 'pdf'
  | 'render'
  | 'budget'
  | 'cancelled'
  | 'internal';

export interface ScrapeError {
  code: ScrapeErrorCode;
  message: string;
}

export interface Page {
  ok: boolean;
  /** What was asked for: a URL or a path. */
  url: string;
  /** Where it ended up after redirects (a file: URL for local files). */
  finalUrl?: string;
  status?: number;
  /** The media type the content was handled as (`text/html`, `application/pdf`, …). */
  contentType?: string;
  /** The character encoding HTML bytes were decoded from, and what said so (not set for rendered pages). */
  encoding?: { name: string; source: 'bom' | 'header' | 'meta' | 'detector' | 'default' };
  /** True when the page was rendered in a headless browser. */
  rendered?: boolean;
  title?: string;
  markdown: string;
  /** The same as `markdown`. */
  text: string;
  cleanedHtml: string;
  originalHtml: string;
  removed: RemovedNode[];
  /** The elements kept by `convert.keep.paths` that a rule would have removed. */
  kept?: RemovedNode[];
  metadata: Metadata;
  stats?: Stats;
  warnings: Warning[];
  error?: ScrapeError;
  /** Milliseconds spent loading and converting. */
  elapsedMs?: number;
}
