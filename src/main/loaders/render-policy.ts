// One render policy for both renderers — Playwright (the CLI, the library, the tests) and the app's
// hidden window: when a page counts as settled, how long each wait may take, how large it may be,
// which answers are errors, and what is not rendered but declined (handed back to the plain loaders).
import type { Warning } from '../../shared/core/types';
import { mediaType } from './content-type';
import { formatBytes, formatMs, LoadError, type LoadRequest, type RawPage, remainingMs } from './source';

export const RENDER_POLICY = {
  /** The network is idle after this long without a request in flight (Playwright's `networkidle` too). */
  quietMs: 500,
  /** Network idle is waited for at most this long: pages that poll never go idle. */
  maxIdleWaitMs: 5000,
  /** Time kept in hand before the deadline to read the DOM. */
  readReserveMs: 300,
  /** How often a renderer that must look for itself checks for the selector waited for. */
  pollMs: 100,
} as const;

/** Main documents a browser renders; anything else (a PDF, an image, a download) is declined. */
const RENDERED_TYPES = new Set(['', 'text/html', 'application/xhtml+xml']);

export function isRenderedType(contentType: string | undefined): boolean {
  return RENDERED_TYPES.has(mediaType(contentType));
}

/** What a renderer answers for content it does not render: the caller loads it plainly instead. */
export function declined(request: LoadRequest, finalUrl: string, contentType?: string): RawPage {
  return { url: request.url, finalUrl, contentType, rendered: false, declined: true, warnings: [] };
}

/** The error for a main document answered with a status other than 2xx (0 or none: not HTTP, e.g. a file). */
export function statusError(status: number | undefined, statusText = ''): LoadError | undefined {
  if (status === undefined || status === 0 || (status >= 200 && status <= 299)) return undefined;
  return new LoadError('http-status', `the server answered HTTP ${`${status} ${statusText}`.trim()}`, status);
}

/** How long to wait for the network to go idle: the cap, or what is left before the DOM must be read. */
export function idleWaitMs(deadline: number): number {
  return Math.min(RENDER_POLICY.maxIdleWaitMs, remainingMs(deadline) - RENDER_POLICY.readReserveMs);
}

/** The extra wait asked for, cut to what is left before the DOM must be read. */
export function extraWaitMs(requested: number | undefined, deadline: number): number {
  return Math.max(0, Math.min(requested ?? 0, remainingMs(deadline) - RENDER_POLICY.readReserveMs));
}

/** With a selector to wait for, that wait decides; without one, a busy network means the page may be incomplete. */
export function networkBusyWarning(waitedMs: number): Warning {
  return {
    code: 'network-busy',
    message: `the page was still loading resources after ${formatMs(Math.max(0, waitedMs))}; content that came later is missing (wait for a selector to get it)`,
  };
}

export function selectorTimeout(selector: string, timeoutMs: number): LoadError {
  return new LoadError('timeout', `"${selector}" did not appear within ${formatMs(timeoutMs)}`);
}

export function invalidSelector(selector: string, reason: string): LoadError {
  return new LoadError('invalid-input', `cannot wait for "${selector}": ${reason}`);
}

export function tooLarge(maxBytes: number): LoadError {
  return new LoadError('too-large', `the page is larger than the limit of ${formatBytes(maxBytes)}`);
}

/** Refuses rendered HTML over the byte limit (the same limit as a download). */
export function checkSize(html: string, maxBytes: number): void {
  // Characters never outnumber UTF-8 bytes: a page with more characters is refused without counting.
  if (html.length > maxBytes || Buffer.byteLength(html) > maxBytes) throw tooLarge(maxBytes);
}
