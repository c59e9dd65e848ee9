// A queued batch with pages that fail in every way, run by two workers in this process: outcomes,
// attempts and error codes in the merged manifest are those of a local run (retries taken by any
// worker with their attempts counted, a Retry-After honoured); --resume queues the failed URLs
// again; the politeness delay holds across workers; --merge gives a name two workers both chose the
// next free one, its images' links following.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/cli/run';
import { mergeBatch } from '../../../src/main/queue/merge';
import { RedisBatch } from '../../../src/main/queue/redis-batch';
import { BATCH_DEFAULTS } from '../../../src/shared/batch';
import { type Site, startSite } from '../batch/helpers/site';
import { type RedisServer, startRedis } from '../helpers/redis-server';

let site: Site;
let redis: RedisServer;
let dir: string;

beforeAll(async () => {
  site = await startSite();
  redis = await startRedis();
  dir = await mkdtemp(join(tmpdir(), 'openscraper-queued-'));
});
afterAll(async () => {
  await site?.close();
  await redis?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[], signal?: AbortSignal): Promise<{ code: number; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  const code = await runCli(args, { stdin: Readable.from([]), stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, signal });
  return { code, stderr, stdout };
}

interface Row {
  url: string;
  status: string;
  attempts: number;
  errorCode?: string;
  file?: string;
}

async function rows(folder: string): Promise<Row[]> {
  return (JSON.parse(await readFile(join(folder, 'index.json'), 'utf8')) as { pages: Row[] }).pages;
}

const outcome = (row: Row) => ({ url: row.url, status: row.status, attempts: row.attempts, errorCode: row.errorCode, file: row.file });

describe('a queued batch', () => {
  it('fails, retries and succeeds as a local batch does, and --resume queues the failures again', async () => {
    const urls = [
      ...Array.from({ length: 12 }, (_, i) => site.url(`/p/${i + 1}`)),
      site.url('/fail/404/1'),
      site.url('/fail/500/2'),
      site.url('/fail/type/3'),
      site.url('/fail/timeout/4'),
      site.url('/flaky/5'),
      site.url('/limited/6'),
    ];
    const list = join(dir, 'urls.txt');
    await writeFile(list, `${urls.join('\n')}\n`);
    const flags = ['--delay', '0', '--retries', '1', '--timeout', '1'];

    const local = join(dir, 'local');
    expect((await cli(['batch', list, '-o', local, ...flags])).code).toBe(1);
    site.hits.clear(); // the flaky and limited pages fail once again for the queued run

    const queue = ['--queue', redis.url, '--queue-name', 'kinds'];
    expect((await cli(['batch', list, ...queue, ...flags])).code).toBe(0);
    const [one, two] = await Promise.all([cli(['worker', ...queue, '-o', join(dir, 'k1')]), cli(['worker', ...queue, '-o', join(dir, 'k2')])]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    const merged = join(dir, 'kinds-merged');
    const merging = await cli(['batch', '--merge', ...queue, '-o', merged]);
    expect(merging.code).toBe(1); // some URLs failed, as planned
    expect(merging.stderr).toMatch(/merged 14 of 18 written, 4 failed, 0 to go/);
    expect((await rows(merged)).map(outcome)).toEqual((await rows(local)).map(outcome));
    const byUrl = new Map((await rows(merged)).map((row) => [row.url, row]));
    expect(byUrl.get(site.url('/flaky/5'))).toMatchObject({ status: 'done', attempts: 2 });
    expect(byUrl.get(site.url('/fail/500/2'))).toMatchObject({ status: 'failed', attempts: 2, errorCode: 'http-status' });
    expect(byUrl.get(site.url('/fail/404/1'))).toMatchObject({ status: 'failed', attempts: 1 });

    // Again without --resume: refused. With it: only the four failures are queued and tried again.
    expect((await cli(['batch', list, ...queue])).stderr).toMatch(/holds a batch already/);
    const hitsBefore = site.hits.get('/p/1');
    const resumed = await cli(['batch', list, ...queue, '--resume']);
    expect(resumed.stderr).toMatch(/queued 0 URLs and 4 again/);
    expect((await cli(['worker', ...queue, '-o', join(dir, 'k1')])).code).toBe(0);
    expect(site.hits.get('/p/1')).toBe(hitsBefore);
    expect(site.hits.get('/fail/404/1')).toBe(2);
    const status = await cli(['batch', '--status', ...queue]);
    expect(status.stdout).toMatch(/18\/18 · done 14 · failed 4/);
  }, 90_000);

  it('keeps the delay between two starts on a host across workers', async () => {
    const urls = Array.from({ length: 8 }, (_, i) => site.url(`/p/${100 + i}`));
    const list = join(dir, 'polite.txt');
    await writeFile(list, `${urls.join('\n')}\n`);
    const queue = ['--queue', redis.url, '--queue-name', 'polite'];
    expect((await cli(['batch', list, ...queue, '--delay', '300', '--concurrency', '4', '--per-host', '4'])).code).toBe(0);
    const started = Date.now();
    const workers = await Promise.all([1, 2, 3].map((n) => cli(['worker', ...queue, '-o', join(dir, `polite-${n}`)])));
    for (const worker of workers) expect(worker.code, worker.stderr).toBe(0);
    // Eight starts, each at least 300 ms after the one before on that host, whichever worker made it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(7 * 300 - 50);
  }, 60_000);

  it('follows the workers when given a folder, and gathers their files into it at the end', async () => {
    const urls = Array.from({ length: 6 }, (_, i) => site.url(`/p/${200 + i}`));
    const list = join(dir, 'follow.txt');
    await writeFile(list, `${urls.join('\n')}\n`);
    const queue = ['--queue', redis.url, '--queue-name', 'follow'];
    const out = join(dir, 'follow-out');
    // A folder a live worker holds is refused; a dead worker's lock is taken over.
    const folder = join(dir, 'follow-w');
    await mkdir(join(folder, '.openscraper-batch'), { recursive: true });
    await writeFile(join(folder, '.openscraper-batch', 'worker.lock'), JSON.stringify({ host: hostname(), pid: process.pid }));
    await cli(['batch', list, ...queue, '--delay', '0']);
    const refused = await cli(['worker', ...queue, '-o', folder]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is used by the worker .*each worker needs its own folder/);
    await writeFile(join(folder, '.openscraper-batch', 'worker.lock'), JSON.stringify({ host: hostname(), pid: 2 ** 22 + 1 }));
    const [producer, worker] = await Promise.all([cli(['batch', list, ...queue, '-o', out, '--resume']), cli(['worker', ...queue, '-o', folder])]);
    expect(worker.code, worker.stderr).toBe(0);
    expect(producer.code, producer.stderr).toBe(0);
    expect(producer.stderr).toMatch(/merged 6 of 6 written, 0 failed, 0 to go/);
    expect((await rows(out)).map((row) => row.file)).toEqual(urls.map((_, i) => `Page ${200 + i}.md`));
  }, 60_000);

  it('gives the pages of a worker stopped with Ctrl+C back to the others', async () => {
    const urls = Array.from({ length: 16 }, (_, i) => site.url(`/fail/timeout/${300 + i}`));
    const list = join(dir, 'stop.txt');
    await writeFile(list, `${urls.join('\n')}\n`);
    const queue = ['--queue', redis.url, '--queue-name', 'stop'];
    // Pages that never answer: the worker is stopped while it holds some.
    expect((await cli(['batch', list, ...queue, '--delay', '0', '--timeout', '1', '--retries', '0', '--concurrency', '4', '--per-host', '4'])).code).toBe(0);
    const interrupt = new AbortController();
    const stopped = cli(['worker', ...queue, '-o', join(dir, 'stop-1')], interrupt.signal);
    await new Promise((wait) => setTimeout(wait, 500));
    interrupt.abort();
    const first = await stopped;
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/stopped: this worker wrote 0 and failed 0/);
    const second = await cli(['worker', ...queue, '-o', join(dir, 'stop-2')]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/this worker wrote 0 and failed 16/);
    expect((await cli(['batch', '--status', ...queue])).stdout).toMatch(/16\/16 · done 0 · failed 16 · waiting 0 · running 0/);
  }, 60_000);

  it('merges a name two workers both gave into the next free one, with its images', async () => {
    const batch = await RedisBatch.connect(redis.url, 'collide');
    try {
      await batch.create({ settings: { ...BATCH_DEFAULTS, images: true }, scrape: { articleMode: false, rules: {} } }, false);
      await batch.appendUrls(['https://a.example/x', 'https://b.example/y']);
      await batch.setComplete(true);
      for (const [index, worker] of [[0, 'w1'], [1, 'w2']] as const) {
        const folder = join(dir, `collide-${worker}`);
        await mkdir(join(folder, 'Same title.assets'), { recursive: true });
        await writeFile(join(folder, 'Same title.assets', 'a.png'), `png of ${worker}`);
        await writeFile(join(folder, 'Same title.md'), `# Same title\n\nby ${worker} ![a](Same%20title.assets/a.png)\n`);
        await batch.putRow({ index, url: index === 0 ? 'https://a.example/x' : 'https://b.example/y', status: 'done', attempts: 1, file: 'Same title.md', dir: folder, worker });
      }
      const out = join(dir, 'collide-merged');
      const summary = await mergeBatch(batch, out);
      expect(summary).toMatchObject({ counts: { total: 2, done: 2 }, renamed: 1, missing: [] });
      expect(await readFile(join(out, 'Same title.md'), 'utf8')).toBe('# Same title\n\nby w1 ![a](Same%20title.assets/a.png)\n');
      expect(await readFile(join(out, 'Same title (2).md'), 'utf8')).toBe('# Same title\n\nby w2 ![a](Same%20title%20(2).assets/a.png)\n');
      expect(await readFile(join(out, 'Same title (2).assets', 'a.png'), 'utf8')).toBe('png of w2');
      expect((await rows(out)).map((row) => row.file)).toEqual(['Same title.md', 'Same title (2).md']);
    } finally {
      await batch.close();
    }
  });
});
