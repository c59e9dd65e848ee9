// Depth counts the shortest way from the start, whatever order pages load in. Here the start page
// answers slowly, so the sitemap's page (depth 1) is read first and links the section before the
// start page does: the section is still one step from the start, and its pages two — within
// --max-depth 2 — not three.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Crawler } from '../../../src/main/crawl/crawler';

const PAGES: Record<string, string> = {
  '/': '<title>Home</title><h1>Home</h1><p>Welcome to the shop of pens.</p><a href="/section">Pens</a>',
  '/orphan': '<title>Orphan</title><h1>Orphan</h1><p>Listed by the sitemap only.</p><a href="/section">Pens</a>',
  '/section': '<title>Pens</title><h1>Pens</h1><p>Every pen we sell.</p><a href="/section/pen">The pen</a>',
  '/section/pen': '<title>The pen</title><h1>The pen</h1><p>A pen that writes in blue ink.</p>',
};

let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/sitemap.xml') {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/orphan</loc></url></urlset>`);
      return;
    }
    const html = PAGES[path];
    if (html === undefined) {
      response.writeHead(404).end();
      return;
    }
    // The start page comes last of the first pages, as on a busy machine.
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/html' }).end(html), path === '/' ? 600 : 0);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'openscraper-crawl-depth-'));
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('crawl depth', () => {
  it('is the shortest way from the start, not the order pages arrived in', async () => {
    const crawler = await Crawler.open({ start: `${base}/`, outDir: dir, maxDepth: 2, delayMs: 0, retries: 0, concurrency: 4, perHost: 4 });
    const summary = await crawler.run();
    expect(crawler.batch.rows.map((row) => new URL(row.url).pathname).sort()).toEqual(['/', '/orphan', '/section', '/section/pen']);
    expect(summary.counts.done).toBe(4);
    expect((await readdir(dir)).filter((name) => name.endsWith('.md')).sort()).toEqual(['Home.md', 'Orphan.md', 'Pens.md', 'The pen.md']);
  }, 60_000);
});
