// The Retry-After of 429 and 503 answers. A failed Page carries the status but not the headers, so
// this listens on undici's diagnostics channel (which every undici request publishes to, the
// Scraper's included) and remembers the last Retry-After per URL and per host, for the runner to
// ask when it decides on a retry. Read-only; it changes nothing about the requests.
import diagnostics from 'node:diagnostics_channel';
import { parseRetryAfter } from './retry';

interface HeadersMessage {
  request: { origin?: string | URL; path?: string };
  response: { statusCode: number; headers: Array<Buffer | string> };
}

const CHANNEL = 'undici:request:headers';
const MAX_ENTRIES = 2000;
/** A remembered Retry-After older than this belongs to another failure. */
const FRESH_MS = 60_000;

interface Seen {
  delayMs: number;
  at: number;
}

export class RetryAfterObserver {
  private readonly byUrl = new Map<string, Seen>();
  private readonly byHost = new Map<string, Seen>();
  private readonly listener = (message: unknown) => this.onHeaders(message as HeadersMessage);
  private subscribed = false;

  start(): this {
    if (!this.subscribed) diagnostics.subscribe(CHANNEL, this.listener);
    this.subscribed = true;
    return this;
  }

  stop(): void {
    if (this.subscribed) diagnostics.unsubscribe(CHANNEL, this.listener);
    this.subscribed = false;
    this.byUrl.clear();
    this.byHost.clear();
  }

  /** The Retry-After (ms) last seen for this URL, else for its host; forgotten once read. */
  take(url: string): number | undefined {
    const now = Date.now();
    const key = urlKey(url);
    const host = hostKey(url);
    const seen = (key && this.byUrl.get(key)) || (host && this.byHost.get(host)) || undefined;
    if (key) this.byUrl.delete(key);
    if (!seen || now - seen.at > FRESH_MS) return undefined;
    return Math.max(0, seen.delayMs - (now - seen.at));
  }

  private onHeaders({ request, response }: HeadersMessage): void {
    if (response.statusCode !== 429 && response.statusCode !== 503) return;
    const headers = response.headers;
    let value: string | undefined;
    for (let i = 0; i + 1 < headers.length; i += 2) {
      if (headers[i].toString().toLowerCase() === 'retry-after') value = headers[i + 1].toString();
    }
    const delayMs = parseRetryAfter(value);
    if (delayMs === undefined || request.origin === undefined) return;
    const url = `${String(request.origin).replace(/\/$/, '')}${request.path ?? '/'}`;
    const seen = { delayMs, at: Date.now() };
    remember(this.byUrl, urlKey(url), seen);
    remember(this.byHost, hostKey(url), seen);
  }
}

function remember(map: Map<string, Seen>, key: string | undefined, seen: Seen): void {
  if (key === undefined) return;
  map.delete(key);
  map.set(key, seen);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

function urlKey(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return undefined;
  }
}

function hostKey(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}
