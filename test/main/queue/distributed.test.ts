// A batch of 1,000 URLs run through Redis by three `openscraper worker` processes (the built CLI),
// one of them killed with SIGKILL at a random moment: every URL ends up in the merged manifest once,
// and the merged folder holds the same files, byte for byte, as a single-machine run of the list.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli } from '../../../scripts/soak/built-cli';
import { type Site, startSite } from '../batch/helpers/site';
import { type RedisServer, startRedis } from '../helpers/redis-server';

const ROOT = resolve(import.meta.dirname, '../../..');
const COUNT = 1000;
const PAGE_FLAGS = ['--delay', '0', '--concurrency', '6', '--per-host', '6'];

let site: Site;
let redis: RedisServer;
let dir: string;
let cli: string;

beforeAll(async () => {
  cli = builtCli(ROOT, () => undefined);
  // Slow pages: the kill lands while pages are being loaded and written.
  site = await startSite({ pageDelayMs: 10 });
  redis = await startRedis();
  dir = await mkdtemp(join(tmpdir(), 'openscraper-queue-'));
}, 120_000);
afterAll(async () => {
  await site?.close();
  await redis?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>;
}

function start(args: string[]): Run {
  const child = spawn(process.execPath, [cli, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return { child, done: new Promise((resolveDone) => child.on('exit', (code, signal) => resolveDone({ code, signal, stderr, stdout }))) };
}

async function run(args: string[]) {
  const result = await start(args).done;
  if (result.code !== 0) throw new Error(`openscraper ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result;
}

/** Every file under `root` but the batch's own folder and the manifest, with its bytes. */
async function files(root: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name).slice(root.length + 1);
    if (!entry.isFile() || path.startsWith('.openscraper-batch') || path === 'index.json') continue;
    found.set(path, await readFile(join(root, path)));
  }
  return found;
}

interface ManifestPage {
  index: number;
  url: string;
  status: string;
  file?: string;
  finalUrl?: string;
  title?: string;
  bytes?: number;
}

async function manifest(root: string): Promise<ManifestPage[]> {
  return (JSON.parse(await readFile(join(root, 'index.json'), 'utf8')) as { pages: ManifestPage[] }).pages;
}

describe('a batch distributed over three workers through Redis', () => {
  it('does every URL exactly once though a worker is killed, and merges into what one machine writes', async () => {
    const list = join(dir, 'urls.txt');
    await writeFile(list, `${Array.from({ length: COUNT }, (_, i) => site.url(`/p/${i + 1}`)).join('\n')}\n`);

    const single = join(dir, 'single');
    await run(['batch', list, '-o', single, ...PAGE_FLAGS]);

    const queued = await run(['batch', list, '--queue', redis.url, ...PAGE_FLAGS]);
    expect(queued.stderr).toMatch(/queued 1000 URLs on "openscraper"/);
    // A second producer run without --resume is refused: the queue holds the batch.
    const again = await start(['batch', list, '--queue', redis.url]).done;
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/holds a batch already/);

    const workers = [1, 2, 3].map((n) => start(['worker', '--queue', redis.url, '-o', join(dir, `w${n}`), '--stall-timeout', '3']));
    const client = new Redis(redis.url);
    const victim = Math.floor(Math.random() * workers.length);
    const killAt = 150 + Math.floor(Math.random() * 450);
    try {
      for (;;) {
        const reported = await client.hlen('openscraper:openscraper:rows');
        if (reported >= killAt) break;
        if (workers[victim].child.exitCode !== null) throw new Error(`worker ${victim + 1} ended before it could be killed: ${(await workers[victim].done).stderr}`);
        await new Promise((wait) => setTimeout(wait, 20));
      }
      workers[victim].child.kill('SIGKILL');
      const results = await Promise.all(workers.map((worker) => worker.done));
      expect(results[victim].signal).toBe('SIGKILL');
      for (const [n, result] of results.entries()) if (n !== victim) expect(result.code, result.stderr).toBe(0);
      const reported = await client.hvals('openscraper:openscraper:rows');
      const byWorker = new Set(reported.map((text) => (JSON.parse(text) as { worker: string }).worker));
      expect(byWorker.size).toBe(3); // all three worked, the killed one too
    } finally {
      for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
      client.disconnect();
    }

    const status = await run(['batch', '--status', '--queue', redis.url]);
    expect(status.stdout).toMatch(/1000\/1000 · done 1000 · failed 0 · waiting 0 · running 0/);

    const merged = join(dir, 'merged');
    const merging = await run(['batch', '--merge', '--queue', redis.url, '-o', merged]);
    expect(merging.stderr).toMatch(/merged 1000 of 1000 written, 0 failed, 0 to go/);

    const rows = await manifest(merged);
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((row) => row.url)).size).toBe(COUNT);
    expect(rows.every((row) => row.status === 'done')).toBe(true);
    expect(new Set(rows.map((row) => row.file)).size).toBe(COUNT);
    const facts = (page: ManifestPage) => ({ index: page.index, url: page.url, status: page.status, file: page.file, finalUrl: page.finalUrl, title: page.title, bytes: page.bytes });
    expect(rows.map(facts)).toEqual((await manifest(single)).map(facts));

    const expected = await files(single);
    const got = await files(merged);
    expect(expected.size).toBe(COUNT);
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [path, bytes] of expected) expect(got.get(path)?.equals(bytes), path).toBe(true);
  }, 240_000);
});
