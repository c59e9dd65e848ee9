// A crawl through the app's handlers (as IPC and the web bridge call them), in the batch worker
// thread: a crawl started with its start URL and depth, then the same folder updated with neither —
// the folder's crawl keeps them — against the site's second version, the snapshot counting what changed.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSnapshot, Handlers } from '../../../src/shared/contract';
import { validators } from '../../../src/shared/contract';
import { type AppServices, createServices } from '../../../src/main/services/handlers';
import { type CrawlSite, startCrawlSite } from './helpers/crawl-site';

let site: CrawlSite;
let dir: string;
let services: AppServices;
let handlers: Handlers;

beforeAll(async () => {
  site = await startCrawlSite({ crawlDelay: 0 });
  dir = await mkdtemp(join(tmpdir(), 'openscraper-crawl-service-'));
  services = createServices({
    mode: 'web',
    chooseSavePath: async () => undefined,
    chooseFolder: async () => {
      const path = join(dir, 'site');
      await mkdir(path, { recursive: true });
      return path;
    },
  });
  handlers = services.handlers;
});
afterAll(async () => {
  await services?.close();
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function finish(batchId: string): Promise<BatchSnapshot> {
  let cursor = 0;
  for (;;) {
    const snapshot = await handlers['batch:poll'](validators['batch:poll']({ batchId, cursor, waitMs: 2000 }));
    cursor = snapshot.cursor;
    if (!snapshot.more && !['running', 'paused', 'cancelling', 'idle'].includes(snapshot.state)) return snapshot;
  }
}

describe('a crawl in the app', () => {
  it('crawls from a start URL, then updates the folder with the crawl it keeps', async () => {
    const folder = await handlers['batch:choose-folder'](validators['batch:choose-folder']({}));
    if ('cancelled' in folder) throw new Error('no folder');
    const settings = { delayMs: 0, retries: 0 };
    const started = await handlers['batch:start'](validators['batch:start']({ folderId: folder.folderId, urls: [], settings, crawl: { start: site.url('/'), maxDepth: 1 } }));
    if (!started.ok) throw new Error(started.error);
    const first = await finish(started.batchId);
    // Home, 5 shelves and 10 sitemap pages; /private/1, /private/2 and /private/9 refused, the challenge and the soft 404 failed.
    expect(first.counts).toMatchObject({ total: 21, done: 16, failed: 5 });
    expect(first.changes).toBeUndefined();

    site.version = 2;
    const again = await handlers['batch:choose-folder'](validators['batch:choose-folder']({}));
    if ('cancelled' in again) throw new Error('no folder');
    expect(again.existing).toMatchObject({ total: 21, done: 16 });
    const update = await handlers['batch:start'](validators['batch:start']({ folderId: again.folderId, urls: [], settings, update: true }));
    if (!update.ok) throw new Error(update.error);
    const second = await finish(update.batchId);
    expect(second.changes).toEqual({ new: 0, changed: 1, unchanged: 15, gone: 0 });
    // Depth 1 kept: nothing deeper was asked for in the update either.
    expect(site.requests.filter((request) => request.path.includes('/page/'))).toEqual([]);
  }, 60_000);
});
