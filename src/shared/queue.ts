// A batch queued in Redis as people see it: `openscraper batch --status` prints it, the app's Batch
// view follows it. Shared by main and renderer.
import type { BatchCounts } from './batch';

/** Queue names go into Redis keys and BullMQ's: letters, digits, `-`, `_`, `.`. */
export const QUEUE_NAME = /^[\w.-]{1,100}$/;
export const DEFAULT_QUEUE_NAME = 'openscraper';
export const REDIS_URL = /^rediss?:\/\/\S+$/i;

export interface QueueWorker {
  /** Host name and process id. */
  worker: string;
  /** URLs it finished (done or failed). */
  pages: number;
  /** Its output folder, as seen on its machine. */
  dir: string;
}

export interface QueueStatus {
  name: string;
  /** The Redis URL, its password hidden. */
  url: string;
  /** When the batch was first queued. */
  created: string;
  /** Every URL of the list is on the queue. */
  complete: boolean;
  /** From the rows the workers reported: pending counts what has no row yet. */
  counts: BatchCounts;
  /** Jobs: waiting for a worker, held by one, waiting to be retried, and given up by the queue itself. */
  waiting: number;
  running: number;
  retrying: number;
  lost: number;
  workers: QueueWorker[];
}

export type QueueStatusResponse = { ok: true; status: QueueStatus } | { ok: false; error: string };
