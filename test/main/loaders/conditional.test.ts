// HTTP loads an update relies on: the answer's ETag and Last-Modified in the page's facts, a
// conditional request answered 304 as a `not-modified` page, and a refusal that is a bot wall
// (Cloudflare's challenge with HTTP 503) named as one and not retried like a busy server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRetryable } from '../../../src/main/batch/retry';
import { Scraper } from '../../../src/main/services/scraper';

let server: Server;
let base: string;
const seen: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'] });
    if (req.url === '/tagged') {
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
      return void res.writeHead(200, { 'content-type': 'text/html', etag: '"v1"', 'last-modified': 'Tue, 01 Dec 2026 10:00:00 GMT' }).end('<h1>Tagged</h1><p>The page.</p>');
    }
    if (req.url === '/challenge') {
      return void res.writeHead(503, { 'content-type': 'text/html' }).end('<!doctype html><title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script>');
    }
    res.writeHead(503, { 'content-type': 'text/html' }).end('<title>Down for maintenance</title><p>Back soon.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('conditional loads and walls', () => {
  const scraper = new Scraper();

  it('keeps the validators, and asks with them: a 304 is a not-modified page', async () => {
    const page = await scraper.scrape(`${base}/tagged`);
    expect(page.ok && page.source.validators).toEqual({ etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' });
    const again = await scraper.scrape(`${base}/tagged`, { conditional: { etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' } });
    expect(again).toMatchObject({ ok: false, error: { code: 'not-modified' }, source: { status: 304 } });
    expect(seen.at(-1)).toMatchObject({ ifNoneMatch: '"v1"', ifModifiedSince: 'Tue, 01 Dec 2026 10:00:00 GMT' });
    expect(seen.at(-2)).toMatchObject({ ifNoneMatch: undefined, ifModifiedSince: undefined });
  });

  it('names a challenge served with 503 as a bot wall (not retried), and leaves a plain 503 to the retries', async () => {
    const wall = await scraper.scrape(`${base}/challenge`);
    expect(wall).toMatchObject({ ok: false, error: { code: 'bot-wall' }, source: { status: 503 } });
    expect(!wall.ok && wall.error.message).toBe('Cloudflare\'s "Just a moment…" challenge instead of the page (HTTP 503)');
    expect(!wall.ok && isRetryable({ error: wall.error, status: 503 })).toBe(false);
    const busy = await scraper.scrape(`${base}/maintenance`);
    expect(busy).toMatchObject({ ok: false, error: { code: 'http-status' }, source: { status: 503 } });
  });
});
