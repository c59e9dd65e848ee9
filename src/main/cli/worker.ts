// `openscraper worker --queue redis://… -o <dir>`: one of any number of processes that run a queued
// batch. It is the ordinary batch runner over the batch's URL list, in its own folder (journal,
// files, its own manifest), with the Redis queue in place of the local one: it loads the URLs the
// queue gives it and reports each outcome to Redis. It ends when the whole batch is over; Ctrl+C
// (or SIGTERM) stops it cleanly, its unfinished pages going back to the other workers.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { batchSettingsSchema } from '../../shared/batch';
import { formatDuration } from '../../shared/duration';
import { withFlag } from '../../shared/options/schema';
import { WORK_DIR } from '../batch/atomic-files';
import { journalPath } from '../batch/journal';
import { BatchError, BatchRunner } from '../batch/runner';
import { BatchJobs } from '../queue/jobs';
import { type QueuedBatchRecord, redactedUrl, RedisBatch, workerId } from '../queue/redis-batch';
import { RedisQueue } from '../queue/redis-queue';
import { flagHelp, parseFlags, UsageError } from './flags';
import { formatMs } from '../loaders/source';
import { queueFields } from './queue-flags';
import { withQueuedBatch } from './queue-connect';
import type { CliIo } from './run';

const settings = batchSettingsSchema.shape;

/** Every flag of `openscraper worker`, in the order the help lists them. */
const workerCliSchema = z.strictObject({
  ...queueFields,
  output: withFlag(z.string().optional(), { flag: 'output', short: 'o', arg: '<dir>', help: 'this worker\'s folder (one per worker; created if missing)' }),
  concurrency: withFlag(settings.concurrency.removeDefault().optional(), { flag: 'concurrency', arg: '<n>', read: 'whole', help: 'pages this worker loads at once (default: the batch\'s)' }),
  perHost: withFlag(settings.perHost.removeDefault().optional(), { flag: 'per-host', arg: '<n>', read: 'whole', help: 'pages this worker loads at once from one host (default: the batch\'s)' }),
  stallMs: withFlag(z.number().int().min(1000).max(600_000).default(30_000), {
    flag: 'stall-timeout',
    arg: '<seconds>',
    read: 'duration',
    help: ['a page a worker holds this long without a sign of life (the worker died)', 'goes to another worker (default 30)'],
  }),
  help: withFlag(z.boolean().default(false), { flag: 'help', short: 'h', help: 'show this help' }),
});

export const WORKER_USAGE = `Usage: openscraper worker --queue <redis-url> -o <dir> [options]

Runs the batch queued by \`openscraper batch <list> --queue <redis-url>\`: takes its URLs from the
queue, loads and converts them with the batch's settings and writes the files into <dir>. Start
as many as you like, on any machines that reach the Redis server, each with its own folder; the
politeness between requests to one host holds for all of them together. A worker ends when the
batch is over; one that is stopped or dies loses nothing (its pages go to the others). Gather the
files with \`openscraper batch --merge --queue <redis-url> -o <dir>\`.

Options:
${flagHelp(workerCliSchema.shape)}

Exit status: 0 when the batch is over, 1 when this worker stopped early or failed, 2 on a usage error.`;

/** Which batch a worker folder belongs to: it never mixes two (its rows are the batch's URL list by index). */
const MARKER = 'queue.json';
/** The worker using the folder: two at once would write one journal. */
const LOCK = 'worker.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder for this process; refuses one a live worker on this machine holds (a dead one's lock is taken over). */
async function lockFolder(outDir: string): Promise<() => Promise<void>> {
  const path = join(outDir, WORK_DIR, LOCK);
  await mkdir(join(outDir, WORK_DIR), { recursive: true });
  const mine = JSON.stringify({ host: hostname(), pid: process.pid });
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(path, mine, { flag: 'wx' });
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = JSON.parse(await readFile(path, 'utf8').catch(() => '{}')) as { host?: string; pid?: number };
    if (holder.host !== hostname() || (holder.pid !== undefined && alive(holder.pid))) {
      throw new BatchError(`${outDir} is used by the worker ${holder.host}:${holder.pid} (each worker needs its own folder; remove ${path} if that worker is gone)`);
    }
    await rm(path, { force: true });
  }
}

async function checkFolder(outDir: string, batch: RedisBatch, record: QueuedBatchRecord): Promise<boolean> {
  const marker = join(outDir, WORK_DIR, MARKER);
  const mine = { queue: batch.name, created: record.created };
  const text = await readFile(marker, 'utf8').catch(() => undefined);
  if (text !== undefined) {
    const theirs = JSON.parse(text) as typeof mine;
    if (theirs.queue !== mine.queue || theirs.created !== mine.created) throw new BatchError(`${outDir} belongs to another queued batch ("${theirs.queue}", ${theirs.created}): choose another folder`);
    return true;
  }
  if (await readFile(journalPath(outDir)).then(() => true, () => false)) throw new BatchError(`${outDir} holds a batch of its own: choose another folder`);
  return false;
}

async function waitForBatch(batch: RedisBatch, signal: AbortSignal | undefined, say: (text: string) => void): Promise<QueuedBatchRecord | undefined> {
  let told = false;
  for (;;) {
    const record = await batch.record();
    if (record) return record;
    if (!told) say(`waiting for a batch on "${batch.name}" at ${redactedUrl(batch.url)} (openscraper batch <list> --queue …)`);
    told = true;
    if (signal?.aborted) return undefined;
    await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
  }
}

export async function runWorkerCli(argv: string[], io: CliIo): Promise<number> {
  let options;
  try {
    options = parseFlags(workerCliSchema, argv).options;
    if (!options.help && options.queue === undefined) throw new UsageError('worker needs --queue <redis-url>');
    if (!options.help && (options.output === undefined || options.output.trim() === '')) throw new UsageError('worker needs its own output folder: -o <dir>');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`openscraper worker: ${error.message}\n${WORKER_USAGE}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(`${WORKER_USAGE}\n`);
    return 0;
  }
  const say = (text: string) => io.stderr.write(`openscraper worker: ${text}\n`);
  return withQueuedBatch(options.queue!, options.queueName, say, (batch, jobs) => work(batch, jobs, { ...options, output: resolve(options.output!) }, io, say));
}

async function work(batch: RedisBatch, jobs: BatchJobs, options: z.output<typeof workerCliSchema> & { output: string }, io: CliIo, say: (text: string) => void): Promise<number> {
  const record = await waitForBatch(batch, io.signal, say);
  if (!record) return 1;
  const outDir = options.output;
  const resume = await checkFolder(outDir, batch, record);
  const unlock = await lockFolder(outDir);
  try {
    return await runWorker(batch, jobs, record, options, resume, io, say);
  } finally {
    await unlock();
  }
}

async function runWorker(
  batch: RedisBatch,
  jobs: BatchJobs,
  record: QueuedBatchRecord,
  options: z.output<typeof workerCliSchema> & { output: string },
  resume: boolean,
  io: CliIo,
  say: (text: string) => void,
): Promise<number> {
  const outDir = options.output;
  const id = workerId();
  let written = 0;
  let failed = 0;
  const { articleMode, rules, budget, ...loading } = record.scrape;
  const runner: BatchRunner = await BatchRunner.open(await batch.urls(), {
    ...record.settings,
    // Each worker sees other pages of a site: a template it learned alone would differ from the others'.
    siteTemplate: false,
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.perHost === undefined ? {} : { perHost: options.perHost }),
    outDir,
    resume,
    scrape: { ...loading, convert: { mode: articleMode ? 'article' : 'default', rules, budget } },
    queue: (limits, start) =>
      new RedisQueue(limits, start, {
        batch,
        jobs,
        lockMs: options.stallMs,
        rowOf: (index) => runner.rows[index],
        prepare: async (index) => {
          // URLs queued after this worker started (a --resume adding some): the list only grows at its end.
          if (index >= runner.rows.length) await runner.add((await batch.urls()).slice(runner.rows.length));
        },
        report: async (row) => {
          await batch.putRow({ ...row, dir: outDir, worker: id });
          if (row.status === 'done') written++;
          else failed++;
        },
      }),
  });
  await writeFile(join(outDir, WORK_DIR, MARKER), JSON.stringify({ queue: batch.name, created: record.created }));
  say(`${id} working on "${batch.name}" (${record.total} URLs) → ${outDir}`);
  if (io.signal?.aborted) {
    await runner.close();
    say('stopped before it started');
    return 1;
  }
  const stop = () => runner.cancel();
  io.signal?.addEventListener('abort', stop, { once: true });
  let failure: Error | undefined;
  const started = performance.now();
  try {
    await runner.run();
  } catch (error) {
    failure = error as Error;
  } finally {
    io.signal?.removeEventListener('abort', stop);
    await runner.close();
  }
  const elapsed = performance.now() - started;
  if (failure) say(failure.message);
  const rate = elapsed > 0 ? ((written + failed) / elapsed) * 1000 : 0;
  const how = runner.state === 'cancelled' ? 'stopped' : 'the batch is over';
  say(`${how}: this worker wrote ${written} and failed ${failed} in ${elapsed >= 60_000 ? formatDuration(elapsed) : formatMs(elapsed)} (${rate.toFixed(1)} pages/s)`);
  return failure || runner.state === 'cancelled' ? 1 : 0;
}
