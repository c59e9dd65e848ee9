// What `batch` and `crawl` share on the command line: running the batch with a progress bar on a
// terminal and Ctrl+C stopping it cleanly, then the failures (the first few) and a summary line.
import type { BatchRow, PageChange } from '../../shared/batch';
import { formatDuration } from '../../shared/duration';
import type { BatchRunner, BatchSummary } from '../batch/runner';
import { formatMs } from '../loaders/source';
import { ProgressBar } from './progress-bar';
import type { CliIo } from './run';

const MAX_LISTED_FAILURES = 10;

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The progress bar while it runs: failures are noted above it as they come. */
export interface ProgressHolder {
  bar?: ProgressBar;
}

/** A runner's onRow that notes each failure above the progress bar (when there is one). */
export function noteFailures(holder: ProgressHolder): (row: BatchRow) => void {
  return (row) => {
    if (row.status === 'failed' && holder.bar) holder.bar.note(`failed: ${row.url}: ${row.error?.message ?? ''}`);
  };
}

/** Runs `run` (the batch's run, or a crawl's) to its end; resolves with the error that stopped it, if any. The runner is closed. */
export async function runWithProgress(runner: BatchRunner, io: CliIo, run: () => Promise<unknown>, holder: ProgressHolder = {}): Promise<Error | undefined> {
  let bar: ProgressBar | undefined;
  const stop = () => runner.cancel();
  io.signal?.addEventListener('abort', stop, { once: true });
  if (io.stderr.isTTY === true) {
    bar = new ProgressBar(io.stderr, () => ({ counts: runner.counts(), pagesPerSecond: runner.pagesPerSecond(), etaMs: runner.etaMs(), paused: runner.state === 'paused' }));
    bar.start();
    holder.bar = bar;
  }
  try {
    await run();
    return undefined;
  } catch (error) {
    return error as Error;
  } finally {
    bar?.stop();
    holder.bar = undefined;
    io.signal?.removeEventListener('abort', stop);
    await runner.close();
  }
}

/** "N URLs failed:" and the first few, one line each. */
export function reportFailures(rows: readonly BatchRow[], io: CliIo, say: (text: string) => void, heading = 'failed'): void {
  if (rows.length === 0) return;
  say(`${plural(rows.length, 'URL')} ${heading}:`);
  for (const row of rows.slice(0, MAX_LISTED_FAILURES)) io.stderr.write(`  ${row.url}: ${row.error?.message ?? 'failed'}\n`);
  if (rows.length > MAX_LISTED_FAILURES) io.stderr.write(`  … and ${rows.length - MAX_LISTED_FAILURES} more (see the manifest)\n`);
}

/** An update's summary, "N new, N changed, N unchanged, N gone"; the files new, changed and gone are listed first, one a line. */
export function changesLine(changes: Record<PageChange, number>, rows: readonly BatchRow[], io: CliIo): string {
  for (const row of rows) if (row.change === 'new' || row.change === 'changed' || row.change === 'gone') io.stderr.write(`  ${row.change}: ${row.file ?? row.url}\n`);
  return `${changes.new} new, ${changes.changed} changed, ${changes.unchanged} unchanged, ${changes.gone} gone`;
}

/** The time and rate part of the summary: "in 3.2 s (12.5 pages/s)". */
export function elapsedText(summary: BatchSummary, finishedBefore: number): string {
  const { done, failed } = summary.counts;
  const rate = summary.elapsedMs > 0 ? ((done + failed - finishedBefore) / summary.elapsedMs) * 1000 : 0;
  return `in ${summary.elapsedMs >= 60_000 ? formatDuration(summary.elapsedMs) : formatMs(summary.elapsedMs)} (${rate.toFixed(1)} pages/s)`;
}
