// Batch export through the app's handlers (as IPC and the web bridge call them), the run in the
// batch worker thread: reading lists and sitemaps, folders by id, start, progress by long poll with
// a cursor, pause/resume/cancel, retrying failures, resuming a folder, and rendering by the app.
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSnapshot, Handlers } from '../../../src/shared/contract';
import { validators } from '../../../src/shared/contract';
import type { BatchRow } from '../../../src/shared/batch';
import { declined } from '../../../src/main/loaders/render-policy';
import type { PageSource } from '../../../src/main/loaders/source';
import { type AppServices, createServices } from '../../../src/main/services/handlers';
import { type Site, startSite } from './helpers/site';

let site: Site;
let dir: string;
let services: AppServices;
let handlers: Handlers;
const opened: string[] = [];
let folders = 0;

beforeAll(async () => {
  site = await startSite({ pageDelayMs: 5 });
  dir = await mkdtemp(join(tmpdir(), 'openscraper-batch-service-'));
  services = createServices({
    mode: 'web',
    chooseSavePath: async () => undefined,
    chooseFolder: async (name) => {
      if (name === 'cancel') return undefined;
      const path = join(dir, name ?? `folder-${++folders}`);
      await mkdir(path, { recursive: true });
      return path;
    },
    openFolder: async (path) => {
      opened.push(path);
      return true;
    },
  });
  handlers = services.handlers;
});
afterAll(async () => {
  await services?.close();
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Polls (long polls) until the batch is no longer running, keeping every row as it last was. */
async function follow(batchId: string): Promise<{ last: BatchSnapshot; rows: Map<number, BatchRow>; polls: number }> {
  const rows = new Map<number, BatchRow>();
  let cursor = 0;
  for (let polls = 1; ; polls++) {
    const snapshot = await handlers['batch:poll'](validators['batch:poll']({ batchId, cursor, waitMs: 2000 }));
    for (const row of snapshot.rows) rows.set(row.index, row);
    cursor = snapshot.cursor;
    if (!snapshot.more && !['running', 'paused', 'cancelling', 'idle'].includes(snapshot.state)) return { last: snapshot, rows, polls };
  }
}

const QUICK = { concurrency: 16, perHost: 16, delayMs: 0, retries: 0, timeoutMs: 2000 };

describe('batch export in the app', () => {
  it('reads pasted lists, imported files (gzip too) and sitemaps', async () => {
    const text = await handlers['batch:read-input']({ source: { kind: 'text', text: `${site.url('/p/1')}\n${site.url('/p/1')}\nnope\n` } });
    expect(text).toMatchObject({ ok: true, urls: [site.url('/p/1')], duplicates: 1, rejected: [{ line: 3, text: 'nope', reason: 'not a URL' }] });
    const file = await handlers['batch:read-input']({ source: { kind: 'file', name: 'list.csv.gz', base64: gzipSync(`url\n${site.url('/p/2')}\n`).toString('base64') } });
    expect(file).toMatchObject({ ok: true, urls: [site.url('/p/2')] });
    const sitemap = await handlers['batch:read-input']({ source: { kind: 'sitemap', url: site.url('/sitemap.xml') } });
    expect(sitemap).toMatchObject({ ok: true, sitemaps: [site.url('/sitemap.xml'), site.url('/sitemap-1.xml'), site.url('/sitemap-2.xml.gz')] });
    expect(sitemap.ok && sitemap.urls).toHaveLength(100);
    expect(await handlers['batch:read-input']({ source: { kind: 'sitemap', url: site.url('/nope.xml') } })).toEqual({ ok: false, error: 'the server answered HTTP 404' });
  });

  it('runs a batch in the worker, reporting rows by cursor until finished, and opens the folder', async () => {
    const folder = await handlers['batch:choose-folder']({});
    if (!('folderId' in folder)) throw new Error('no folder');
    expect(folder.existing).toBeUndefined();
    const urls = [...Array.from({ length: 40 }, (_, i) => site.url(`/p/${i + 1}`)), site.url('/fail/404/41')];
    const started = await handlers['batch:start'](validators['batch:start']({ folderId: folder.folderId, urls, settings: QUICK }));
    if (!started.ok) throw new Error(started.error);
    expect(started.total).toBe(41);
    expect(await handlers['batch:current']()).toEqual({ batchId: started.batchId });

    const { last, rows, polls } = await follow(started.batchId);
    expect(last.state).toBe('finished');
    expect(last.counts).toMatchObject({ total: 41, done: 40, failed: 1, pending: 0, running: 0 });
    expect(rows.size).toBe(41);
    expect(rows.get(40)).toMatchObject({ status: 'failed', httpStatus: 404, error: { code: 'http-status' } });
    expect(rows.get(0)).toMatchObject({ status: 'done', file: 'Page 1.md' });
    expect(polls).toBeGreaterThan(1);
    // Nothing new since the last cursor: an empty answer, at once (the batch is over).
    const again = await handlers['batch:poll']({ batchId: started.batchId, cursor: last.cursor, waitMs: 5000 });
    expect(again.rows).toEqual([]);
    expect((await readdir(folder.path)).filter((name) => name.endsWith('.md'))).toHaveLength(40);

    expect(await handlers['batch:open-folder']({ batchId: started.batchId })).toEqual({ opened: true, path: folder.path });
    expect(opened).toEqual([folder.path]);

    // A failed row, retried on demand: it fails again (a 404 stays a 404), attempted once more.
    expect(await handlers['batch:retry']({ batchId: started.batchId, indices: [40] })).toEqual({ queued: 1 });
    // Answered once the run put the row back: a poll right after has it among the changes (pending,
    // running, or failed again already: a 404 is quick).
    const back = await handlers['batch:poll']({ batchId: started.batchId, cursor: last.cursor });
    expect(back.rows.map((row) => row.index)).toEqual([40]);
    const retried = await follow(started.batchId);
    expect(retried.rows.get(40)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(site.hits.get('/fail/404/41')).toBe(2);
  });

  it('pages a long list of changed rows, and answers a poll as soon as something changes', async () => {
    const folder = await handlers['batch:choose-folder']({});
    if (!('folderId' in folder)) throw new Error('no folder');
    const urls = Array.from({ length: 120 }, (_, i) => site.url(`/p/${i + 500}`));
    const started = await handlers['batch:start']({ folderId: folder.folderId, urls, settings: { ...QUICK, concurrency: 2, perHost: 2 } });
    if (!started.ok) throw new Error(started.error);
    const first = await handlers['batch:poll']({ batchId: started.batchId, cursor: 0, maxRows: 50 });
    expect(first.rows).toHaveLength(50);
    expect(first.more).toBe(true);
    const second = await handlers['batch:poll']({ batchId: started.batchId, cursor: first.cursor, maxRows: 50 });
    expect(second.rows[0].index).toBeGreaterThanOrEqual(50);
    // While running, a poll with nothing new waits for the next change instead of the whole waitMs.
    const before = Date.now();
    const waited = await handlers['batch:poll']({ batchId: started.batchId, cursor: Number.MAX_SAFE_INTEGER - 1, waitMs: 20_000 });
    expect(Date.now() - before).toBeLessThan(10_000);
    expect(waited.state).toBe('running');
    const { last } = await follow(started.batchId);
    expect(last.counts.done).toBe(120);
  });

  it('pauses, resumes and cancels; the folder then offers to resume, and resuming finishes it', async () => {
    const slow = await startSite({ pageDelayMs: 60 });
    try {
      const folder = await handlers['batch:choose-folder']({ suggestedName: 'resumable' });
      if (!('folderId' in folder)) throw new Error('no folder');
      const urls = Array.from({ length: 50 }, (_, i) => slow.url(`/p/${i + 1}`));
      const started = await handlers['batch:start']({ folderId: folder.folderId, urls, settings: { ...QUICK, concurrency: 2, perHost: 2 } });
      if (!started.ok) throw new Error(started.error);
      const batchId = started.batchId;
      const second = await handlers['batch:start']({ folderId: folder.folderId, urls, settings: QUICK });
      expect(second).toEqual({ ok: false, error: 'a batch is running already: wait for it, or cancel it' });

      expect(await handlers['batch:control']({ batchId, action: 'pause' })).toEqual({ state: 'running' });
      await expect.poll(async () => (await handlers['batch:poll']({ batchId, cursor: 0 })).state).toBe('paused');
      await handlers['batch:control']({ batchId, action: 'resume' });
      await expect.poll(async () => (await handlers['batch:poll']({ batchId, cursor: 0 })).state).toBe('running');
      await handlers['batch:control']({ batchId, action: 'cancel' });
      const { last } = await follow(batchId);
      expect(last.state).toBe('cancelled');
      expect(last.counts.pending).toBeGreaterThan(0);

      const again = await handlers['batch:choose-folder']({ suggestedName: 'resumable' });
      if (!('folderId' in again)) throw new Error('no folder');
      expect(again.existing).toEqual({ total: 50, done: last.counts.done, failed: 0 });
      const refused = await handlers['batch:start']({ folderId: again.folderId, urls, settings: QUICK });
      expect(refused).toMatchObject({ ok: false, error: expect.stringContaining('holds a batch already') });
      const resumed = await handlers['batch:start']({ folderId: again.folderId, urls: [], resume: true, settings: QUICK });
      if (!resumed.ok) throw new Error(resumed.error);
      const final = await follow(resumed.batchId);
      expect(final.last.counts).toMatchObject({ total: 50, done: 50, pending: 0 });
      expect((await readdir(again.path)).filter((name) => name.endsWith('.md'))).toHaveLength(50);
    } finally {
      await slow.close();
    }
  }, 30_000);

  it('refuses what it cannot do, saying why', async () => {
    expect(await handlers['batch:choose-folder']({ suggestedName: 'cancel' })).toEqual({ cancelled: true });
    expect(await handlers['batch:start']({ folderId: 'not-a-folder', urls: [site.url('/p/1')] })).toEqual({ ok: false, error: 'choose the folder again' });
    const folder = await handlers['batch:choose-folder']({});
    if (!('folderId' in folder)) throw new Error('no folder');
    expect(await handlers['batch:start']({ folderId: folder.folderId, urls: [site.url('/p/1')], settings: { nameTemplate: '{author}' } })).toMatchObject({ ok: false, error: expect.stringContaining('unknown placeholder {author}') });
    expect(await handlers['batch:start']({ folderId: folder.folderId, urls: ['javascript:alert(1)', 'nope'] })).toEqual({ ok: false, error: 'no URLs to load' });
    await expect(Promise.resolve().then(() => handlers['batch:poll']({ batchId: 'unknown', cursor: 0 }))).rejects.toThrow('no such batch');
    expect(() => validators['batch:start']({ folderId: 'x', urls: [], settings: { concurrency: 1000 } })).toThrow('batch:start.settings.concurrency: must be a whole number from 1 to 64');
    expect(() => validators['batch:control']({ batchId: 'x', action: 'explode' })).toThrow('must be "pause", "resume" or "cancel"');
    expect(() => validators['batch:read-input']({ source: { kind: 'path', path: '/etc/passwd' } })).toThrow('batch:read-input.source.kind: must be an object whose kind is "text", "file" or "sitemap"');
  });
});

describe('batch rendering by the app', () => {
  it('asks the app to render each page (PDFs loaded plainly) and converts what comes back', async () => {
    const rendered: string[] = [];
    const own = createServices({
      mode: 'web',
      chooseSavePath: async () => undefined,
      chooseFolder: async () => {
        const path = join(dir, `rendered-${++folders}`);
        await mkdir(path, { recursive: true });
        return path;
      },
      // A stand-in for the hidden window in the main thread: declines a PDF, and writes its own page otherwise.
      renderer: {
        name: 'stand-in',
        load: async (request) => {
          const { url } = request;
          rendered.push(url);
          if (url.includes('/pdf/')) return declined(request, url, 'application/pdf');
          return { url, finalUrl: `${url}?after=js`, status: 200, html: `<title>Rendered ${new URL(url).pathname}</title><h1>Built by script</h1><p><a href="next">next</a></p>`, rendered: true, warnings: [] };
        },
      } satisfies PageSource,
    });
    try {
      const folder = await own.handlers['batch:choose-folder']({});
      if (!('folderId' in folder)) throw new Error('no folder');
      const started = await own.handlers['batch:start']({ folderId: folder.folderId, urls: [site.url('/p/1'), site.url('/pdf/2')], settings: { ...QUICK, render: true, timeoutMs: 20_000 } });
      if (!started.ok) throw new Error(started.error);
      let snapshot: BatchSnapshot;
      let cursor = 0;
      do {
        cursor = (await own.handlers['batch:poll']({ batchId: started.batchId, cursor, waitMs: 1000 })).cursor;
        snapshot = await own.handlers['batch:poll']({ batchId: started.batchId, cursor: 0 });
      } while (snapshot.state === 'running');
      expect(rendered.sort()).toEqual([site.url('/p/1'), site.url('/pdf/2')]);
      expect(snapshot.rows.map((row) => [row.status, row.file, row.finalUrl])).toEqual([
        ['done', 'Rendered p 1.md', `${site.url('/p/1')}?after=js`],
        ['done', 'Batch PDF.md', site.url('/pdf/2')],
      ]);
      const markdown = await readFile(join(folder.path, 'Rendered p 1.md'), 'utf8');
      expect(markdown).toContain('# Built by script');
      expect(markdown).toContain(`[next](${site.url('/p/next')})`); // links resolved against the rendered URL
    } finally {
      await own.close();
    }
  });
});
