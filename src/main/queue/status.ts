// How far a queued batch is, in one shape for `openscraper batch --status` and the app's Batch view:
// the rows the workers reported, the jobs BullMQ holds, and who did what.
import type { QueueStatus, QueueStatusResponse, QueueWorker } from '../../shared/queue';
import { BatchJobs } from './jobs';
import { QueueError, redactedUrl, RedisBatch } from './redis-batch';

/** The status, or undefined when the queue holds no batch. */
export async function readQueueStatus(batch: RedisBatch, jobs: BatchJobs): Promise<QueueStatus | undefined> {
  const record = await batch.record();
  if (!record) return undefined;
  const [rows, left, counts] = await Promise.all([batch.rows(), jobs.unfinished(), batch.counts(record.total)]);
  const workers = new Map<string, QueueWorker>();
  for (const row of rows.values()) {
    const entry = workers.get(row.worker) ?? { worker: row.worker, pages: 0, dir: row.dir };
    entry.pages++;
    workers.set(row.worker, entry);
  }
  return {
    name: batch.name,
    url: redactedUrl(batch.url),
    created: record.created,
    complete: record.complete,
    counts: { ...counts, running: left.active, pending: Math.max(0, counts.pending - left.active) },
    waiting: left.waiting,
    running: left.active,
    retrying: left.delayed,
    lost: left.failed,
    workers: [...workers.values()].sort((a, b) => b.pages - a.pages),
  };
}

/** Connects, reads the status, disconnects; a failure is a message (the app shows it). */
export async function queueStatus(url: string, name: string): Promise<QueueStatusResponse> {
  let batch: RedisBatch;
  try {
    batch = await RedisBatch.connect(url, name);
  } catch (error) {
    if (error instanceof QueueError) return { ok: false, error: error.message };
    throw error;
  }
  const jobs = new BatchJobs(batch);
  try {
    const status = await readQueueStatus(batch, jobs);
    return status ? { ok: true, status } : { ok: false, error: `the queue "${name}" at ${redactedUrl(url)} holds no batch` };
  } catch (error) {
    return { ok: false, error: `reading the queue failed: ${(error as Error).message}` };
  } finally {
    await jobs.close().catch(() => undefined);
    await batch.close();
  }
}
