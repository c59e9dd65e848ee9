// `openscraper crawl`: a site from one URL into a folder, with the batch's progress bar, Ctrl+C and
// summary; robots.txt's refusals are counted apart from failures; an update ends with what changed.
import { resolve } from 'node:path';
import { BatchError } from '../batch/runner';
import { CrawlError, Crawler } from '../crawl/crawler';
import { changesLine, elapsedText, noteFailures, plural, type ProgressHolder, reportFailures, runWithProgress } from './batch-report';
import { CRAWL_USAGE, type CrawlCliOptions, parseCrawlCli } from './crawl-args';
import { UsageError } from './flags';
import type { CliIo } from './run';

export async function runCrawlCli(argv: string[], io: CliIo): Promise<number> {
  let options: CrawlCliOptions;
  try {
    options = parseCrawlCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`openscraper crawl: ${error.message}\n${CRAWL_USAGE}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(`${CRAWL_USAGE}\n`);
    return 0;
  }
  const say = (text: string) => io.stderr.write(`openscraper crawl: ${text}\n`);
  const outDir = resolve(options.output);
  const progress: ProgressHolder = {};
  let crawler: Crawler;
  try {
    crawler = await Crawler.open({
      ...options.settings,
      start: options.start ?? '',
      outDir,
      resume: options.resume,
      update: options.update,
      maxDepth: options.maxDepth,
      maxPages: options.maxPages,
      prefix: options.prefix,
      include: options.include,
      exclude: options.exclude,
      sitemaps: options.sitemaps,
      scrape: { userAgent: options.userAgent, waitFor: options.waitFor, extraWaitMs: options.extraWaitMs, convert: { mode: options.articleMode ? 'article' : 'default', rules: options.rules, budget: options.budget } },
      onRow: noteFailures(progress),
      onNotice: (text) => say(`sitemap ${text}`),
    });
  } catch (error) {
    if (!(error instanceof BatchError || error instanceof CrawlError)) throw error;
    say(`${error.message}${error instanceof BatchError && !options.resume && !options.update ? ' (--resume continues it, --update re-exports it)' : ''}`);
    return 2;
  }
  const runner = crawler.batch;
  const before = runner.counts();
  if (options.resume && before.done + before.failed > 0) say(`resuming: ${before.done} written, ${before.failed} to try again, ${before.pending} to go`);
  if (options.update) say(`updating ${plural(before.total, 'page')} in ${outDir}`);

  let robotsSkipped = 0;
  let capped = false;
  const failure = await runWithProgress(runner, io, async () => ({ robotsSkipped, capped } = await crawler.run()), progress);
  const summary = runner.summary();
  const { done, pending, total } = summary.counts;
  const failedRows = runner.rows.filter((row) => row.status === 'failed' && row.error?.code !== 'robots' && row.change !== 'gone');
  reportFailures(failedRows, io, say);
  if (failure) say(failure.message);
  if (capped) say(`${plural(runner.rows.length, 'URL')} taken, the most --max-pages allows: links beyond them were not followed`);
  const stopped = summary.state === 'cancelled' ? `, stopped with ${pending} to go (continue with --resume)` : '';
  const skipped = robotsSkipped > 0 ? `, ${robotsSkipped} skipped by robots.txt` : '';
  say(`${done} of ${plural(total, 'page')} written, ${failedRows.length} failed${skipped}${stopped} ${elapsedText(summary, before.done + before.failed)} → ${outDir}`);
  if (summary.changes) say(changesLine(summary.changes, runner.rows, io));
  say(`manifest: ${runner.manifestPath}`);
  return failedRows.length > 0 || pending > 0 || failure ? 1 : 0;
}
