// `openscraper batch`: read the URLs (list, CSV, sitemap), run the batch into the folder with a
// progress bar on stderr when it is a terminal, and end with a summary and the failures. Ctrl+C
// (the `signal`) stops cleanly: the manifest is written and --resume continues later.
import { resolve } from 'node:path';
import { BATCH_LIMITS } from '../../shared/batch';
import { type BatchInput, readBatchInput, sourceFromArgument } from '../batch/input';
import { BatchError, BatchRunner } from '../batch/runner';
import { SitemapError } from '../batch/sitemap';
import { readStream } from '../loaders/files';
import { UsageError } from './args';
import { BATCH_USAGE, type BatchCliOptions, parseBatchCli } from './batch-args';
import { changesLine, elapsedText, noteFailures, plural, type ProgressHolder, reportFailures, runWithProgress } from './batch-report';

export { plural };
import type { CliIo } from './run';

const MAX_INPUT_BYTES = 256 * 1024 * 1024;

export async function readInput(options: BatchCliOptions, io: CliIo): Promise<BatchInput> {
  if (options.input === undefined) return { urls: [], rejected: [], rejectedTotal: 0, overLimit: 0, duplicates: 0, sitemaps: [], errors: [] };
  if (options.input === '-') {
    const bytes = await readStream(io.stdin, MAX_INPUT_BYTES);
    return readBatchInput({ kind: 'bytes', bytes, name: 'stdin' }, { userAgent: options.userAgent });
  }
  return readBatchInput(sourceFromArgument(options.input), { userAgent: options.userAgent, timeoutMs: options.settings.timeoutMs });
}

export function describeInput(input: BatchInput, options: BatchCliOptions): string {
  const parts = [`${plural(input.urls.length, 'URL')} from ${options.input === '-' ? 'standard input' : options.input}`];
  if (input.sitemaps.length > 1) parts.push(`${input.sitemaps.length} sitemaps`);
  if (input.duplicates > 0) parts.push(`${plural(input.duplicates, 'duplicate')} left out`);
  if (input.overLimit > 0) parts.push(`${plural(input.overLimit, 'more URL')} left out (a batch holds at most ${BATCH_LIMITS.maxUrls})`);
  if (input.rejectedTotal > 0) parts.push(`${plural(input.rejectedTotal, 'line')} not URLs`);
  return parts.join(', ');
}

export async function runBatchCli(argv: string[], io: CliIo): Promise<number> {
  let options: BatchCliOptions;
  try {
    options = parseBatchCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`openscraper batch: ${error.message}\n${BATCH_USAGE}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(`${BATCH_USAGE}\n`);
    return 0;
  }
  // Redis and BullMQ are loaded only for a queued batch.
  if (options.queue !== undefined) return (await import('./queued-batch')).runQueuedBatchCli(options, io);
  const say = (text: string) => io.stderr.write(`openscraper batch: ${text}\n`);

  let input: BatchInput;
  try {
    input = await readInput(options, io);
  } catch (error) {
    const reason = error instanceof SitemapError ? `the sitemap: ${error.message}` : (error as Error).message;
    say(`cannot read ${options.input}: ${reason}`);
    return 1;
  }
  if (options.input !== undefined) say(describeInput(input, options));
  for (const line of input.rejected.slice(0, 5)) say(`  line ${line.line}: ${line.reason}: ${line.text}`);
  for (const failure of input.errors.slice(0, 5)) say(`  sitemap ${failure.url}: ${failure.message}`);
  if (input.urls.length === 0 && !options.resume && !options.update) {
    say('nothing to do: no URLs');
    return 1;
  }

  const outDir = resolve(options.output);
  const progress: ProgressHolder = {};
  let runner: BatchRunner;
  try {
    runner = await BatchRunner.open(input.urls, {
      ...options.settings,
      outDir,
      resume: options.resume,
      update: options.update,
      scrape: { userAgent: options.userAgent, waitFor: options.waitFor, extraWaitMs: options.extraWaitMs, convert: { mode: options.articleMode ? 'article' : 'default', rules: options.rules, budget: options.budget } },
      onRow: noteFailures(progress),
    });
  } catch (error) {
    if (!(error instanceof BatchError)) throw error;
    say(`${error.message}${options.resume ? '' : ' (--resume)'}`);
    return 2;
  }
  const counts = runner.counts();
  if (options.resume && counts.done + counts.failed > 0) say(`resuming: ${counts.done} written, ${counts.failed} to try again, ${counts.pending} to go`);

  const failure = await runWithProgress(runner, io, () => runner.run(), progress);
  const summary = runner.summary();
  const { done, failed, pending, total } = summary.counts;
  reportFailures(runner.rows.filter((row) => row.status === 'failed'), io, say);
  if (failure) say(failure.message);
  const stopped = summary.state === 'cancelled' ? `, stopped with ${pending} to go (continue with --resume)` : '';
  say(`${done} of ${total} written, ${failed} failed${stopped} ${elapsedText(summary, counts.done)} → ${outDir}`);
  if (summary.changes) say(changesLine(summary.changes, runner.rows, io));
  say(`manifest: ${runner.manifestPath}`);
  return failed > 0 || pending > 0 || failure ? 1 : 0;
}
