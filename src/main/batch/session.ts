// One batch run for the app: opens the runner, runs it, takes pause/resume/cancel/retry, and sends
// what changed — the changed rows, coalesced over 100 ms, with the counts, rate and ETA. When the
// app renders pages itself (Electron's hidden window) the Scraper's browser is not used: each page
// is rendered by the app on request and converted here.
import type { BatchRow } from '../../shared/batch';
import type { Page, ScrapeError } from '../../shared/page';
import { LoadError } from '../loaders/source';
import { type ScrapeCallOptions, Scraper } from '../services/scraper';
import { BatchRunner, type FetchPage } from './runner';
import type { RenderAsk, RenderReply, SessionCommand, SessionStart, SessionStatus, SessionUpdate } from './session-protocol';

const UPDATE_INTERVAL_MS = 100;

export class BatchSession {
  private runner: BatchRunner | undefined;
  private readonly changed = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly renders = new Map<number, { resolve: (reply: RenderReply) => void; reject: (error: Error) => void }>();
  private nextRender = 1;
  private scraper: Scraper | undefined;

  constructor(private readonly send: (update: SessionUpdate) => void) {}

  handle(command: SessionCommand): void {
    switch (command.type) {
      case 'start':
        void this.start(command.start);
        return;
      case 'pause':
        this.runner?.pause();
        return this.flush();
      case 'resume':
        this.runner?.resume();
        return this.flush();
      case 'cancel':
        this.runner?.cancel();
        return this.flush();
      case 'retry':
        return this.retry(command.indices);
      case 'close':
        void this.close().finally(() => this.send({ type: 'closed' }));
        return;
      case 'rendered': {
        const pending = this.renders.get(command.id);
        this.renders.delete(command.id);
        if (!pending) return;
        if (command.result) pending.resolve(command.result);
        else pending.reject(new LoadError(command.error?.code ?? 'render', command.error?.message ?? 'rendering failed'));
      }
    }
  }

  /** Waits for the run in progress (tests, closing). */
  async settled(): Promise<void> {
    await this.running;
  }

  async close(): Promise<void> {
    this.runner?.cancel();
    await this.running;
    await this.runner?.close().catch(() => undefined);
    await this.scraper?.close();
  }

  private status(): SessionStatus {
    const runner = this.runner!;
    return { state: runner.state, counts: runner.counts(), pagesPerSecond: runner.pagesPerSecond(), etaMs: runner.etaMs(), manifest: runner.manifestPath };
  }

  private async start(start: SessionStart): Promise<void> {
    try {
      this.runner = await BatchRunner.open(start.urls, {
        ...start.settings,
        outDir: start.outDir,
        resume: start.resume,
        scrape: start.scrape,
        siteKeeps: start.siteKeeps,
        fetchPage: start.renderInApp ? this.renderingFetch() : undefined,
        onRow: (row) => this.rowChanged(row),
        onState: () => this.schedule(),
      });
    } catch (error) {
      this.send({ type: 'failed', message: (error as Error).message });
      return;
    }
    this.run();
    this.send({ type: 'opened', rows: this.runner.rows.map((row) => ({ ...row })), status: this.status() });
  }

  private run(): void {
    const runner = this.runner!;
    this.running = runner.run().then(
      () => this.flush(),
      (error: unknown) => {
        this.flush();
        this.send({ type: 'failed', message: (error as Error).message, status: this.status() });
      },
    );
  }

  private retry(indices?: number[]): void {
    const runner = this.runner;
    if (!runner) return;
    const count = runner.retry(indices);
    this.send({ type: 'retried', count });
    // After the end the runner waits: run it again for the rows put back.
    if (count > 0 && (runner.state === 'finished' || runner.state === 'cancelled')) this.run();
    this.flush();
  }

  private rowChanged(row: BatchRow): void {
    this.changed.add(row.index);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), UPDATE_INTERVAL_MS);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.runner) return;
    const rows = [...this.changed].map((index) => ({ ...this.runner!.rows[index] }));
    this.changed.clear();
    this.send({ type: 'rows', rows, status: this.status() });
  }

  /** Rendering by the app, converting here; what the browser will not render (a PDF) is loaded plainly. */
  private renderingFetch(): FetchPage {
    return async (url, signal, options) => {
      this.scraper ??= new Scraper();
      const scraper = this.scraper;
      const plain: ScrapeCallOptions = { ...options, render: false, signal };
      let reply: RenderReply;
      try {
        reply = await this.renderRemote(url, { timeoutMs: options.timeoutMs ?? 30_000, waitFor: options.waitFor, extraWaitMs: options.extraWaitMs, userAgent: options.userAgent }, signal);
      } catch (error) {
        if (error instanceof LoadError && error.code === 'unsupported-type') return scraper.scrape(url, plain);
        return failedPage(url, error instanceof LoadError ? { code: error.code, message: error.message } : { code: 'render', message: (error as Error).message });
      }
      const page = await scraper.scrapeBytes(Buffer.from(reply.html), { url, contentType: 'text/html; charset=utf-8' }, { ...plain, baseUrl: reply.finalUrl });
      return { ...page, url, finalUrl: reply.finalUrl, status: reply.status, contentType: reply.contentType ?? page.contentType, rendered: true };
    };
  }

  private renderRemote(url: string, ask: RenderAsk, signal: AbortSignal): Promise<RenderReply> {
    const id = this.nextRender++;
    return new Promise<RenderReply>((resolve, reject) => {
      const onAbort = () => {
        this.renders.delete(id);
        this.send({ type: 'render-cancel', id });
        reject(new LoadError('cancelled', 'rendering was cancelled'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const done = <T>(fn: (value: T) => void) => (value: T) => {
        signal.removeEventListener('abort', onAbort);
        fn(value);
      };
      this.renders.set(id, { resolve: done(resolve), reject: done(reject) });
      this.send({ type: 'render', id, url, ask });
    });
  }
}

function failedPage(url: string, error: ScrapeError): Page {
  return { ok: false, url, markdown: '', text: '', cleanedHtml: '', originalHtml: '', removed: [], metadata: {}, warnings: [], error };
}
