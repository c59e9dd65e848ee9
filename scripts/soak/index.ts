// Soak run (not a test): `openscraper batch` on 10,000 URLs of the synthetic local site (5% of
// them failing in every way), as a child process exactly as a user runs it (the built CLI).
// Samples the child's resident memory every second, and reports pages/s, peak RSS (VmHWM) and
// RSS every 1,000 pages, so a flat memory line can be seen; checks the manifest has one row per
// URL and exactly the expected failures.
//
//   npm run soak -- [--count 10000] [--concurrency 32] [--per-host 32] [--fail-every 20]
//                   [--timeout 2] [--source] [--keep] [--out DIR] [--report DIR]
//
// --source runs src/ through tsx instead of dist/lib (quicker to iterate; memory then includes tsx's).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { journalPath } from '../../src/main/batch/journal';
import { planUrls, startSite } from '../../test/main/batch/helpers/site';
import { builtCli } from './built-cli';

interface Sample {
  seconds: number;
  pages: number;
  rssMb: number;
}

const ROOT = resolve(import.meta.dirname, '../..');

function statusField(pid: number, field: string): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : undefined; // kB → MB
  } catch {
    return undefined;
  }
}

/** Counts the journal's done/failed lines as they come, reading only what was added. */
function journalCounter(path: string): () => Promise<number> {
  let offset = 0;
  let finished = 0;
  let rest = '';
  return async () => {
    let handle;
    try {
      handle = await open(path, 'r');
    } catch {
      return finished;
    }
    try {
      const { size } = await handle.stat();
      if (size > offset) {
        const buffer = Buffer.alloc(size - offset);
        await handle.read(buffer, 0, buffer.length, offset);
        offset = size;
        const lines = (rest + buffer.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('{"t":"done"') || line.startsWith('{"t":"failed"')) finished++;
      }
    } finally {
      await handle.close();
    }
    return finished;
  };
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

function sparkline(values: number[], width = 60): string {
  const blocks = '▁▂▃▄▅▆▇█';
  const step = Math.max(1, Math.ceil(values.length / width));
  const picked = values.filter((_, i) => i % step === 0);
  const min = Math.min(...picked);
  const max = Math.max(...picked);
  return picked.map((v) => blocks[max === min ? 0 : Math.round(((v - min) / (max - min)) * (blocks.length - 1))]).join('');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '10000' },
      concurrency: { type: 'string', default: '32' },
      'per-host': { type: 'string', default: '32' },
      'fail-every': { type: 'string', default: '20' },
      timeout: { type: 'string', default: '2' },
      out: { type: 'string' },
      report: { type: 'string', default: join(ROOT, '.bench', 'soak') },
      keep: { type: 'boolean', default: false },
      source: { type: 'boolean', default: false },
    },
  });
  const entry = values.source ? ['--import', 'tsx', 'src/main/cli/index.ts'] : [builtCli(ROOT, (line) => console.log(line))];
  const count = Number(values.count);
  const site = await startSite();
  const work = mkdtempSync(join(tmpdir(), 'openscraper-soak-'));
  const out = values.out ? resolve(values.out) : join(work, 'out');
  const list = join(work, 'urls.txt');
  // PDFs from early on: the PDF loader's one-time cost (pdf.js, ~100 MB of heap) then lies before the steady state.
  const plan = planUrls(site.base, count, { failEvery: Number(values['fail-every']), pdfEvery: 97 });
  writeFileSync(list, `${plan.map((p) => p.url).join('\n')}\n`);
  const expectedGood = plan.filter((p) => p.good).length;

  const args = [...entry, 'batch', list, '-o', out, '--concurrency', values.concurrency!, '--per-host', values['per-host']!, '--delay', '0', '--retries', '1', '--timeout', values.timeout!];
  console.log(`soak: ${count} URLs (${count - expectedGood} failing) → ${out}\n  node ${args.join(' ')}`);
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  const samples: Sample[] = [];
  const pagesDone = journalCounter(journalPath(out));
  let peakMb = 0;
  let running = true;
  void exited.then(() => (running = false));
  while (running) {
    const rssMb = statusField(child.pid!, 'VmRSS');
    peakMb = Math.max(peakMb, statusField(child.pid!, 'VmHWM') ?? 0);
    if (rssMb !== undefined) {
      samples.push({ seconds: (performance.now() - started) / 1000, pages: await pagesDone(), rssMb });
      if (samples.length % 10 === 0) process.stdout.write(`  ${samples.at(-1)!.seconds.toFixed(0)} s: ${samples.at(-1)!.pages} pages, RSS ${rssMb.toFixed(0)} MB\n`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const code = await exited;
  const elapsed = (performance.now() - started) / 1000;
  await site.close();

  const manifest = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as { counts: { done: number; failed: number; pending: number }; pages: unknown[] };
  // Steady state: from 10% to the end of the run (start-up and warm-up left out).
  const steady = samples.filter((s) => s.pages >= count * 0.1);
  const mbPer1000 = slope(steady.map((s) => [s.pages / 1000, s.rssMb]));
  const half = Math.floor(steady.length / 2);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const firstHalf = median(steady.slice(0, half).map((s) => s.rssMb));
  const secondHalf = median(steady.slice(half).map((s) => s.rssMb));
  // The memory line: RSS when each further tenth of the pages (1,000 of 10,000) were through.
  const step = Math.max(1, Math.round(count / 10));
  const milestones: string[] = [];
  for (let pages = step; pages <= count; pages += step) {
    const sample = samples.find((s) => s.pages >= pages);
    if (sample) milestones.push(`${String(pages).padStart(6)} pages  ${sample.rssMb.toFixed(0).padStart(4)} MB`);
  }
  const summary = {
    urls: count,
    exitCode: code,
    seconds: +elapsed.toFixed(1),
    pagesPerSecond: +(count / elapsed).toFixed(1),
    peakRssMb: +peakMb.toFixed(1),
    rssMedianFirstHalfMb: +firstHalf.toFixed(1),
    rssMedianSecondHalfMb: +secondHalf.toFixed(1),
    rssSlopeMbPer1000Pages: +mbPer1000.toFixed(2),
    rssByPages: milestones.map((line) => line.trim().replace(/\s+/g, ' ')),
    manifestRows: manifest.pages.length,
    manifestCounts: manifest.counts,
    expected: { done: expectedGood, failed: count - expectedGood },
  };

  const reportDir = join(values.report!, new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, 'rss.csv'), `seconds,pages,rss_mb\n${samples.map((s) => `${s.seconds.toFixed(1)},${s.pages},${s.rssMb.toFixed(1)}`).join('\n')}\n`);
  writeFileSync(join(reportDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

  console.log(`\n${stderr.trim().split('\n').slice(-2).join('\n')}`);
  console.log(`\nRSS every ${step} pages:\n${milestones.map((line) => `  ${line}`).join('\n')}`);
  console.log(`\nRSS over the run (${samples.length} samples, ${Math.min(...samples.map((s) => s.rssMb)).toFixed(0)}–${Math.max(...samples.map((s) => s.rssMb)).toFixed(0)} MB):\n  ${sparkline(samples.map((s) => s.rssMb))}`);
  console.log(JSON.stringify(summary, null, 2));
  console.log(`report: ${reportDir}`);
  const ok = manifest.pages.length === count && manifest.counts.done === expectedGood && manifest.counts.failed === count - expectedGood;
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  if (!ok) {
    console.error('soak: the manifest does not match the plan');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
