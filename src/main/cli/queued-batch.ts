// `openscraper batch --queue redis://…`: the batch on a queue in Redis, run by `openscraper worker`
// processes anywhere. Queues the URLs (with --resume: those the batch lacks, and failed ones again),
// then — given -o — follows the workers until the batch is over and gathers their files into the
// folder; `--status` shows how far it is, `--merge` gathers what is done so far.
import { resolve } from 'node:path';
import { formatDuration } from '../../shared/duration';
import { formatMs } from '../loaders/source';
import { BatchJobs, jobIdOf } from '../queue/jobs';
import { mergeBatch } from '../queue/merge';
import { readQueueStatus } from '../queue/status';
import { redactedUrl, type RedisBatch } from '../queue/redis-batch';
import { describeInput, plural, readInput } from './batch';
import type { BatchCliOptions } from './batch-args';
import { ProgressBar } from './progress-bar';
import { withQueuedBatch } from './queue-connect';
import type { CliIo } from './run';

const FOLLOW_POLL_MS = 500;
const MAX_LISTED_FAILURES = 10;

export async function runQueuedBatchCli(options: BatchCliOptions, io: CliIo): Promise<number> {
  const say = (text: string) => io.stderr.write(`openscraper batch: ${text}\n`);
  return withQueuedBatch(options.queue!, options.queueName, say, async (batch, jobs) => {
    if (options.status) return await showStatus(batch, jobs, io);
    if (options.merge) return await merge(batch, options.output, say);
    const queued = await enqueue(batch, jobs, options, io, say);
    if (queued !== 0) return queued;
    if (options.output === '') {
      const where = `--queue ${redactedUrl(batch.url)}${options.queueName === 'openscraper' ? '' : ` --queue-name ${options.queueName}`}`;
      say(`run workers: openscraper worker ${where} -o <their own folder>`);
      say(`then gather the files: openscraper batch --merge ${where} -o <dir>`);
      return 0;
    }
    const finished = await follow(batch, jobs, io);
    if (!finished) say('stopped following; the workers go on (see --status, gather with --merge)');
    return await merge(batch, options.output, say);
  });
}

/** Puts the URLs on the queue; 0 when it did. */
async function enqueue(batch: RedisBatch, jobs: BatchJobs, options: BatchCliOptions, io: CliIo, say: (text: string) => void): Promise<number> {
  let input;
  try {
    input = await readInput(options, io);
  } catch (error) {
    say(`cannot read ${options.input}: ${(error as Error).message}`);
    return 1;
  }
  if (options.input !== undefined) say(describeInput(input, options));
  const scrape = { userAgent: options.userAgent, waitFor: options.waitFor, extraWaitMs: options.extraWaitMs, articleMode: options.articleMode, rules: options.rules, budget: options.budget };
  const existing = await batch.record();
  const record = await batch.create({ settings: options.settings, scrape }, options.resume);
  if (existing) say('resuming: the batch keeps the settings and page options it was queued with');
  // Workers wait for the end of the list before they may finish.
  await batch.setComplete(false);
  const known = await batch.urls();
  const have = new Set(known);
  const fresh = [...new Set(input.urls)].filter((url) => !have.has(url));
  if (known.length + fresh.length === 0) {
    say('nothing to do: no URLs');
    return 1;
  }
  const first = await batch.appendUrls(fresh);
  await jobs.enqueue(fresh.map((url, i) => ({ index: first + i, url })));
  let again = 0;
  if (options.resume && known.length > 0) again = await requeueUnfinished(batch, jobs, known);
  await batch.setComplete(true);
  const total = known.length + fresh.length;
  say(`queued ${plural(fresh.length, 'URL')}${again > 0 ? ` and ${again} again` : ''} on "${batch.name}" at ${redactedUrl(batch.url)} (${total} in the batch, queued ${record.created})`);
  return 0;
}

/** On --resume: failed URLs, and URLs whose job is gone without a row (failed in BullMQ), go on the queue again. */
async function requeueUnfinished(batch: RedisBatch, jobs: BatchJobs, urls: readonly string[]): Promise<number> {
  const rows = await batch.rows();
  let count = 0;
  for (const [index, url] of urls.entries()) {
    const row = rows.get(index);
    if (row?.status === 'done') continue;
    if (!row) {
      const job = await jobs.queue.getJob(jobIdOf(index));
      if (job && (await job.getState()) !== 'failed') continue;
    } else await batch.deleteRow(index);
    await jobs.requeue(index, url);
    count++;
  }
  return count;
}

/** Waits until no job is left, with a progress line on a terminal. False when stopped (Ctrl+C). */
async function follow(batch: RedisBatch, jobs: BatchJobs, io: CliIo): Promise<boolean> {
  const record = (await batch.record())!;
  let counts = await batch.counts(record.total);
  const started = performance.now();
  const startedDone = counts.done + counts.failed;
  const rate = () => ((counts.done + counts.failed - startedDone) / Math.max(1, performance.now() - started)) * 1000;
  const bar = io.stderr.isTTY === true ? new ProgressBar(io.stderr, () => ({ counts, pagesPerSecond: rate() })) : undefined;
  bar?.start();
  try {
    for (;;) {
      if (io.signal?.aborted) return false;
      const left = await jobs.unfinished();
      counts = { ...(await batch.counts(record.total)), running: left.active };
      if (left.waiting + left.active + left.delayed === 0) return true;
      await new Promise((resolveWait) => setTimeout(resolveWait, FOLLOW_POLL_MS));
    }
  } finally {
    bar?.stop();
  }
}

async function merge(batch: RedisBatch, output: string, say: (text: string) => void): Promise<number> {
  const started = performance.now();
  const summary = await mergeBatch(batch, resolve(output));
  const { done, failed, pending, total } = summary.counts;
  const rows = await batch.rows();
  const failedRows = [...rows.values()].filter((row) => row.status === 'failed').sort((a, b) => a.index - b.index);
  if (failedRows.length > 0) {
    say(`${plural(failedRows.length, 'URL')} failed:`);
    for (const row of failedRows.slice(0, MAX_LISTED_FAILURES)) say(`  ${row.url}: ${row.error?.message ?? 'failed'}`);
    if (failedRows.length > MAX_LISTED_FAILURES) say(`  … and ${failedRows.length - MAX_LISTED_FAILURES} more (see the manifest)`);
  }
  for (const row of summary.missing.slice(0, MAX_LISTED_FAILURES)) say(`  not found: ${row.file} of ${row.url} in ${row.dir} (worker ${row.worker})`);
  const renamed = summary.renamed > 0 ? `, ${summary.renamed} renamed (a name two workers gave)` : '';
  say(`merged ${done} of ${total} written, ${failed} failed, ${pending} to go${renamed} in ${formatMs(performance.now() - started)} → ${resolve(output)}`);
  say(`manifest: ${summary.manifest}`);
  return failed > 0 || pending > 0 ? 1 : 0;
}

async function showStatus(batch: RedisBatch, jobs: BatchJobs, io: CliIo): Promise<number> {
  const status = await readQueueStatus(batch, jobs);
  if (!status) {
    io.stderr.write(`openscraper batch: the queue "${batch.name}" at ${redactedUrl(batch.url)} holds no batch\n`);
    return 1;
  }
  const { counts } = status;
  const age = Date.now() - Date.parse(status.created);
  const lines = [
    `queue "${status.name}" at ${status.url}, queued ${status.created} (${formatDuration(age)} ago)${status.complete ? '' : ', still being queued'}`,
    `${counts.done + counts.failed}/${counts.total} · done ${counts.done} · failed ${counts.failed} · waiting ${status.waiting} · running ${status.running} · retrying ${status.retrying}${status.lost > 0 ? ` · lost ${status.lost} (queue again with --resume)` : ''}`,
    ...status.workers.map((worker) => `  ${worker.worker}: ${plural(worker.pages, 'page')} → ${worker.dir}`),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
