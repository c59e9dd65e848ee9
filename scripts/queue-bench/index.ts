// Queue benchmark (not a test): pages per second and memory of a batch of the synthetic local
// site run by 1, 2 and 3 `openscraper worker` processes through a real Redis, beside the same batch
// run by one `openscraper batch` process. Uses the built CLI (dist/lib/cli.js, built when stale)
// and Debian's redis-server, both as users run them.
//
//   npm run bench:queue -- [--pages 1000] [--workers 1,2,3] [--concurrency 8] [--rounds 2]
//
// A small unmeasured batch warms the site up first; each round runs every configuration, and the
// table shows each one's median and range over the rounds (the machine is shared: single runs vary).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startSite } from '../../test/main/batch/helpers/site';
import { startRedis } from '../../test/main/helpers/redis-server';
import { builtCli } from '../soak/built-cli';

const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { pages: { type: 'string', default: '1000' }, workers: { type: 'string', default: '1,2,3' }, concurrency: { type: 'string', default: '8' }, rounds: { type: 'string', default: '2' } } });
const rounds = Number(values.rounds);
const pages = Number(values.pages);
const workerCounts = values.workers.split(',').map(Number);
const concurrency = values.concurrency;
const flags = ['--delay', '0', '--concurrency', concurrency, '--per-host', concurrency];

/** Peak resident memory of a live process, in MB (VmHWM), 0 once it is gone. */
function peakMb(pid: number | undefined): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Finished {
  code: number | null;
  peakMb: number;
  stderr: string;
}

/** Runs the CLI, sampling its peak memory until it exits. */
function run(cli: string, args: string[]): { child: ChildProcess; done: Promise<Finished> } {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let peak = 0;
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setInterval(() => (peak = Math.max(peak, peakMb(child.pid))), 100);
  const done = new Promise<Finished>((resolveDone) =>
    child.on('exit', (code) => {
      clearInterval(timer);
      resolveDone({ code, peakMb: peak, stderr });
    }),
  );
  return { child, done };
}

async function expectOk(result: Promise<Finished>, what: string): Promise<Finished> {
  const finished = await result;
  if (finished.code !== 0) throw new Error(`${what} exited ${finished.code}: ${finished.stderr}`);
  return finished;
}

interface Measure {
  rate: number;
  seconds: number;
  peakMb: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const cli = builtCli(ROOT, (line) => console.error(line));
const site = await startSite();
const redis = await startRedis();
const dir = mkdtempSync(join(tmpdir(), 'openscraper-queue-bench-'));
const results = new Map<string, Measure[]>();
const record = (label: string, measure: Measure) => results.set(label, [...(results.get(label) ?? []), measure]);
try {
  const list = join(dir, 'urls.txt');
  writeFileSync(list, `${Array.from({ length: pages }, (_, i) => site.url(`/p/${i + 1}`)).join('\n')}\n`);
  const warmList = join(dir, 'warm.txt');
  writeFileSync(warmList, `${Array.from({ length: 200 }, (_, i) => site.url(`/p/${pages + i + 1}`)).join('\n')}\n`);
  await expectOk(run(cli, ['batch', warmList, '-o', join(dir, 'warm'), ...flags]).done, 'the warm-up batch');

  for (let round = 1; round <= rounds; round++) {
    const localStart = performance.now();
    const local = await expectOk(run(cli, ['batch', list, '-o', join(dir, `local-${round}`), ...flags]).done, 'the local batch');
    const localSeconds = (performance.now() - localStart) / 1000;
    record('one process, `openscraper batch` (no Redis)', { rate: pages / localSeconds, seconds: localSeconds, peakMb: local.peakMb });

    for (const count of workerCounts) {
      const name = `bench-${round}-${count}`;
      const queueFlags = ['--queue', redis.url, '--queue-name', name];
      await expectOk(run(cli, ['batch', list, ...queueFlags, ...flags]).done, 'queueing');
      const started = performance.now();
      const workers = Array.from({ length: count }, (_, n) => run(cli, ['worker', ...queueFlags, '-o', join(dir, `${name}-w${n + 1}`)]));
      const finished = await Promise.all(workers.map((worker, n) => expectOk(worker.done, `worker ${n + 1}`)));
      const seconds = (performance.now() - started) / 1000;
      record(`${count} worker${count === 1 ? '' : 's'} through Redis`, { rate: pages / seconds, seconds, peakMb: Math.max(...finished.map((worker) => worker.peakMb)) });
      const merged = await expectOk(run(cli, ['batch', '--merge', ...queueFlags, '-o', join(dir, `${name}-merged`)]).done, 'merging');
      if (!/merged (\d+) of \1 written/.test(merged.stderr)) throw new Error(`the merge is incomplete: ${merged.stderr}`);
    }
  }
} finally {
  await site.close();
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
}

const baseline = median(results.values().next().value!.map((measure) => measure.rate));
console.log(`${pages} pages of the local synthetic site, --concurrency ${concurrency} per process, ${rounds} rounds, ${cpus().length} cores, Node ${process.version}\n`);
console.log('| run | pages/s (median, range) | vs one process | peak memory per process (RSS) |');
console.log('| --- | --- | --- | --- |');
for (const [label, measures] of results) {
  const rates = measures.map((measure) => measure.rate);
  const range = `${Math.min(...rates).toFixed(0)}–${Math.max(...rates).toFixed(0)}`;
  console.log(`| ${label} | ${median(rates).toFixed(0)} (${range}) | ×${(median(rates) / baseline).toFixed(2)} | ${Math.max(...measures.map((measure) => measure.peakMb)).toFixed(0)} MB |`);
}
