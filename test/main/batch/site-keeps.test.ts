// "Always keep this on example.com" in a batch: the site's kept elements are kept on its pages
// (everything inside them too), and only there.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchRunner } from '../../../src/main/batch/runner';

const PAGE = (title: string) => `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>Story.</p></main>
<footer><ul><li><a href="/contact">Contact the desk</a></li><li><a href="/jobs">Jobs</a></li><li><a href="/about">About</a></li></ul><p>Printed with care</p></footer></body></html>`;

describe('a batch with elements kept on every page of a site', () => {
  let server: Server;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'openscraper-site-keeps-'));
    server = createServer((request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE(request.url!.slice(1))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the site\'s footer, whole, on its pages, and not on another site\'s', async () => {
    const port = (server.address() as AddressInfo).port;
    // Two sites on one server: 127.0.0.1 and localhost.
    const urls = [`http://127.0.0.1:${port}/one`, `http://127.0.0.1:${port}/two`, `http://localhost:${port}/three`];
    const runner = await BatchRunner.open(urls, { outDir: dir, delayMs: 0, retries: 0, nameTemplate: '{title}', siteKeeps: { '127.0.0.1': ['body > footer'] } });
    await runner.run();
    await runner.close();
    const files = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
    expect(files).toEqual(['one.md', 'three.md', 'two.md']);
    for (const name of ['one.md', 'two.md']) {
      const markdown = await readFile(join(dir, name), 'utf8');
      expect(markdown).toContain('[Contact the desk](');
      expect(markdown).toContain('Printed with care');
    }
    expect(await readFile(join(dir, 'three.md'), 'utf8')).not.toContain('Contact the desk');
  });
});
