// The runner's smaller parts: which failures are retried and when, Retry-After as undici saw it,
// image links found and rewritten (not in code), the rate meter, the journal's torn last line, and
// the manifest's CSV escaping.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchRow } from '../../../src/shared/batch';
import { deadline } from '../../../src/main/batch/deadline';
import { findImages } from '../../../src/main/batch/images';
import { Journal, journalPath, readJournal } from '../../../src/main/batch/journal';
import { manifestCsv } from '../../../src/main/batch/manifest';
import { RateMeter } from '../../../src/main/batch/rate';
import { backoffMs, decideRetry, DEFAULT_RETRY, isRetryable, parseRetryAfter } from '../../../src/main/batch/retry';
import { RetryAfterObserver } from '../../../src/main/batch/retry-after';
import { Scraper } from '../../../src/main/services/scraper';

const failure = (code: string, status?: number) => ({ ok: false, status, error: { code: code as 'timeout', message: code } });

describe('retries', () => {
  it('retries what may pass next time, and nothing else', () => {
    expect(isRetryable(failure('timeout'))).toBe(true);
    expect(isRetryable(failure('connection'))).toBe(true);
    for (const status of [408, 429, 500, 502, 503, 504]) expect(isRetryable(failure('http-status', status))).toBe(true);
    for (const status of [400, 401, 403, 404, 410, 501]) expect(isRetryable(failure('http-status', status))).toBe(false);
    for (const code of ['too-many-redirects', 'unsupported-type', 'dns', 'tls', 'too-large', 'budget', 'cancelled']) expect(isRetryable(failure(code))).toBe(false);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2024-05-01T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 01 May 2024 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 01 May 2024 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('backs off exponentially with jitter, up to the cap, and honours Retry-After within its limit', () => {
    const policy = { ...DEFAULT_RETRY, retries: 3, baseDelayMs: 1000, maxDelayMs: 5000 };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, policy, () => 1))).toEqual([1000, 2000, 4000, 5000]);
    expect([1, 2, 3].map((n) => backoffMs(n, policy, () => 0))).toEqual([500, 1000, 2000]);
    expect(decideRetry(failure('http-status', 503), 1, policy, 7000)).toEqual({ retry: true, delayMs: 7000, hostWide: true });
    expect(decideRetry(failure('http-status', 429), 1, { ...policy, maxRetryAfterMs: 1000 }, 7000)).toEqual({ retry: false, reason: 'the server asked to wait 7 s before retrying' });
    expect(decideRetry(failure('timeout'), 4, policy)).toEqual({ retry: false });
    expect(decideRetry(failure('http-status', 404), 1, policy)).toEqual({ retry: false });
  });

  it('learns the Retry-After of a 429 from the Scraper\'s own request', async () => {
    const server = createServer((_request, response) => response.writeHead(429, { 'retry-after': '42' }).end('slow down'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page?x=1`;
    const observer = new RetryAfterObserver().start();
    try {
      const page = await new Scraper().scrape(url, { timeoutMs: 5000 });
      expect(page.source.status).toBe(429);
      const delay = observer.take(url);
      expect(delay).toBeGreaterThan(40_000);
      expect(delay).toBeLessThanOrEqual(42_000);
      // Forgotten once read for the URL; the host still remembers.
      expect(observer.take(`http://127.0.0.1:${(server.address() as AddressInfo).port}/other`)).toBeGreaterThan(40_000);
    } finally {
      observer.stop();
      server.close();
    }
  });

  it('ends a request that never answers at its deadline, GC or not', async () => {
    const limit = deadline(50);
    const reason = await new Promise((resolve) => limit.signal.addEventListener('abort', () => resolve(limit.signal.reason)));
    expect((reason as Error).name).toBe('TimeoutError');
    const parent = new AbortController();
    const child = deadline(60_000, parent.signal);
    parent.abort(new Error('stop'));
    expect(child.signal.aborted).toBe(true);
    child.clear();
  });
});

describe('image links', () => {
  it('finds image destinations outside code, with escapes and angle brackets decoded', () => {
    const markdown = [
      'Text ![a](https://i.example/a.png) and ![b \\] c](<https://i.example/b c.png> "title") and [![d](https://i.example/d\\(1\\).png)](https://link.example/)',
      '`![inline](https://i.example/code.png)` \\![escaped](https://i.example/e.png)',
      '```',
      '![fenced](https://i.example/f.png)',
      '```',
      '    ![indented](https://i.example/g.png)',
      '![last](https://i.example/h.png)',
    ].join('\n');
    const refs = findImages(markdown);
    expect(refs.map((ref) => ref.url)).toEqual(['https://i.example/a.png', 'https://i.example/b c.png', 'https://i.example/d(1).png', 'https://i.example/h.png']);
    expect(refs.map((ref) => markdown.slice(ref.start, ref.end))).toEqual(['https://i.example/a.png', '<https://i.example/b c.png>', 'https://i.example/d\\(1\\).png', 'https://i.example/h.png']);
  });
});

describe('the rate meter', () => {
  it('counts pages per second over the window, leaves paused time out, and estimates the time left', () => {
    const meter = new RateMeter(10);
    meter.start(0);
    for (let t = 0; t < 5000; t += 100) meter.record(t); // 10 pages/s for 5 s
    expect(meter.rate(5000)).toBeCloseTo(10, 0);
    expect(meter.etaMs(100, 5000)).toBeCloseTo(10_000, -3);
    meter.pause(5000);
    expect(meter.rate(65_000)).toBeCloseTo(10, 0); // a minute paused changes nothing
    meter.resume(65_000);
    expect(meter.rate(85_000)).toBe(0); // 20 active seconds without a page: the window is empty
    expect(new RateMeter().etaMs(10)).toBeUndefined();
  });
});

describe('the journal', () => {
  it('skips a line torn by a kill, and the next run starts on a fresh line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openscraper-journal-'));
    try {
      const journal = await Journal.open(dir);
      await journal.append({ t: 'batch', v: 1, created: 'x', settings: { nameTemplate: '{title}', manifest: 'json', frontMatter: false, cleanedHtml: false, images: false, overwrite: false } });
      await journal.append({ t: 'url', i: 0, url: 'https://a.example/' }, { t: 'url', i: 1, url: 'https://b.example/' });
      await journal.append({ t: 'done', i: 0, base: 'A', bytes: 3, attempts: 1 });
      await journal.close();
      await writeFile(journalPath(dir), `${await readFile(journalPath(dir), 'utf8')}{"t":"done","i":1,"ba`);
      const again = await Journal.open(dir);
      await again.append({ t: 'failed', i: 1, error: { code: 'timeout', message: 'slow' }, attempts: 3 });
      await again.close();
      const state = await readJournal(dir);
      expect(state?.urls).toEqual(['https://a.example/', 'https://b.example/']);
      expect([...state!.outcomes.values()].map((o) => [o.i, o.t])).toEqual([
        [0, 'done'],
        [1, 'failed'],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the CSV manifest', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    const rows: BatchRow[] = [
      { index: 0, url: 'https://a.example/?a=1,2', status: 'done', file: 'Say "hi".md', title: '=HYPERLINK("x")', attempts: 1 },
      { index: 1, url: 'https://b.example/', status: 'running', attempts: 1 },
    ];
    const lines = manifestCsv(rows).split('\r\n');
    expect(lines[1]).toBe('1,"https://a.example/?a=1,2",done,,"Say ""hi"".md",,,1,,,,"\'=HYPERLINK(""x"")",,,,');
    expect(lines[2]).toBe('2,https://b.example/,pending,,,,,1,,,,,,,,');
  });
});
