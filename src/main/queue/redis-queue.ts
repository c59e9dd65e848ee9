// The batch queue shared through Redis: the second BatchQueue (batch/queue.ts), for `openscraper
// worker`. A BullMQ worker takes jobs from the batch's queue and starts each through the runner, as
// the host scheduler would; what the runner decides is carried back to Redis: a retry becomes the
// job delayed (any worker may take it, with the attempts made so far), a host held by a Retry-After
// is held for every worker, and each start on a host takes the next slot that host's delay allows,
// counted in Redis. A URL's outcome goes into the rows hash before its job is acknowledged, so a
// worker killed at any moment loses nothing: its unacknowledged jobs go to the others.
import { DelayedError, type Job as BullJob, Worker } from 'bullmq';
import type { BatchRow } from '../../shared/batch';
import type { BatchQueue, Job, QueueLimits } from '../batch/queue';
import { BULL_PREFIX, type BatchJobs, type PageJobData } from './jobs';
import type { RedisBatch } from './redis-batch';

export interface RedisQueueOptions {
  batch: RedisBatch;
  jobs: BatchJobs;
  /** This process's row for a URL (the runner's): its status and the attempts it counted. */
  rowOf(index: number): BatchRow | undefined;
  /** Called before a job starts: the process catches up with a URL list that grew. */
  prepare?(index: number): Promise<void>;
  /** Records a finished URL where every process sees it (before its job is acknowledged). */
  report(row: BatchRow): Promise<void>;
  /** How long a job may go without its worker's sign of life before others take it (BullMQ's lock). */
  lockMs?: number;
  /** How often the batch is checked for its end. */
  pollMs?: number;
}

const DEFAULT_LOCK_MS = 30_000;

export class RedisQueue implements BatchQueue {
  private readonly worker: Worker<PageJobData>;
  /** Retries the runner asked for while a job ran: the job goes back delayed instead of ending. */
  private readonly retries = new Map<number, number>();
  private running = 0;
  private draining = false;
  private closed: Promise<void> | undefined;

  constructor(
    private readonly limits: QueueLimits,
    private readonly start: (job: Job) => Promise<void>,
    private readonly options: RedisQueueOptions,
  ) {
    const lockDuration = options.lockMs ?? DEFAULT_LOCK_MS;
    this.worker = new Worker<PageJobData>(options.batch.name, (job, token) => this.process(job, token), {
      connection: { url: options.batch.url },
      prefix: BULL_PREFIX,
      concurrency: limits.concurrency,
      lockDuration,
      stalledInterval: lockDuration,
      // A job may be caught by a stall more than once (its worker killed, then a slow machine).
      maxStalledCount: 10,
    });
    this.worker.on('error', () => undefined); // connection trouble: BullMQ reconnects
  }

  /** Jobs are put on the queue by `openscraper batch --queue`; a worker only takes them. */
  add(): void {}

  addLater(job: Job, delayMs: number): void {
    this.retries.set(job.index, delayMs);
  }

  holdHost(host: string, until: number): void {
    void this.options.batch.holdHost(host, until - Date.now()).catch(() => undefined);
  }

  pause(): void {
    void this.worker.pause(true).catch(() => undefined);
  }

  resume(): void {
    // A drained worker is closing: it must not start taking jobs again.
    if (this.draining) return;
    void this.worker.resume().catch(() => undefined);
  }

  /** Stops taking jobs; those not started stay on the queue for the other workers. */
  drain(): Job[] {
    this.draining = true;
    this.closed ??= this.worker.close();
    return [];
  }

  /** Resolves when the whole batch is over (every worker's jobs), or when this worker was drained and its jobs ended. */
  async whenIdle(): Promise<void> {
    const pollMs = this.options.pollMs ?? 250;
    for (;;) {
      if (this.draining) {
        await this.closed;
        return;
      }
      if (this.running === 0 && (await this.batchOver())) {
        this.closed ??= this.worker.close();
        await this.closed;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  private async batchOver(): Promise<boolean> {
    const record = await this.options.batch.record();
    if (!record?.complete) return false;
    const left = await this.options.jobs.unfinished();
    return left.waiting + left.active + left.delayed === 0;
  }

  private async process(bullJob: BullJob<PageJobData>, token?: string): Promise<string> {
    const data = bullJob.data;
    const job: Job = { index: data.index, host: data.host, attempts: data.attempts };
    this.running++;
    try {
      await this.options.prepare?.(job.index);
      let row = this.finished(job.index);
      if (!row && !this.draining) {
        const wait = await this.options.batch.reserveStart(job.host, this.limits.delayMs);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!this.draining) {
          this.retries.delete(job.index);
          await this.start(job);
          row = this.finished(job.index);
        }
      }
      const retryIn = this.retries.get(job.index);
      if (!row || retryIn !== undefined) {
        // A retry (any worker may take it), or a page this worker gave up when stopped: back on the queue.
        this.retries.delete(job.index);
        await bullJob.updateData({ ...data, attempts: Math.max(data.attempts ?? 0, this.options.rowOf(job.index)?.attempts ?? 0) });
        await bullJob.moveToDelayed(Date.now() + (retryIn ?? 0), token);
        throw new DelayedError();
      }
      await this.options.report(row);
      return row.status;
    } finally {
      this.running--;
    }
  }

  /** The row when this process has finished the URL (done, or failed for good). */
  private finished(index: number): BatchRow | undefined {
    const row = this.options.rowOf(index);
    return row?.status === 'done' || row?.status === 'failed' ? row : undefined;
  }
}
