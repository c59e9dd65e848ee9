// When a failed page is worth another try, and when: timeouts, reset or refused connections,
// HTTP 408, 429 and 5xx (except 501) are retried with exponential backoff and full jitter; a
// Retry-After the server sent wins over the backoff (up to a cap). Every other failure — 404 and
// the other 4xx, a redirect loop, an unsupported type, a DNS name that does not exist — is final.
import type { ScrapeError } from '../../shared/page';

/** What a failed attempt says: why, and the HTTP status when a server answered. */
export interface Failure {
  error: ScrapeError;
  status?: number;
}

export interface RetryPolicy {
  /** Further attempts after the first. */
  retries: number;
  /** First backoff, doubled per attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this ends the retries (the page fails, saying so). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 1000, maxDelayMs: 30_000, maxRetryAfterMs: 5 * 60_000 };

export function isRetryable(failure: Failure): boolean {
  const { code } = failure.error;
  const { status } = failure;
  if (code === 'timeout' || code === 'connection') return true;
  if (code === 'http-status' && status !== undefined) return status === 408 || status === 429 || (status >= 500 && status <= 599 && status !== 501);
  return false;
}

/** Retry-After: delay-seconds or an HTTP date, in milliseconds from `now`; undefined when unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The wait before attempt number `attempt + 1` (attempt counts from 1), with full jitter. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export type RetryDecision = { retry: true; delayMs: number; hostWide: boolean } | { retry: false; reason?: string };

/** Whether to try again after `attempt` attempts, and after how long. */
export function decideRetry(failure: Failure, attempt: number, policy: RetryPolicy, retryAfterMs?: number): RetryDecision {
  if (!isRetryable(failure) || attempt > policy.retries) return { retry: false };
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > policy.maxRetryAfterMs) return { retry: false, reason: `the server asked to wait ${Math.round(retryAfterMs / 1000)} s before retrying` };
    // The server asked the whole host to slow down (429, or 503 while it is unavailable).
    return { retry: true, delayMs: Math.max(retryAfterMs, 0), hostWide: true };
  }
  return { retry: true, delayMs: backoffMs(attempt, policy), hostWide: failure.status === 429 };
}
