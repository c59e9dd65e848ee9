// The batch runner: URLs in, a folder of Markdown files and a manifest out, with nothing lost.
// Each URL goes through the Scraper (one per runner, so rendering reuses one browser), is retried
// when that may help, and once converted is written (atomically, under a name no other page has)
// and dropped — only a small row per URL stays in memory. Every outcome is in the journal before
// the runner moves on, so a killed run resumes where it stopped, without redoing or duplicating.
import { access, mkdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { BATCH_DEFAULTS, type BatchCounts, type BatchRow, type BatchRowStatus, type BatchSettings, type BatchState } from '../../shared/batch';
import type { Page, ScrapeError, ScrapeOptions } from '../../shared/page';
import { keepPathsFor, type SiteKeeps } from '../../shared/site-keeps';
import { Scraper, type ScraperIsolation } from '../services/scraper';
import { NameTakenError, resetTempDir, writeAtomic } from './atomic-files';
import { deadline } from './deadline';
import { localiseImages } from './images';
import { type DoneEntry, type FailedEntry, Journal, type JournalEntry, JournalError, type JournalState, readJournal, type StoredSettings } from './journal';
import { MANIFEST_FILES, ManifestWriter, parseManifestJson } from './manifest';
import { checkTemplate, insideRoot, NameRegistry, namesFor, renderName, type ReservedName } from './names';
import { RateMeter } from './rate';
import { decideRetry, DEFAULT_RETRY, type RetryPolicy } from './retry';
import { RetryAfterObserver } from './retry-after';
import { HostScheduler, type Job } from './scheduler';

/** Loads and converts one page; must not throw (a failed Page says why). */
export type FetchPage = (url: string, signal: AbortSignal, options: ScrapeOptions) => Promise<Page>;

export interface RunnerOptions extends Partial<BatchSettings> {
  /** The folder the files go to (created if missing). */
  outDir: string;
  /** Continue the batch already in `outDir` (its journal, else its index.json). */
  resume?: boolean;
  /** Further Scraper options (user agent, wait-for, rule categories, …). */
  scrape?: ScrapeOptions;
  /** Elements kept on every page of a site: added to `scrape.convert.keep.paths` for its pages. */
  siteKeeps?: SiteKeeps;
  /** Instead of the runner's own Scraper (the app renders in its own window). */
  fetchPage?: FetchPage;
  /** Where the runner's Scraper reads and converts pages (default: the process's shared pools). */
  isolation?: ScraperIsolation;
  retry?: Partial<Omit<RetryPolicy, 'retries'>>;
  manifestIntervalMs?: number;
  onRow?: (row: BatchRow) => void;
  onState?: (state: BatchState) => void;
}

export interface BatchSummary {
  state: BatchState;
  counts: BatchCounts;
  elapsedMs: number;
  outDir: string;
  manifest: string;
}

/** The runner's own limit comes this long after the Scraper's, which should end the page first. */
const TIMEOUT_GRACE_MS = 250;

export class BatchError extends Error {
  override readonly name = 'BatchError';
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function storedSettings(settings: BatchSettings): StoredSettings {
  const { nameTemplate, manifest, frontMatter, cleanedHtml, images, overwrite } = settings;
  return { nameTemplate, manifest, frontMatter, cleanedHtml, images, overwrite };
}

/** A batch rebuilt from an index.json when the journal is gone: done rows stay done. */
async function stateFromManifest(root: string, settings: BatchSettings): Promise<JournalState | undefined> {
  const path = join(root, MANIFEST_FILES.json);
  if (!(await exists(path))) return undefined;
  const rows = parseManifestJson(await readFile(path, 'utf8'));
  const state: JournalState = { settings: storedSettings(settings), created: new Date().toISOString(), urls: [], outcomes: new Map(), claims: new Map() };
  for (const row of rows) {
    const i = row.index - 1;
    state.urls[i] = row.url;
    if (row.status === 'done' && row.file) {
      const base = row.file.replace(/\.md$/i, '');
      state.claims.set(i, base);
      state.outcomes.set(i, { t: 'done', i, base, finalUrl: row.finalUrl, bytes: row.bytes, ms: row.ms, attempts: row.attempts, httpStatus: row.httpStatus, title: row.title });
    }
  }
  return state;
}

function rowFromOutcome(index: number, url: string, outcome: DoneEntry | FailedEntry | undefined): BatchRow {
  if (outcome?.t === 'done') {
    const { t: _t, i: _i, base, ...rest } = outcome;
    return { index, url, status: 'done', file: `${base}.md`, ...rest, attempts: rest.attempts ?? 1 };
  }
  if (outcome?.t === 'failed') {
    const { t: _t, i: _i, ...rest } = outcome;
    return { index, url, status: 'failed', ...rest, attempts: rest.attempts ?? 1 };
  }
  return { index, url, status: 'pending', attempts: 0 };
}

export class BatchRunner {
  readonly rows: BatchRow[];
  readonly settings: BatchSettings;
  private readonly counters: Record<BatchRowStatus, number> = { pending: 0, running: 0, retrying: 0, done: 0, failed: 0 };
  private readonly names: NameRegistry;
  private readonly manifest: ManifestWriter;
  private readonly rate = new RateMeter();
  private readonly observer = new RetryAfterObserver();
  private readonly policy: RetryPolicy;
  private readonly controllers = new Set<AbortController>();
  private readonly claims: Map<number, string>;
  private scheduler: HostScheduler | undefined;
  private scraper: Scraper | undefined;
  private current: BatchState = 'idle';
  private cancelled = false;
  private fatal: Error | undefined;
  private runStarted = 0;
  /** The first run after opening tries failed rows again (a resumed batch); later runs only what retry() put back. */
  private firstRun = true;
  private readonly date = new Date();

  private constructor(
    private readonly options: RunnerOptions,
    private readonly journal: Journal,
    state: JournalState,
  ) {
    this.settings = { ...BATCH_DEFAULTS, ...definedOnly(options), ...state.settings };
    this.policy = { ...DEFAULT_RETRY, ...options.retry, retries: this.settings.retries };
    this.claims = state.claims;
    this.rows = state.urls.map((url, index) => rowFromOutcome(index, url, state.outcomes.get(index)));
    for (const row of this.rows) this.counters[row.status]++;
    this.names = new NameRegistry(options.outDir, { overwrite: this.settings.overwrite, withHtml: this.settings.cleanedHtml, withAssets: this.settings.images });
    for (const base of state.claims.values()) this.names.claim(base);
    this.manifest = new ManifestWriter(options.outDir, this.settings.manifest, () => this.manifestSnapshot(state.created), options.manifestIntervalMs);
  }

  /**
   * Prepares a batch in `options.outDir`: a new one for `urls`, or (with `resume`) the one there,
   * plus any of `urls` it does not have yet. Refuses a folder that holds a batch unless resuming.
   */
  static async open(urls: readonly string[], options: RunnerOptions): Promise<BatchRunner> {
    const root = options.outDir;
    const settings: BatchSettings = { ...BATCH_DEFAULTS, ...definedOnly(options) };
    checkTemplate(settings.nameTemplate);
    await mkdir(root, { recursive: true });
    let state = await readJournal(root);
    if (state && !options.resume) throw new BatchError(`${root} holds a batch already: resume it, or choose another folder`);
    let source: 'journal' | 'manifest' | 'new' = state ? 'journal' : 'new';
    if (!state && options.resume) {
      state = await stateFromManifest(root, settings);
      if (state) source = 'manifest';
    }
    if (!state && !settings.overwrite && (await exists(join(root, MANIFEST_FILES[settings.manifest])))) {
      throw new BatchError(`${join(root, MANIFEST_FILES[settings.manifest])} exists already: choose another folder, or allow overwriting`);
    }
    state ??= { settings: storedSettings(settings), created: new Date().toISOString(), urls: [], outcomes: new Map(), claims: new Map() };
    await resetTempDir(root);
    const journal = await Journal.open(root);
    const known = new Set(state.urls);
    const firstNew = source === 'journal' ? state.urls.length : 0;
    for (const url of urls) {
      if (known.has(url)) continue;
      known.add(url);
      state.urls.push(url);
    }
    const entries: JournalEntry[] = [];
    if (source !== 'journal') entries.push({ t: 'batch', v: 1, created: state.created, settings: state.settings });
    for (let i = firstNew; i < state.urls.length; i++) entries.push({ t: 'url', i, url: state.urls[i] });
    // Rebuilt from a manifest: the journal starts again from what it said was done.
    if (source === 'manifest') for (const outcome of state.outcomes.values()) if (outcome.t === 'done') entries.push({ t: 'claim', i: outcome.i, base: outcome.base }, outcome);
    // One line per entry, a few thousand per write.
    for (let start = 0; start < entries.length; start += 5000) await journal.append(...entries.slice(start, start + 5000));
    return new BatchRunner(options, journal, state);
  }

  get state(): BatchState {
    return this.current;
  }

  get outDir(): string {
    return this.options.outDir;
  }

  get manifestPath(): string {
    return this.manifest.path;
  }

  counts(): BatchCounts {
    const c = this.counters;
    return { total: this.rows.length, done: c.done, failed: c.failed, pending: c.pending + c.retrying, running: c.running };
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
    const scheduler = new HostScheduler(
      { concurrency: this.settings.concurrency, perHost: this.settings.perHost, delayMs: this.settings.delayMs },
      (job) => this.process(job),
    );
    this.scheduler = scheduler;
    this.setState('running');
    this.rate.start();
    try {
      for (const row of this.rows) {
        if (row.status === 'failed' && this.firstRun && this.retriesOnResume(row)) this.reset(row, row.error?.code === 'budget');
        if (row.status === 'pending') scheduler.add({ index: row.index, host: hostOf(row.url) });
      }
      this.firstRun = false;
      await scheduler.whenIdle();
    } finally {
      this.scheduler = undefined;
      this.observer.stop();
      await this.scraper?.close();
      await this.manifest.flush().catch(() => undefined);
    }
    this.setState(this.cancelled ? 'cancelled' : 'finished');
    // Set by stop() while the pages ran (TypeScript cannot see that across the await).
    const fatal = this.fatal as Error | undefined;
    if (fatal) throw new BatchError(`the batch stopped: ${fatal.message}`, { cause: fatal });
    return this.summary();
  }

  pause(): void {
    if (this.current !== 'running') return;
    this.scheduler?.pause();
    this.rate.pause();
    this.setState('paused');
  }

  resume(): void {
    if (this.current !== 'paused') return;
    this.rate.resume();
    this.setState('running');
    this.scheduler?.resume();
  }

  /** Stops: nothing new starts, pages in progress are abandoned (they stay pending, for a later resume). */
  cancel(): void {
    if (this.current !== 'running' && this.current !== 'paused') return;
    this.cancelled = true;
    this.setState('cancelling');
    for (const job of this.scheduler?.drain() ?? []) this.setStatus(this.rows[job.index], 'pending');
    for (const controller of this.controllers) controller.abort();
    this.scheduler?.resume(); // paused work must still wind down
  }

  /** Failed rows (all, or those listed) go back in the queue; while running they start at once. */
  retry(indices?: readonly number[]): number {
    const wanted = indices ? new Set(indices) : undefined;
    let count = 0;
    for (const row of this.rows) {
      if (row.status !== 'failed' || (wanted && !wanted.has(row.index))) continue;
      this.reset(row);
      count++;
      if (this.scheduler && !this.cancelled) this.scheduler.add({ index: row.index, host: hostOf(row.url) });
    }
    return count;
  }

  /** Writes the manifest and closes the journal. */
  async close(): Promise<void> {
    await this.manifest.flush().catch(() => undefined);
    await this.journal.close();
    await this.scraper?.close();
  }

  summary(): BatchSummary {
    return { state: this.current, counts: this.counts(), elapsedMs: performance.now() - this.runStarted, outDir: this.options.outDir, manifest: this.manifest.path };
  }

  private setState(state: BatchState): void {
    this.current = state;
    this.options.onState?.(state);
  }

  private setStatus(row: BatchRow, status: BatchRowStatus): void {
    this.counters[row.status]--;
    this.counters[status]++;
    row.status = status;
    this.options.onRow?.(row);
  }

  /**
   * Whether a resumed batch tries a failed row again. A page that exhausted its budget (ran out of
   * memory or time in its worker, which was stopped) would most likely do it again: it is tried again
   * only while it has failed so no more often than the retry count allows, over all runs.
   */
  private retriesOnResume(row: BatchRow): boolean {
    return row.error?.code !== 'budget' || row.attempts <= this.settings.retries;
  }

  /** Back to pending; `keepAttempts` counts the attempts of earlier runs on (see retriesOnResume). */
  private reset(row: BatchRow, keepAttempts = false): void {
    row.error = undefined;
    if (!keepAttempts) row.attempts = 0;
    row.ms = undefined;
    this.setStatus(row, 'pending');
  }

  private scrapeOptions(url: string): ScrapeOptions {
    const scrape = this.options.scrape ?? {};
    const convert = { ...scrape.convert, frontMatter: this.settings.frontMatter };
    const paths = keepPathsFor(url, this.options.siteKeeps, convert.keep?.paths);
    if (paths.length > 0) convert.keep = { ...convert.keep, paths };
    return { ...scrape, render: this.settings.render, timeoutMs: this.settings.timeoutMs, convert };
  }

  private async fetch(url: string, signal: AbortSignal): Promise<Page> {
    const options = this.scrapeOptions(url);
    // The Scraper bounds loading by the time allowed (with a timer Node 20 cannot lose, see
    // deadline.ts) and converting by the page's budget, in a worker that is stopped when it runs
    // away: a page that exhausts it fails alone. A slow conversion on a busy machine is no timeout.
    if (!this.options.fetchPage) {
      this.scraper ??= new Scraper({}, this.options.isolation);
      return await this.scraper.scrape(url, { ...options, signal });
    }
    const limit = deadline(this.settings.timeoutMs + TIMEOUT_GRACE_MS, signal);
    try {
      return await this.options.fetchPage(url, limit.signal, options);
    } finally {
      limit.clear();
    }
  }

  private async process(job: Job): Promise<void> {
    const row = this.rows[job.index];
    if (this.cancelled) return;
    const controller = new AbortController();
    this.controllers.add(controller);
    const started = performance.now();
    row.attempts++;
    this.setStatus(row, 'running');
    try {
      const page = await this.fetch(row.url, controller.signal).catch((error: unknown): Page => failedPage(row.url, { code: 'internal', message: String((error as Error)?.message ?? error) }));
      if (this.cancelled) return this.abandon(row);
      if (!page.ok) return await this.failedAttempt(row, job, page, started);
      try {
        await this.write(row, page, controller.signal, started);
      } catch (error) {
        if (this.cancelled || error instanceof JournalError) throw error;
        // This page's files could not be written (a name the file system refuses, no permission): it fails, the batch goes on.
        row.ms = (row.ms ?? 0) + (performance.now() - started);
        await this.recordFailure(row, { code: 'internal', message: `could not write the files: ${(error as Error).message}` });
      }
    } catch (error) {
      if (this.cancelled) return this.abandon(row);
      // The journal cannot be written (disk full, folder gone): nothing could be kept, so stop.
      this.stop(error as Error);
      this.abandon(row);
    } finally {
      this.controllers.delete(controller);
    }
  }

  private async recordFailure(row: BatchRow, error: ScrapeError): Promise<void> {
    row.error = error;
    await this.journal.append({ t: 'failed', i: row.index, error, attempts: row.attempts, ms: Math.round(row.ms ?? 0), httpStatus: row.httpStatus });
    this.rate.record();
    this.setStatus(row, 'failed');
    this.manifest.changed();
  }

  /** Cancelled mid-way: back to pending, with nothing recorded. */
  private abandon(row: BatchRow): void {
    row.attempts = Math.max(0, row.attempts - 1);
    this.setStatus(row, 'pending');
  }

  /** The journal or the folder is broken: everything stops, and run() says why. */
  private stop(error: Error): void {
    this.fatal ??= error;
    this.cancel();
  }

  private async failedAttempt(row: BatchRow, job: Job, page: Page, started: number): Promise<void> {
    row.ms = (row.ms ?? 0) + (performance.now() - started);
    row.httpStatus = page.status;
    row.error = page.error;
    const askedDelay = page.status === 429 || page.status === 503 ? this.observer.take(row.url) : undefined;
    const decision = decideRetry(page, row.attempts, this.policy, askedDelay);
    if (decision.retry) {
      if (decision.hostWide) this.scheduler?.holdHost(job.host, Date.now() + decision.delayMs);
      this.setStatus(row, 'retrying');
      this.scheduler?.addLater(job, decision.delayMs);
      return;
    }
    const error = decision.reason ? { code: page.error?.code ?? 'http-status', message: `${page.error?.message ?? 'failed'}; ${decision.reason}` } : (page.error ?? { code: 'internal' as const, message: 'failed' });
    await this.recordFailure(row, error);
  }

  private async write(row: BatchRow, page: Page, signal: AbortSignal, started: number): Promise<void> {
    let name: ReservedName;
    let replace: boolean;
    const claimed = this.claims.get(row.index);
    if (claimed !== undefined) {
      // A previous run claimed this name and was killed before finishing: its files are ours to replace.
      name = namesFor(claimed);
      replace = true;
    } else {
      const { folders, stem } = renderName(this.settings.nameTemplate, { url: row.url, finalUrl: page.finalUrl, title: page.title, index: row.index, total: this.rows.length, date: this.date });
      name = await this.names.reserve(folders, stem);
      replace = this.settings.overwrite;
    }
    let written: { bytes: number; images?: BatchRow['images'] };
    for (let tries = 0; ; tries++) {
      await this.journal.append({ t: 'claim', i: row.index, base: name.base });
      this.claims.set(row.index, name.base);
      try {
        written = await this.writeFiles(name, page, replace, signal);
        break;
      } catch (error) {
        if (!(error instanceof NameTakenError) || tries >= 5) throw error;
        // A file of that name appeared meanwhile (another program): take the next free name.
        const { folders, stem } = renderName(this.settings.nameTemplate, { url: row.url, finalUrl: page.finalUrl, title: page.title, index: row.index, total: this.rows.length, date: this.date });
        name = await this.names.reserve(folders, stem);
      }
    }
    row.ms = (row.ms ?? 0) + (performance.now() - started);
    Object.assign(row, { file: name.markdown, finalUrl: page.finalUrl, httpStatus: page.status, title: page.title, bytes: written.bytes, images: written.images, error: undefined });
    await this.journal.append({ t: 'done', i: row.index, base: name.base, finalUrl: row.finalUrl, bytes: row.bytes, ms: Math.round(row.ms), attempts: row.attempts, httpStatus: row.httpStatus, title: row.title, images: row.images });
    this.claims.delete(row.index);
    this.rate.record();
    this.setStatus(row, 'done');
    this.manifest.changed();
  }

  /** Images, then the cleaned HTML, then the Markdown (last: its presence means the page is complete). */
  private async writeFiles(name: ReservedName, page: Page, replace: boolean, signal: AbortSignal): Promise<{ bytes: number; images?: BatchRow['images'] }> {
    const root = this.options.outDir;
    let markdown = page.markdown;
    let images: BatchRow['images'];
    if (this.settings.images) {
      const result = await localiseImages(markdown, { root, assetsDir: insideRoot(root, name.assets), assetsName: basename(name.assets), signal, timeoutMs: this.settings.timeoutMs, userAgent: this.options.scrape?.userAgent });
      markdown = result.markdown;
      if (result.saved + result.failed > 0) images = { saved: result.saved, failed: result.failed };
    }
    const written: string[] = [];
    try {
      if (this.settings.cleanedHtml) {
        await writeAtomic(root, insideRoot(root, name.html), page.cleanedHtml, replace);
        written.push(insideRoot(root, name.html));
      }
      await writeAtomic(root, insideRoot(root, name.markdown), markdown, replace);
    } catch (error) {
      if (error instanceof NameTakenError) for (const path of written) await rm(path, { force: true });
      throw error;
    }
    return { bytes: Buffer.byteLength(markdown), images };
  }

  private manifestSnapshot(created: string) {
    return { rows: this.rows, header: { created, updated: new Date().toISOString(), finished: this.counts().pending + this.counts().running === 0, counts: this.counts() } };
  }
}

function failedPage(url: string, error: ScrapeError): Page {
  return { ok: false, url, markdown: '', text: '', cleanedHtml: '', originalHtml: '', removed: [], metadata: {}, warnings: [], error };
}

/** The options that were given (an explicit undefined must not hide a default). */
function definedOnly(options: RunnerOptions): Partial<BatchSettings> {
  const keys: Array<keyof BatchSettings> = ['concurrency', 'perHost', 'delayMs', 'retries', 'timeoutMs', 'render', 'nameTemplate', 'frontMatter', 'cleanedHtml', 'images', 'overwrite', 'manifest'];
  return Object.fromEntries(keys.filter((key) => options[key] !== undefined).map((key) => [key, options[key]])) as Partial<BatchSettings>;
}
