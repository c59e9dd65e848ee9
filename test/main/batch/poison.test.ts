// One poison page fails alone: in a batch, a page that exhausts its worker's memory is recorded as
// failed (with the reason) in the journal and the manifest, its worker is replaced, and every other
// page is written; a resumed batch tries it again only while the retry count allows.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalPath } from '../../../src/main/batch/journal';
import { BatchRunner, type RunnerOptions } from '../../../src/main/batch/runner';
import { PagePool } from '../../../src/main/isolation/page-pool';

const GOOD = 12;
// Fine under the default heap; far too much for the 48 MB these workers get.
const POISON = '<title>Poison</title>' + '<p>x</p>'.repeat(300_000);

let server: Server;
let base: string;
let dir: string;
const pages = new PagePool({ maxHeapMb: 48, size: 2 });

beforeAll(async () => {
  server = createServer((request, response) => {
    const n = /^\/p\/(\d+)$/.exec(request.url ?? '')?.[1];
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (request.url === '/poison') return response.end(POISON);
    if (n !== undefined) return response.end(`<title>Page ${n}</title><h1>Page ${n}</h1><p>The text of page ${n}.</p>`);
    response.statusCode = 404;
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'openscraper-poison-'));
});
afterAll(async () => {
  await pages.close();
  await new Promise((resolve) => server?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

const urls = () => [...Array.from({ length: GOOD / 2 }, (_, i) => `${base}/p/${i + 1}`), `${base}/poison`, ...Array.from({ length: GOOD / 2 }, (_, i) => `${base}/p/${GOOD / 2 + i + 1}`)];

function options(out: string, resume = false): RunnerOptions {
  return { outDir: out, resume, concurrency: 4, perHost: 4, delayMs: 0, retries: 1, timeoutMs: 20_000, manifestIntervalMs: 100, isolation: { pages } };
}

async function runOnce(out: string, resume: boolean): Promise<void> {
  const runner = await BatchRunner.open(urls(), options(out, resume));
  await runner.run();
  await runner.close();
}

async function poisonFailures(out: string): Promise<number> {
  const lines = (await readFile(journalPath(out), 'utf8')).split('\n').filter((line) => line.startsWith('{"t":"failed"'));
  return lines.map((line) => JSON.parse(line) as { i: number }).filter((entry) => entry.i === GOOD / 2).length;
}

describe('a batch with a poison page', () => {
  it('finishes with every other page written and the poison page failed, with its reason', async () => {
    const out = join(dir, 'out');
    const startedBefore = pages.started;
    await runOnce(out, false);
    const written = (await readdir(out)).filter((name) => name.endsWith('.md')).sort();
    expect(written).toHaveLength(GOOD);
    expect(written).not.toContain('Poison.md');
    const manifest = JSON.parse(await readFile(join(out, 'index.json'), 'utf8')) as { finished: boolean; counts: Record<string, number>; pages: Array<{ url: string; status: string; error?: string; errorCode?: string }> };
    expect(manifest.finished).toBe(true);
    expect(manifest.counts).toMatchObject({ total: GOOD + 1, done: GOOD, failed: 1, pending: 0 });
    const poison = manifest.pages.find((row) => row.url.endsWith('/poison'))!;
    expect(poison.status).toBe('failed');
    expect(poison.errorCode).toBe('budget');
    expect(poison.error).toBe('the page needs more memory than the 48 MB a page may use, and was stopped');
    expect(await poisonFailures(out)).toBe(1);
    // Its worker died and was replaced; the pages after it were converted by others.
    expect(pages.started - startedBefore).toBeGreaterThan(1);
  }, 120_000);

  it('is tried again on resume only while the retry count allows', async () => {
    const out = join(dir, 'out');
    // Retries: 1. The first run failed it once; a resume may try once more, then never again.
    await runOnce(out, true);
    expect(await poisonFailures(out)).toBe(2);
    await runOnce(out, true);
    expect(await poisonFailures(out)).toBe(2);
    const written = (await readdir(out)).filter((name) => name.endsWith('.md'));
    expect(written).toHaveLength(GOOD);
  }, 120_000);
});
