// What every loader (HTTP, headless browser, local file) has in common: it takes a target and
// settings and hands back the bytes or the rendered HTML of one resource, or throws a LoadError.
import type { Warning } from '../../shared/core/types';
import type { ScrapeErrorCode } from '../../shared/page';

export interface LoadSettings {
  /** Total time for loading, in milliseconds (the deadline below is derived from it). */
  timeoutMs: number;
  connectTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  /** Rendering only. */
  waitFor?: string;
  extraWaitMs?: number;
}

export interface LoadRequest {
  /** An absolute http(s): or file: URL. */
  url: string;
  settings: LoadSettings;
  /** Aborts when the caller cancels or the deadline passes; `deadline` says which. */
  signal: AbortSignal;
  /** performance.now() value by which loading must be over. */
  deadline: number;
  /** Told the bytes of the body received so far (and how many were announced), as they arrive. */
  onBytes?: (received: number, announced?: number) => void;
}

export interface LoadedResource {
  url: string;
  /** After redirects (or client-side navigation, when rendered). */
  finalUrl: string;
  status?: number;
  /** The Content-Type as declared (header value, parameters included), when there is one. */
  contentType?: string;
  /** Raw bytes, still to be sniffed and decoded. */
  body?: Uint8Array;
  /** A document already decoded (a rendered DOM). */
  html?: string;
  rendered: boolean;
  /** The browser declined: not a document it renders (a PDF, a download); load it plainly instead. */
  declined?: boolean;
  warnings: Warning[];
}

export interface PageSource {
  readonly name: string;
  load(request: LoadRequest): Promise<LoadedResource>;
}

/** A failure with a stable code and a one-line message meant for the user. */
export class LoadError extends Error {
  override readonly name = 'LoadError';
  constructor(
    readonly code: ScrapeErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The error for an aborted request: cancelled by the caller, or out of time. */
export function abortError(request: Pick<LoadRequest, 'signal' | 'deadline' | 'settings'>, what = 'loading'): LoadError {
  if (performance.now() >= request.deadline - 1 || isTimeoutReason(request.signal.reason)) {
    return new LoadError('timeout', `${what} took longer than ${formatMs(request.settings.timeoutMs)}`);
  }
  return new LoadError('cancelled', `${what} was cancelled`);
}

function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}

export function remainingMs(deadline: number): number {
  return Math.max(0, Math.floor(deadline - performance.now()));
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
