// The batch's jobs on a BullMQ queue: one job per URL, its id made from the URL's index (BullMQ
// refuses a second job of the same id, so a URL is queued once however often the producer runs).
// Jobs that end are removed (the rows hash keeps their outcome); a job whose worker died goes back
// to the others once its lock runs out (BullMQ's stall check).
import { Queue, type JobsOptions } from 'bullmq';
import type { RedisBatch } from './redis-batch';

/** What a worker needs to start a URL. `attempts`: those made before, maybe by other workers. */
export interface PageJobData {
  index: number;
  url: string;
  host: string;
  attempts?: number;
}

/** BullMQ's own keys, apart from ours. */
export const BULL_PREFIX = 'openscraper-bull';

/** Attempts at the job itself (a worker's Redis call failing); a page's own retries are the batch's. */
const JOB_OPTIONS: JobsOptions = { attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: false };

const ADD_CHUNK = 1000;

export function jobIdOf(index: number): string {
  return `url-${index}`;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

export class BatchJobs {
  readonly queue: Queue;

  constructor(batch: RedisBatch) {
    this.queue = new Queue(batch.name, { connection: { url: batch.url, maxRetriesPerRequest: 2 }, prefix: BULL_PREFIX });
    this.queue.on('error', () => undefined); // the calls that fail say why
  }

  /** Queues URLs by their index in the batch. */
  async enqueue(entries: ReadonlyArray<{ index: number; url: string }>): Promise<void> {
    for (let start = 0; start < entries.length; start += ADD_CHUNK) {
      const chunk = entries.slice(start, start + ADD_CHUNK);
      await this.queue.addBulk(chunk.map(({ index, url }) => ({ name: 'page', data: { index, url, host: hostOf(url) } satisfies PageJobData, opts: { ...JOB_OPTIONS, jobId: jobIdOf(index) } })));
    }
  }

  /** A URL again (a failed one, on --resume): its old job, kept when it failed, goes first. */
  async requeue(index: number, url: string): Promise<void> {
    await this.queue.remove(jobIdOf(index)).catch(() => 0);
    await this.enqueue([{ index, url }]);
  }

  /** Jobs not over: waiting, running (or held by a worker that died), delayed. */
  async unfinished(): Promise<{ waiting: number; active: number; delayed: number; failed: number }> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed');
    return { waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0), active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 };
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
