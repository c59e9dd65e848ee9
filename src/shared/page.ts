// A page, the one shape every front passes around: the library's `Scraper.scrape()` result, the
// CLI's --json output, a batch's page, what the app loads and shows. It is the facts of how the HTML
// was got (`source`) and the core's result — or, when that failed, the error. Also here: the one way
// to build a failed page and the one mapper from anything thrown to a stable error code.
import { BudgetExceeded } from './core/budget';
import { cutAt } from './core/text';
import type { ConvertResult, ConvertStage } from './core/types';

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
  | 'internal'
  // A batch's or crawl's own verdicts: answered 304 to a conditional request (unchanged since the
  // last export), refused by robots.txt, a bot wall or challenge instead of the page, a "not found"
  // page sent with status 200, a page with almost no text.
  | 'not-modified'
  | 'robots'
  | 'bot-wall'
  | 'soft-404'
  | 'no-content';

export interface ScrapeError {
  code: ScrapeErrorCode;
  message: string;
}

/** Where the HTML came from, and how it was read. */
export interface SourceFacts {
  /** What was asked for: a URL, a path, or the name of what was in hand (a dropped file, "pasted HTML", "-"). */
  url: string;
  /** Where it ended up after redirects (a file: URL for local files). */
  finalUrl?: string;
  /** The HTTP status of the answer (a failed page has it too, when the server answered). */
  status?: number;
  /** The media type the content was handled as (`text/html`, `application/pdf`, …). */
  contentType?: string;
  /** The character encoding HTML bytes were decoded from, and what said so (not set for rendered pages). */
  encoding?: { name: string; source: 'bom' | 'header' | 'meta' | 'detector' | 'default' };
  /** True when the page was rendered with JavaScript before conversion. */
  rendered?: boolean;
  /** The answer's validators, for a conditional request next time (an export's --update). */
  validators?: Validators;
}

/** What a server said identifies this version of a page: `ETag` and `Last-Modified`, as sent. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** A page converted: the HTML that was converted and what the core made of it (plus what loading warned about). */
export interface ConvertedPage {
  ok: true;
  source: SourceFacts;
  /** The converted result; its warnings include the loaders' (a busy network, a PDF without text, an app shell). */
  result: ConvertResult;
  /** The HTML the result was made from: as decoded, rendered, or laid out from a PDF. */
  originalHtml: string;
  /** Milliseconds spent loading and converting. */
  elapsedMs?: number;
}

export interface FailedPage {
  ok: false;
  source: SourceFacts;
  error: ScrapeError;
  elapsedMs?: number;
}

export type Page = ConvertedPage | FailedPage;

/** A failure with a stable code and a one-line message meant for the user (loaders, workers, batches throw it). */
export class LoadError extends Error {
  override readonly name = 'LoadError';
  constructor(
    readonly code: ScrapeErrorCode,
    message: string,
    /** The HTTP status, when a server's answer is the reason. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The page for an input that could not be converted. `source` is what is known (at least what was asked for). */
export function failedPage(source: SourceFacts | string, error: ScrapeError, elapsedMs?: number): FailedPage {
  const facts = typeof source === 'string' ? { url: source } : source;
  return elapsedMs === undefined ? { ok: false, source: facts, error } : { ok: false, source: facts, error, elapsedMs };
}

/**
 * Anything thrown while getting or converting a page → a code and one line. A LoadError knows its
 * own code; then the conversion budget; then the caller's signal (aborted by the caller: cancelled;
 * by its own deadline: a timeout); then timeouts and aborts by name; anything else is internal.
 */
export function toScrapeError(error: unknown, callerSignal?: AbortSignal): ScrapeError {
  if (error instanceof LoadError) return { code: error.code, message: oneLine(error.message) };
  if (error instanceof BudgetExceeded) return { code: 'budget', message: oneLine(error.message) };
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || (callerSignal?.aborted && isTimeout(callerSignal.reason))) return { code: 'timeout', message: 'loading took longer than the time allowed' };
  if (name === 'AbortError' || callerSignal?.aborted) return { code: 'cancelled', message: 'loading was cancelled' };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: oneLine(`unexpected failure: ${message}`) };
}

/** The HTTP status a failure carries, if any. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof LoadError ? error.status : undefined;
}

function isTimeout(reason: unknown): boolean {
  return (reason as { name?: string } | null)?.name === 'TimeoutError';
}

/** The first line, at most 500 characters: messages go on one line of a terminal, a manifest or a status bar. */
export function oneLine(text: string): string {
  // Not a regex over the rest: a message can be megabytes long. Cut where no surrogate pair splits.
  const line = text.slice(0, text.includes('\n') ? text.indexOf('\n') : text.length).trim();
  return line.length > 500 ? `${cutAt(line, 499)}…` : line;
}
