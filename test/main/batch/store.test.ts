// The batch's journal-backed state on its own, no network: rows and counts as outcomes are
// recorded, URLs added later (a crawl's batch grows), and everything rebuilt the same from the
// journal when the folder is opened again — or from its index.json when the journal is gone.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_DEFAULTS, type BatchRow } from '../../../src/shared/batch';
import { journalPath } from '../../../src/main/batch/journal';
import { BatchError, BatchStore } from '../../../src/main/batch/store';

let dir: string;
let folders = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openscraper-store-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const URLS = ['https://a.example/1', 'https://a.example/2', 'https://b.example/3'];
const open = (root: string, urls: readonly string[] = URLS, resume = false, onRow?: (row: BatchRow) => void) =>
  BatchStore.open(urls, { root, settings: BATCH_DEFAULTS, resume, manifestIntervalMs: 10_000, onRow });

describe('the batch store', () => {
  it('opens a batch with a pending row per URL, the same URL once, and counts as rows change', async () => {
    const root = join(dir, `b${++folders}`);
    const seen: string[] = [];
    const store = await open(root, [...URLS, URLS[0]], false, (row) => seen.push(`${row.index}:${row.status}`));
    expect(store.rows.map((row) => [row.index, row.url, row.status])).toEqual(URLS.map((url, i) => [i, url, 'pending']));
    expect(store.counts()).toEqual({ total: 3, done: 0, failed: 0, pending: 3, running: 0 });

    store.start(store.rows[0]);
    store.start(store.rows[1]);
    expect(store.counts()).toMatchObject({ pending: 1, running: 2 });
    await store.done(store.rows[0], { base: 'One', finalUrl: URLS[0], httpStatus: 200, title: 'One', bytes: 12 });
    store.retrying(store.rows[1]);
    expect(store.counts()).toMatchObject({ done: 1, pending: 2, running: 0 });
    store.start(store.rows[1]);
    await store.failed(store.rows[1], { code: 'timeout', message: 'slow' });
    expect(store.counts()).toEqual({ total: 3, done: 1, failed: 1, pending: 1, running: 0 });
    expect(store.rows[0]).toMatchObject({ status: 'done', file: 'One.md', bytes: 12, attempts: 1 });
    expect(store.rows[1]).toMatchObject({ status: 'failed', attempts: 2, error: { code: 'timeout' } });
    expect(seen).toEqual(['0:running', '1:running', '0:done', '1:retrying', '1:running', '1:failed']);
    await store.close();
  });

  it('takes URLs added later at the end, once each, and keeps them across a reopening', async () => {
    const root = join(dir, `b${++folders}`);
    const store = await open(root);
    const added = await store.add(['https://b.example/3', 'https://c.example/4', 'https://c.example/5', 'https://c.example/4']);
    expect(added.map((row) => [row.index, row.url])).toEqual([
      [3, 'https://c.example/4'],
      [4, 'https://c.example/5'],
    ]);
    expect(store.counts().total).toBe(5);
    await store.close();
    const again = await open(root, [], true);
    expect(again.rows.map((row) => row.url)).toEqual([...URLS, 'https://c.example/4', 'https://c.example/5']);
    await again.close();
  });

  it('rebuilds rows, outcomes and unfinished claims from the journal', async () => {
    const root = join(dir, `b${++folders}`);
    const store = await open(root);
    store.start(store.rows[0]);
    await store.claim(0, 'One');
    await store.done(store.rows[0], { base: 'One', finalUrl: URLS[0], httpStatus: 200, title: 'One', bytes: 5 });
    store.start(store.rows[1]);
    await store.failed(store.rows[1], { code: 'http-status', message: 'the server answered HTTP 404' });
    // Killed after naming page 3's files, before finishing them.
    store.start(store.rows[2]);
    await store.claim(2, 'Three');
    await store.close();

    const again = await open(root, URLS, true);
    expect(again.rows.map((row) => [row.status, row.file ?? null, row.error?.code ?? null])).toEqual([
      ['done', 'One.md', null],
      ['failed', null, 'http-status'],
      ['pending', null, null],
    ]);
    expect(again.claimOf(2)).toBe('Three');
    expect(again.claimOf(0)).toBeUndefined(); // done: its name is taken, not to be reused
    expect([...again.claimedNames].sort()).toEqual(['One', 'Three']);
    expect(again.settings).toEqual(BATCH_DEFAULTS);
    await again.close();
  });

  it('keeps the naming settings the journal recorded first, whatever a resume asks', async () => {
    const root = join(dir, `b${++folders}`);
    await (await BatchStore.open(URLS, { root, settings: { ...BATCH_DEFAULTS, nameTemplate: '{index}', cleanedHtml: true } })).close();
    const resumed = await BatchStore.open([], { root, settings: { ...BATCH_DEFAULTS, nameTemplate: '{title}', concurrency: 3 }, resume: true });
    expect(resumed.settings).toMatchObject({ nameTemplate: '{index}', cleanedHtml: true, concurrency: 3 });
    await resumed.close();
  });

  it('refuses a folder holding a batch unless resuming, and a manifest it would overwrite', async () => {
    const root = join(dir, `b${++folders}`);
    await (await open(root)).close();
    await expect(open(root)).rejects.toThrow(BatchError);
    await expect(open(root)).rejects.toThrow('holds a batch already');
    const other = join(dir, `b${++folders}`);
    await (await open(other)).close();
    await rm(journalPath(other));
    await expect(open(other)).rejects.toThrow('index.json exists already');
  });

  it('rebuilds a batch from its index.json when the journal is gone: what was done stays done', async () => {
    const root = join(dir, `b${++folders}`);
    const store = await open(root);
    store.start(store.rows[1]);
    await store.done(store.rows[1], { base: 'sub/Two', finalUrl: URLS[1], httpStatus: 200, title: 'Two', bytes: 7 });
    await store.close();
    expect(JSON.parse(await readFile(join(root, 'index.json'), 'utf8')).pages).toHaveLength(3);
    await rm(journalPath(root));
    const rebuilt = await open(root, ['https://d.example/9'], true);
    expect(rebuilt.rows.map((row) => [row.url, row.status, row.file ?? null])).toEqual([
      [URLS[0], 'pending', null],
      [URLS[1], 'done', 'sub/Two.md'],
      [URLS[2], 'pending', null],
      ['https://d.example/9', 'pending', null],
    ]);
    expect(rebuilt.claimedNames).toEqual(['sub/Two']);
    await rebuilt.close();
    // The journal was written anew from what the manifest said.
    expect((await readFile(journalPath(root), 'utf8')).split('\n').filter(Boolean)).toHaveLength(1 + 4 + 2);
  });

  it('writes the manifest on close, counts and rows as they stand', async () => {
    const root = join(dir, `b${++folders}`);
    const store = await open(root);
    store.start(store.rows[0]);
    store.abandon(store.rows[0]);
    expect(store.rows[0]).toMatchObject({ status: 'pending', attempts: 0 });
    store.start(store.rows[2]);
    await store.failed(store.rows[2], { code: 'dns', message: 'no such host' });
    store.reset(store.rows[2]);
    expect(store.rows[2]).toMatchObject({ status: 'pending', attempts: 0, error: undefined });
    await store.close();
    const manifest = JSON.parse(await readFile(join(root, 'index.json'), 'utf8'));
    expect(manifest).toMatchObject({ finished: false, counts: { total: 3, pending: 3, done: 0, failed: 0 } });
    // Half-written files a kill left in the work folder are cleared when the batch opens again.
    await writeFile(join(root, '.openscraper-batch', 'tmp', 'x.tmp'), 'half');
    await (await open(root, URLS, true)).close();
    expect(await readdir(join(root, '.openscraper-batch', 'tmp'))).toEqual([]);
  });

  it('gives every URL of overlapping adds its own index (a crawl\'s pages finding links at once)', async () => {
    const store = await open(join(dir, `b${++folders}`), []);
    const lists = Array.from({ length: 6 }, (_, k) => Array.from({ length: 8 }, (_, j) => `https://c.example/${k}/${j}`));
    await Promise.all(lists.map((urls) => store.add(urls)));
    expect(store.rows.map((row) => row.index)).toEqual(store.rows.map((_, i) => i));
    expect(new Set(store.rows.map((row) => row.url)).size).toBe(48);
    await store.close();
  });

  it('updates an export: every page again, the last outcome kept to compare with, the name kept', async () => {
    const root = join(dir, `b${++folders}`);
    const first = await open(root);
    await first.claim(0, 'one');
    first.start(first.rows[0]);
    await first.done(first.rows[0], { base: 'one', bytes: 3, hash: 'abc', validators: { etag: '"v1"' } });
    await first.close();
    await expect(BatchStore.open([], { root: join(dir, `b${++folders}`), settings: BATCH_DEFAULTS, update: true })).rejects.toThrow(/no export to update/);
    const again = await BatchStore.open([], { root, settings: BATCH_DEFAULTS, update: true, manifestIntervalMs: 10_000 });
    expect(again.rows.every((row) => row.status === 'pending')).toBe(true);
    expect(again.previousOf(0)).toMatchObject({ file: 'one.md', hash: 'abc', validators: { etag: '"v1"' } });
    expect(again.claimOf(0)).toBe('one');
    again.start(again.rows[0]);
    await again.unchanged(again.rows[0], again.previousOf(0)!, { httpStatus: 304 });
    expect(again.rows[0]).toMatchObject({ status: 'done', file: 'one.md', change: 'unchanged', hash: 'abc' });
    again.start(again.rows[1]);
    await again.failed(again.rows[1], { code: 'http-status', message: 'HTTP 404' }, { index: 1, url: URLS[1], status: 'done', attempts: 1, file: 'two.md' });
    expect(again.rows[1]).toMatchObject({ status: 'failed', file: 'two.md', change: 'gone' });
    await again.close();
  });
});
