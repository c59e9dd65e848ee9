// The web bridge's gatekeeping, apart from the server so each rule is testable on its own: only
// loopback peers, only our own Host (no DNS rebinding), a secret token as the first path segment of
// every request, and API calls only from our own page.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The renderer's policy, sent as a header (the page also carries it in a meta tag). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob: about:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

export function isLoopbackAddress(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** Host must name us: a page on another host name resolving to 127.0.0.1 gets nothing. */
export function isOwnHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export function tokenMatches(candidate: string, token: string): boolean {
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Splits `/<token>/<rest>`; null when the token is missing or wrong. */
export function authorisedPath(pathname: string, token: string): string | null {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match || !tokenMatches(match[1], token)) return null;
  return match[2] ?? '';
}

/**
 * API calls must come from our own page: JSON (a cross-site form cannot send that without a
 * preflight we never answer), and no foreign Origin or cross-site fetch metadata.
 */
export function apiCallAllowed(request: IncomingMessage, origin: string): boolean {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') return false;
  const from = request.headers.origin;
  if (from !== undefined && from !== origin) return false;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
