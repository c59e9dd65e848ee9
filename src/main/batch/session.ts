// One batch run for the app: opens the runner, runs it, takes pause/resume/cancel/retry, and sends
// what changed — the changed rows, coalesced over 100 ms, with the counts, rate and ETA. When the
// app renders pages itself (Electron's hidden window), the runner's renderer is a RemoteSource:
// each page is rendered by the app on request and converted here.
import type { BatchRow } from '../../shared/batch';
import { RemoteSource } from './remote-source';
import { Crawler, savedCrawl } from '../crawl/crawler';
import { BatchRunner } from './runner';
import type { SessionCommand, SessionStart, SessionStatus, SessionUpdate } from './session-protocol';

const UPDATE_INTERVAL_MS = 100;

export class BatchSession {
  private runner: BatchRunner | undefined;
  /** A crawl's run (the runner's, plus the links it follows), when the session crawls. */
  private crawler: Crawler | undefined;
  private readonly changed = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly renderer = new RemoteSource(
    (ask) => this.send({ type: 'source-load', ask }),
    (id) => this.send({ type: 'source-cancel', id }),
  );

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
      case 'source-answer':
        return this.renderer.answer(command.answer);
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
  }

  private status(): SessionStatus {
    const runner = this.runner!;
    return { state: runner.state, counts: runner.counts(), pagesPerSecond: runner.pagesPerSecond(), etaMs: runner.etaMs(), manifest: runner.manifestPath, changes: runner.summary().changes };
  }

  private async start(start: SessionStart): Promise<void> {
    try {
      const options = {
        ...start.settings,
        outDir: start.outDir,
        resume: start.resume,
        update: start.update,
        scrape: start.scrape,
        siteKeeps: start.siteKeeps,
        renderer: start.renderInApp ? this.renderer : undefined,
        onRow: (row: BatchRow) => this.rowChanged(row),
        onState: () => this.schedule(),
      };
      // A folder a crawl wrote goes on as a crawl when resumed or updated, with its start and scope.
      const crawl = start.crawl ?? (start.resume || start.update ? await savedCrawl(start.outDir) : undefined);
      if (crawl) {
        this.crawler = await Crawler.open({ ...options, ...crawl });
        this.runner = this.crawler.batch;
        if (start.urls.length > 0) await this.runner.add(start.urls);
      } else this.runner = await BatchRunner.open(start.urls, options);
    } catch (error) {
      this.send({ type: 'failed', message: (error as Error).message });
      return;
    }
    this.run();
    this.send({ type: 'opened', rows: this.runner.rows.map((row) => ({ ...row })), status: this.status() });
  }

  private run(): void {
    const runner = this.runner!;
    const run = this.crawler ? this.crawler.run() : runner.run();
    this.running = run.then(
      () => this.flush(),
      (error: unknown) => {
        this.flush();
        this.send({ type: 'failed', message: (error as Error).message, status: this.status() });
      },
    );
  }

  /** Failed rows back in the queue; the answer carries the rows as they now are, so the app shows them at once. */
  private retry(indices?: number[]): void {
    const runner = this.runner;
    if (!runner) return this.send({ type: 'retried', count: 0, rows: [], status: { state: 'idle', counts: { total: 0, done: 0, failed: 0, pending: 0, running: 0 }, pagesPerSecond: 0 } });
    const count = runner.retry(indices);
    // After the end the runner waits: run it again for the rows put back.
    if (count > 0 && (runner.state === 'finished' || runner.state === 'cancelled')) this.run();
    const rows = this.takeChanged();
    this.send({ type: 'retried', count, rows, status: this.status() });
  }

  private rowChanged(row: BatchRow): void {
    this.changed.add(row.index);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), UPDATE_INTERVAL_MS);
  }

  private takeChanged(): BatchRow[] {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.changed].map((index) => ({ ...this.runner!.rows[index] }));
    this.changed.clear();
    return rows;
  }

  private flush(): void {
    if (!this.runner) return;
    this.send({ type: 'rows', rows: this.takeChanged(), status: this.status() });
  }
}
