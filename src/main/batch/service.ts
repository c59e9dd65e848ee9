// Batch export for the app (Electron and the web bridge): reading URL lists and sitemaps, folders
// chosen by the user (the renderer only ever holds an id for them), starting a run in the batch
// worker, and progress by long poll — each row carries the version of its last change, so a poll
// returns just the rows changed since the caller's cursor, 10,000 URLs or not.
import { randomUUID } from 'node:crypto';
import type { BatchInputResult, BatchSnapshot, BatchSource, BatchStartRequest, BatchStartResponse, BatchFolder, BatchPollRequest, BatchAction } from '../../shared/contract';
import { BATCH_DEFAULTS, RENDER_DEFAULTS, type BatchRow, type BatchSettings, type BatchState } from '../../shared/batch';
import type { PageSource } from '../loaders/source';
import { readBatchInput } from './input';
import { readJournal } from './journal';
import { checkTemplate } from './names';
import { SourceServer } from './remote-source';
import { openSession, type SessionChannel, type SessionPlace } from './session-host';
import type { SessionStart, SessionStatus, SessionUpdate } from './session-protocol';
import { normaliseUrl, UrlCollector } from './url-list';

export interface BatchServiceDeps {
  /** Asks the user for a folder (web mode: makes one under the export folder); undefined when cancelled. */
  chooseFolder?: (suggestedName?: string) => Promise<string | undefined>;
  /** Shows the folder in the file manager; false when it cannot (web mode). */
  openFolder?: (path: string) => Promise<boolean>;
  /** The app's own renderer (Electron's hidden window), used when a batch renders JavaScript. */
  renderer?: PageSource;
  /** Where runs go: a worker thread by default. */
  place?: SessionPlace;
}

const DEFAULT_POLL_ROWS = 5000;
const ACTIVE: ReadonlySet<BatchState> = new Set(['running', 'paused', 'cancelling']);

class BatchHandle {
  rows: BatchRow[] = [];
  private versions: number[] = [];
  private version = 0;
  status: SessionStatus = { state: 'idle', counts: { total: 0, done: 0, failed: 0, pending: 0, running: 0 }, pagesPerSecond: 0 };
  error: string | undefined;
  private waiters = new Set<() => void>();
  private readonly sources: SourceServer;
  channel!: SessionChannel;
  private opening: { resolve: (response: BatchStartResponse) => void } | undefined;
  private retrying: Array<(count: number) => void> = [];

  constructor(
    readonly id: string,
    readonly folder: string,
    renderer: PageSource | undefined,
  ) {
    this.sources = new SourceServer(renderer, (answer) => this.channel.send({ type: 'source-answer', answer }));
  }

  opened(): Promise<BatchStartResponse> {
    return new Promise((resolve) => (this.opening = { resolve }));
  }

  apply(update: SessionUpdate): void {
    switch (update.type) {
      case 'opened':
        this.rows = update.rows;
        this.versions = update.rows.map(() => ++this.version);
        this.status = update.status;
        this.opening?.resolve({ ok: true, batchId: this.id, total: update.rows.length });
        this.opening = undefined;
        break;
      case 'rows':
        this.changed(update.rows, update.status);
        break;
      case 'failed':
        this.error = update.message;
        if (update.status) this.status = update.status;
        else if (ACTIVE.has(this.status.state)) this.status = { ...this.status, state: 'cancelled' };
        this.opening?.resolve({ ok: false, error: update.message });
        this.opening = undefined;
        // A run that failed as a whole answers no retry.
        for (const resolve of this.retrying.splice(0)) resolve(0);
        break;
      case 'retried':
        if (update.count > 0) this.error = undefined;
        this.changed(update.rows, update.status);
        this.retrying.shift()?.(update.count);
        break;
      case 'source-load':
        return this.sources.serve(update.ask);
      case 'source-cancel':
        return this.sources.cancel(update.id);
      case 'closed':
        return;
    }
    this.wake();
  }

  get active(): boolean {
    return ACTIVE.has(this.status.state);
  }

  snapshot(cursor: number, maxRows: number): BatchSnapshot {
    const changed: number[] = [];
    for (let i = 0; i < this.versions.length; i++) if (this.versions[i] > cursor) changed.push(i);
    changed.sort((a, b) => this.versions[a] - this.versions[b]);
    const taken = changed.slice(0, maxRows);
    const more = changed.length > taken.length;
    return {
      batchId: this.id,
      state: this.status.state,
      counts: this.status.counts,
      pagesPerSecond: this.status.pagesPerSecond,
      etaMs: this.status.etaMs,
      changes: this.status.changes,
      folder: this.folder,
      manifest: this.status.manifest,
      error: this.error,
      cursor: more ? this.versions[taken[taken.length - 1]] : this.version,
      rows: taken.sort((a, b) => a - b).map((i) => this.rows[i]),
      more,
    };
  }

  /** Failed rows back in the queue: resolves with how many, once the run has put them back (a poll then sees them). */
  retry(indices: number[] | undefined): Promise<number> {
    return new Promise((resolve) => {
      this.retrying.push(resolve);
      this.channel.send({ type: 'retry', indices });
    });
  }

  private changed(rows: readonly BatchRow[], status: SessionStatus): void {
    for (const row of rows) {
      this.rows[row.index] = row;
      this.versions[row.index] = ++this.version;
    }
    this.status = status;
  }

  hasChangesAfter(cursor: number): boolean {
    return this.version > cursor;
  }

  /** Resolves on the next change, or after `ms`. */
  waitForChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

}

export class BatchService {
  private readonly folders = new Map<string, string>();
  private readonly batches = new Map<string, BatchHandle>();
  private currentId: string | null = null;

  constructor(private readonly deps: BatchServiceDeps = {}) {}

  async readInput(source: BatchSource): Promise<BatchInputResult> {
    try {
      let input;
      if (source.kind === 'text') input = await readBatchInput({ kind: 'text', text: source.text });
      else if (source.kind === 'file') input = await readBatchInput({ kind: 'bytes', bytes: Buffer.from(source.base64, 'base64'), name: source.name });
      else {
        const url = normaliseUrl(source.url);
        if ('reason' in url) return { ok: false, error: `the sitemap address: ${url.reason}` };
        input = await readBatchInput({ kind: 'sitemap-url', url: url.url });
      }
      return { ok: true, urls: input.urls, rejected: input.rejected, rejectedTotal: input.rejectedTotal, overLimit: input.overLimit, duplicates: input.duplicates, sitemaps: input.sitemaps, errors: input.errors };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async chooseFolder(suggestedName?: string): Promise<BatchFolder | { cancelled: true }> {
    const path = await this.deps.chooseFolder?.(suggestedName);
    if (!path) return { cancelled: true };
    const folderId = randomUUID();
    this.folders.set(folderId, path);
    const journal = await readJournal(path).catch(() => undefined);
    if (!journal) return { folderId, path };
    const outcomes = [...journal.outcomes.values()];
    return { folderId, path, existing: { total: journal.urls.length, done: outcomes.filter((o) => o.t === 'done').length, failed: outcomes.filter((o) => o.t === 'failed').length } };
  }

  async start(request: BatchStartRequest): Promise<BatchStartResponse> {
    const folder = this.folders.get(request.folderId);
    if (!folder) return { ok: false, error: 'choose the folder again' };
    if ([...this.batches.values()].some((batch) => batch.active)) return { ok: false, error: 'a batch is running already: wait for it, or cancel it' };
    const render = request.settings?.render ?? BATCH_DEFAULTS.render;
    const settings: Partial<BatchSettings> = { ...(render ? RENDER_DEFAULTS : {}), ...request.settings };
    try {
      checkTemplate(settings.nameTemplate ?? BATCH_DEFAULTS.nameTemplate);
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
    // The renderer's list is checked again here: main trusts no URL it did not read itself.
    const collector = new UrlCollector();
    request.urls.forEach((url, i) => collector.add(url, i + 1));
    let crawl = request.crawl;
    if (crawl) {
      const start = normaliseUrl(crawl.start);
      if ('reason' in start) return { ok: false, error: `the start URL: ${start.reason}` };
      crawl = { ...crawl, start: start.url };
    }
    if (collector.urls.length === 0 && !request.resume && !request.update && !crawl) return { ok: false, error: 'no URLs to load' };

    const handle = new BatchHandle(randomUUID(), folder, this.deps.renderer);
    handle.channel = openSession((update) => handle.apply(update), this.deps.place);
    const start: SessionStart = {
      outDir: folder,
      urls: collector.urls,
      resume: request.resume ?? false,
      settings,
      scrape: { userAgent: request.options?.userAgent, waitFor: request.options?.waitFor, extraWaitMs: request.options?.extraWaitMs, convert: request.options?.convert },
      siteKeeps: request.siteKeeps,
      renderInApp: render && this.deps.renderer !== undefined,
      crawl,
      update: request.update ?? false,
    };
    const opened = handle.opened();
    handle.channel.send({ type: 'start', start });
    const response = await opened;
    if (!response.ok) {
      await handle.channel.close();
      return response;
    }
    this.batches.set(handle.id, handle);
    this.currentId = handle.id;
    return response;
  }

  async poll(request: BatchPollRequest): Promise<BatchSnapshot> {
    const handle = this.handle(request.batchId);
    if (!handle.hasChangesAfter(request.cursor) && handle.active && request.waitMs) await handle.waitForChange(request.waitMs);
    return handle.snapshot(request.cursor, request.maxRows ?? DEFAULT_POLL_ROWS);
  }

  control(batchId: string, action: BatchAction): { state: BatchState } {
    const handle = this.handle(batchId);
    if (handle.active) handle.channel.send({ type: action });
    return { state: handle.status.state };
  }

  async retry(batchId: string, indices?: number[]): Promise<{ queued: number }> {
    return { queued: await this.handle(batchId).retry(indices) };
  }

  async openFolder(batchId: string): Promise<{ opened: boolean; path: string }> {
    const handle = this.handle(batchId);
    const opened = (await this.deps.openFolder?.(handle.folder).catch(() => false)) ?? false;
    return { opened, path: handle.folder };
  }

  current(): { batchId: string | null } {
    return { batchId: this.currentId };
  }

  /** Stops every run (each writes its manifest first). */
  async close(): Promise<void> {
    await Promise.all([...this.batches.values()].map((batch) => batch.channel.close()));
    this.batches.clear();
  }

  private handle(batchId: string): BatchHandle {
    const handle = this.batches.get(batchId);
    if (!handle) throw new Error('no such batch (the app may have restarted): choose the folder and resume it');
    return handle;
  }
}
