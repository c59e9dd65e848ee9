// The seam between a batch and where its work waits. The runner puts jobs in and says how each
// ended; the queue decides when each starts, and starts it by calling the runner back. The
// in-process HostScheduler (scheduler.ts) is one queue: politeness per host, retries on timers. A
// queue shared by several processes (Redis) is another, behind the same interface: jobs added while
// running (a crawl finding links), retried later, held per host, drained when the batch stops.

/** One URL of the batch, by its index, with its host (limits and politeness are per host). */
export interface Job {
  index: number;
  host: string;
  /** Attempts made before, by other processes (a queue shared through Redis): retries count them too. */
  attempts?: number;
}

export interface QueueLimits {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs of one host running at once. */
  perHost: number;
  /** Least time between two starts on one host, in milliseconds. */
  delayMs: number;
}

export interface BatchQueue {
  /** A job to start when the limits allow; also while running. */
  add(job: Job): void;
  /** The job again after `delayMs`, ahead of its host's others (a retry). */
  addLater(job: Job, delayMs: number): void;
  /** No job of this host starts before `until` (a Date.now() value: a Retry-After for the whole host). */
  holdHost(host: string, until: number): void;
  pause(): void;
  resume(): void;
  /** Takes back every job not started, retries waiting included (the batch stops: they stay pending). */
  drain(): Job[];
  /** Resolves when nothing runs and nothing waits (not while paused with work left). */
  whenIdle(): Promise<void>;
}

/** Makes a queue that starts each job by calling `start`, which settles when the job is over. */
export type QueueFactory = (limits: QueueLimits, start: (job: Job) => Promise<void>) => BatchQueue;
