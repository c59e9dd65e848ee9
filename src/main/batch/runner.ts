// The batch runner: URLs in, a folder of Markdown files and a manifest out, with nothing lost. It
// wires four parts — the journal-backed state (store.ts), a queue (queue.ts; the host scheduler by
// default), the page fetcher (fetch-page.ts) and the page writer (page-writer.ts) — and does what
// is left: each URL the queue starts is fetched, retried when that may help, written, and its
// outcome recorded before the runner moves on. URLs can be added while it runs; a killed run
// resumes where it stopped, without redoing or duplicating. On the way each page passes robots.txt
// (robots.ts, with its Crawl-delay: host-gate.ts), its site's template (site-template.ts) and the
// check that it is the page (suspect.ts); an update (--update) asks for it conditionally and leaves
// a page whose Markdown did not change alone.
import { createHash } from 'node:crypto';
import { BATCH_DEFAULTS, type BatchCounts, type BatchRow, type BatchSettings, type BatchState, type PageChange } from '../../shared/batch';
import type { SiteTemplate } from '../../shared/core/types';
import type { ConvertedPage, FailedPage } from '../../shared/page';
import type { ScrapeOptions } from '../../shared/options/scrape';
import { keepPathsFor, type SiteKeeps } from '../../shared/site-keeps';
import type { PageSource } from '../loaders/source';
import { convertRaw } from '../services/conversion';
import type { ConversionIsolation } from '../services/conversion';
import { type PageFetcher, scraperFetcher } from './fetch-page';
import { HostGate } from './host-gate';
import { JournalError } from './journal';
import { checkTemplate } from './names';
import { PageWriter } from './page-writer';
import type { BatchQueue, Job, QueueFactory } from './queue';
import { RateMeter } from './rate';
import { decideRetry, DEFAULT_RETRY, type RetryPolicy } from './retry';
import { RetryAfterObserver } from './retry-after';
import { RobotsRules } from './robots';
import { HostScheduler } from './scheduler';
import { type PageSourceHtml, TemplateLearner } from './site-template';
import { BatchError, BatchStore } from './store';
import { suspectPage } from './suspect';

export { BatchError };

export interface RunnerOptions extends Partial<BatchSettings> {
  /** The folder the files go to (created if missing). */
  outDir: string;
  /** Continue the batch already in `outDir` (its journal, else its index.json). */
  resume?: boolean;
  /**
   * Update the export in `outDir`: every page again, asked for conditionally (ETag, Last-Modified);
   * a page whose Markdown is the same is not rewritten; pages answering 404 or 410 are marked gone.
   */
  update?: boolean;
  /** robots.txt as read for this run (a crawl shares its own); one is made when the settings honour robots.txt. */
  robotsRules?: RobotsRules;
  /** Each page that converted and will be written (a crawl takes its links); awaited before it is written. */
  onPage?: (row: BatchRow, page: ConvertedPage) => Promise<void> | void;
  /** Further Scraper options (user agent, wait-for, rule categories, …). */
  scrape?: ScrapeOptions;
  /** Elements kept on every page of a site: added to `scrape.convert.keep.paths` for its pages. */
  siteKeeps?: SiteKeeps;
  /** Renders pages for the runner's Scraper (the app's hidden window, asked from the batch's thread). */
  renderer?: PageSource;
  /** How pages are got: the batch's own Scraper by default. */
  fetcher?: (options: ScrapeOptions & { timeoutMs: number }) => PageFetcher;
  /** Where jobs wait: the host scheduler by default. */
  queue?: QueueFactory;
  /** Where the batch's Scraper reads PDFs and converts pages (default: the process's shared pools). */
  isolation?: ConversionIsolation;
  retry?: Partial<Omit<RetryPolicy, 'retries'>>;
  manifestIntervalMs?: number;
  onRow?: (row: BatchRow) => void;
  onState?: (state: BatchState) => void;
}

export interface BatchSummary {
  state: BatchState;
  counts: BatchCounts;
  /** In an update: how many pages are new, changed, unchanged and gone. */
  changes?: Record<PageChange, number>;
  elapsedMs: number;
  outDir: string;
  manifest: string;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/** The options that were given (an explicit undefined must not hide a default). */
function givenSettings(options: RunnerOptions): Partial<BatchSettings> {
  return Object.fromEntries(Object.keys(BATCH_DEFAULTS).flatMap((key) => (options[key as keyof BatchSettings] === undefined ? [] : [[key, options[key as keyof BatchSettings]]])));
}

export class BatchRunner {
  private readonly writer: PageWriter;
  private readonly fetcher: PageFetcher;
  private readonly rate = new RateMeter();
  private readonly observer = new RetryAfterObserver();
  private readonly policy: RetryPolicy;
  private readonly controllers = new Set<AbortController>();
  private readonly robots: RobotsRules | undefined;
  private readonly gate = new HostGate();
  private readonly convertOptions: NonNullable<ScrapeOptions['convert']>;
  private learner: TemplateLearner | undefined;
  /** URLs being added (recorded, then queued): a run is over only when none is on its way. */
  private readonly additions = new Set<Promise<unknown>>();
  private queue: BatchQueue | undefined;
  private current: BatchState = 'idle';
  private cancelled = false;
  private fatal: Error | undefined;
  private runStarted = 0;
  /** The first run after opening tries failed rows again (a resumed batch); later runs only what retry() put back. */
  private firstRun = true;

  private constructor(
    private readonly options: RunnerOptions,
    private readonly store: BatchStore,
  ) {
    this.policy = { ...DEFAULT_RETRY, ...options.retry, retries: this.settings.retries };
    this.writer = new PageWriter(options.outDir, this.settings, store, () => store.rows.length, options.scrape?.userAgent);
    const scrape = options.scrape ?? {};
    const pageOptions = { ...scrape, render: this.settings.render, timeoutMs: this.settings.timeoutMs, convert: { ...scrape.convert, frontMatter: this.settings.frontMatter } };
    this.convertOptions = pageOptions.convert;
    this.robots = this.settings.robots ? (options.robotsRules ?? new RobotsRules(scrape.userAgent)) : undefined;
    this.fetcher = options.fetcher?.(pageOptions) ?? scraperFetcher(pageOptions, { renderer: options.renderer, siteKeeps: options.siteKeeps, isolation: options.isolation });
  }

  /**
   * Prepares a batch in `options.outDir`: a new one for `urls`, or (with `resume`) the one there,
   * plus any of `urls` it does not have yet. Refuses a folder that holds a batch unless resuming.
   */
  static async open(urls: readonly string[], options: RunnerOptions): Promise<BatchRunner> {
    const settings: BatchSettings = { ...BATCH_DEFAULTS, ...givenSettings(options) };
    checkTemplate(settings.nameTemplate);
    const store = await BatchStore.open(urls, { root: options.outDir, settings, resume: options.resume, update: options.update, manifestIntervalMs: options.manifestIntervalMs, onRow: options.onRow });
    const runner = new BatchRunner(options, store);
    if (settings.siteTemplate) runner.learner = await TemplateLearner.open(options.outDir, (page, template) => runner.reconvert(page, template));
    return runner;
  }

  get rows(): readonly BatchRow[] {
    return this.store.rows;
  }

  get settings(): BatchSettings {
    return this.store.settings;
  }

  get state(): BatchState {
    return this.current;
  }

  get outDir(): string {
    return this.options.outDir;
  }

  get manifestPath(): string {
    return this.store.manifestPath;
  }

  counts(): BatchCounts {
    return this.store.counts();
  }

  /** Pages per second lately. */
  pagesPerSecond(): number {
    return this.rate.rate();
  }

  etaMs(): number | undefined {
    const counts = this.counts();
    return this.rate.etaMs(counts.pending + counts.running);
  }

  /** Runs until every URL is done or failed, or until cancelled. Can run again afterwards (after retry()). */
  async run(): Promise<BatchSummary> {
    if (this.current === 'running' || this.current === 'paused' || this.current === 'cancelling') throw new BatchError('the batch is running already');
    this.cancelled = false;
    this.fatal = undefined;
    this.runStarted = performance.now();
    this.observer.start();
    const limits = { concurrency: this.settings.concurrency, perHost: this.settings.perHost, delayMs: this.settings.delayMs };
    const start = (job: Job) => this.process(job);
    const queue = this.options.queue?.(limits, start) ?? new HostScheduler(limits, start);
    this.queue = queue;
    this.setState('running');
    this.rate.start();
    try {
      for (const row of this.store.rows) {
        if (row.status === 'failed' && this.firstRun && this.retriesOnResume(row)) this.store.reset(row, row.error?.code === 'budget');
        if (row.status === 'pending') queue.add(jobOf(row));
      }
      this.firstRun = false;
      for (;;) {
        await queue.whenIdle();
        if (this.additions.size === 0) break;
        await Promise.allSettled([...this.additions]);
      }
      if (!this.cancelled) await this.rewriteSampled();
    } finally {
      this.queue = undefined;
      this.observer.stop();
      await this.fetcher.close();
      await this.store.flush();
    }
    this.setState(this.cancelled ? 'cancelled' : 'finished');
    // Set by stop() while the pages ran (TypeScript cannot see that across the await).
    const fatal = this.fatal as Error | undefined;
    if (fatal) throw new BatchError(`the batch stopped: ${fatal.message}`, { cause: fatal });
    return this.summary();
  }

  /** More URLs (a crawl found them): recorded, and queued at once when running; those the batch has are left out. */
  async add(urls: readonly string[]): Promise<number> {
    const adding = this.store.add(urls).then((added) => {
      if (this.queue && !this.cancelled) for (const row of added) this.queue.add(jobOf(row));
      return added.length;
    });
    this.additions.add(adding);
    try {
      return await adding;
    } finally {
      this.additions.delete(adding);
    }
  }

  pause(): void {
    if (this.current !== 'running') return;
    this.queue?.pause();
    this.rate.pause();
    this.setState('paused');
  }

  resume(): void {
    if (this.current !== 'paused') return;
    this.rate.resume();
    this.setState('running');
    this.queue?.resume();
  }

  /** Stops: nothing new starts, pages in progress are abandoned (they stay pending, for a later resume). */
  cancel(): void {
    if (this.current !== 'running' && this.current !== 'paused') return;
    this.cancelled = true;
    this.setState('cancelling');
    for (const job of this.queue?.drain() ?? []) this.store.unqueue(this.store.rows[job.index]);
    for (const controller of this.controllers) controller.abort();
    this.queue?.resume(); // paused work must still wind down
  }

  /** Failed rows (all, or those listed) go back in the queue; while running they start at once. */
  retry(indices?: readonly number[]): number {
    const wanted = indices ? new Set(indices) : undefined;
    let count = 0;
    for (const row of this.store.rows) {
      if (row.status !== 'failed' || (wanted && !wanted.has(row.index))) continue;
      this.store.reset(row);
      count++;
      if (this.queue && !this.cancelled) this.queue.add(jobOf(row));
    }
    return count;
  }

  /** Writes the manifest and closes the journal. */
  async close(): Promise<void> {
    await this.store.close();
    await this.fetcher.close();
  }

  summary(): BatchSummary {
    const summary: BatchSummary = { state: this.current, counts: this.counts(), elapsedMs: performance.now() - this.runStarted, outDir: this.options.outDir, manifest: this.manifestPath };
    if (this.store.updating) {
      const changes: Record<PageChange, number> = { new: 0, changed: 0, unchanged: 0, gone: 0 };
      for (const row of this.store.rows) if (row.change) changes[row.change]++;
      summary.changes = changes;
    }
    return summary;
  }

  private setState(state: BatchState): void {
    this.current = state;
    this.options.onState?.(state);
  }

  /**
   * Whether a resumed batch tries a failed row again. A page that exhausted its budget (ran out of
   * memory or time in its worker, which was stopped) would most likely do it again: it is tried again
   * only while it has failed no more often than the retry count allows, over all runs.
   */
  private retriesOnResume(row: BatchRow): boolean {
    return row.error?.code !== 'budget' || row.attempts <= this.settings.retries;
  }

  private async process(job: Job): Promise<void> {
    const row = this.store.rows[job.index];
    if (this.cancelled) return;
    const controller = new AbortController();
    this.controllers.add(controller);
    const started = performance.now();
    if (job.attempts !== undefined && job.attempts > row.attempts) row.attempts = job.attempts;
    this.store.start(row);
    try {
      if (this.robots) {
        const verdict = await this.robots.check(row.url);
        if (!verdict.allowed) return await this.refused(row, { code: 'robots', message: verdict.reason ?? 'disallowed by robots.txt' }, started);
        if (!(await this.gate.wait(job.host, await this.robots.crawlDelayMs(row.url), controller.signal))) return this.store.abandon(row);
      }
      const previous = this.store.previousOf(row.index);
      const template = this.learner?.templateFor(row.url);
      const fetched = await this.fetcher.fetch(row.url, controller.signal, { conditional: previous?.validators, siteTemplate: template });
      if (this.cancelled) return this.store.abandon(row);
      if (!fetched.ok) {
        if (previous && fetched.error.code === 'not-modified') return await this.unchanged(row, previous, fetched, started);
        if (previous && (fetched.source.status === 404 || fetched.source.status === 410)) return await this.refused(row, fetched.error, started, previous, fetched.source.status);
        return await this.failedAttempt(row, job, fetched, started);
      }
      const page = this.learner ? await this.learner.take(row.index, row.url, fetched, template) : fetched;
      const suspect = this.settings.keepSuspect ? undefined : suspectPage(page);
      if (suspect) return await this.refused(row, suspect, started, undefined, page.source.status);
      await this.options.onPage?.(row, page);
      const hash = createHash('sha256').update(page.result.markdown).digest('hex');
      if (previous && previous.hash === hash) return await this.unchanged(row, previous, page, started);
      try {
        await this.write(row, page, controller.signal, started, hash, this.store.updating ? (previous ? 'changed' : 'new') : undefined);
      } catch (error) {
        if (this.cancelled || error instanceof JournalError) throw error;
        // This page's files could not be written (a name the file system refuses, no permission): it fails, the batch goes on.
        row.ms = (row.ms ?? 0) + (performance.now() - started);
        await this.store.failed(row, { code: 'internal', message: `could not write the files: ${(error as Error).message}` });
        this.rate.record();
      }
    } catch (error) {
      if (this.cancelled) return this.store.abandon(row);
      // The journal cannot be written (disk full, folder gone): nothing could be kept, so stop.
      this.stop(error as Error);
      this.store.abandon(row);
    } finally {
      this.controllers.delete(controller);
    }
  }

  /** The journal or the folder is broken: everything stops, and run() says why. */
  private stop(error: Error): void {
    this.fatal ??= error;
    this.cancel();
  }

  private async failedAttempt(row: BatchRow, job: Job, page: FailedPage, started: number): Promise<void> {
    row.ms = (row.ms ?? 0) + (performance.now() - started);
    row.httpStatus = page.source.status;
    row.error = page.error;
    const askedDelay = row.httpStatus === 429 || row.httpStatus === 503 ? this.observer.take(row.url) : undefined;
    const decision = decideRetry({ error: page.error, status: row.httpStatus }, row.attempts, this.policy, askedDelay);
    if (decision.retry) {
      if (decision.hostWide) this.queue?.holdHost(job.host, Date.now() + decision.delayMs);
      this.store.retrying(row);
      this.queue?.addLater(job, decision.delayMs);
      return;
    }
    const error = decision.reason ? { code: page.error.code, message: `${page.error.message}; ${decision.reason}` } : page.error;
    await this.store.failed(row, error);
    this.rate.record();
  }

  private async write(row: BatchRow, page: ConvertedPage, signal: AbortSignal, started: number, hash: string, change: PageChange | undefined): Promise<void> {
    const written = await this.writer.write(row, page, signal);
    row.ms = (row.ms ?? 0) + (performance.now() - started);
    await this.store.done(row, { base: written.base, finalUrl: page.source.finalUrl, httpStatus: page.source.status, title: page.result.metadata.title, bytes: written.bytes, images: written.images, hash, validators: page.source.validators, change });
    this.rate.record();
  }

  /** A final failure decided here, not retried: robots.txt, a suspect page, a page gone in an update. */
  private async refused(row: BatchRow, error: FailedPage['error'], started: number, gone?: Readonly<BatchRow>, status?: number): Promise<void> {
    row.ms = (row.ms ?? 0) + (performance.now() - started);
    row.httpStatus = status;
    await this.store.failed(row, error, gone);
    this.rate.record();
  }

  /** In an update: the page is as the last export has it (304, or the same Markdown): nothing is written. */
  private async unchanged(row: BatchRow, previous: Readonly<BatchRow>, page: { source: { status?: number; validators?: BatchRow['validators'] } }, started: number): Promise<void> {
    row.ms = (row.ms ?? 0) + (performance.now() - started);
    await this.store.unchanged(row, previous, { httpStatus: page.source.status, validators: page.source.validators });
    this.rate.record();
  }

  /** A page's HTML converted again with its site's template (the sampled pages, once it is learned), where pages are converted (a page worker by default). */
  private async reconvert(page: PageSourceHtml, template: SiteTemplate): Promise<ConvertedPage> {
    const url = page.source.finalUrl ?? page.source.url;
    const paths = keepPathsFor(url, this.options.siteKeeps, this.convertOptions.keep?.paths);
    const options = { ...this.convertOptions, url, siteTemplate: template, ...(paths.length > 0 ? { keep: { ...this.convertOptions.keep, paths } } : {}) };
    // Loading's warnings (an app shell, a busy network) stand before the core's.
    const loading = page.warnings.filter((warning) => !['loss', 'flattened', 'invalid-url'].includes(warning.code));
    const { result } = await convertRaw({ html: page.originalHtml, contentType: 'text/html', options, rendered: page.source.rendered === true, shellCheck: false, warnings: loading }, new AbortController().signal, undefined, this.options.isolation);
    return { ok: true, source: page.source, originalHtml: page.originalHtml, result };
  }

  /** The run is over: sampled pages that their site's template changes are written again, in place. */
  private async rewriteSampled(): Promise<void> {
    if (!this.learner) return;
    for (const { index, page } of await this.learner.finish()) {
      const row = this.store.rows[index];
      if (row.status !== 'done' || row.change === 'unchanged') continue;
      try {
        const written = await this.writer.rewrite(row, page, new AbortController().signal);
        const hash = createHash('sha256').update(page.result.markdown).digest('hex');
        await this.store.done(row, { base: written.base, finalUrl: row.finalUrl, httpStatus: row.httpStatus, title: row.title, bytes: written.bytes, images: written.images, hash, validators: row.validators, change: row.change });
      } catch (error) {
        if (error instanceof JournalError) throw error;
        // The file as first written stays (with the template): better than none.
      }
    }
  }
}

function jobOf(row: BatchRow): Job {
  return { index: row.index, host: hostOf(row.url) };
}
