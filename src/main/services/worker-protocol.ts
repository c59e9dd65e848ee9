// The messages between the main process and the conversion worker. Types only, plus the error
// shape both sides agree on: a stable code the app can show, and a message.
import type { ConvertOptions } from '../../shared/core/types';
import type { ScrapeErrorCode, ScrapeOptions, ScrapeProgress } from '../../shared/page';

export type WorkerJob =
  | { kind: 'convert'; html: string; options: ConvertOptions }
  | { kind: 'scrape'; input: string; options: ScrapeOptions }
  /** Bytes in hand (a dropped file): `name` becomes the page's url, `contentType` may be guessed from it. */
  | { kind: 'scrape-bytes'; bytes: Uint8Array; name: string; contentType?: string; options: ScrapeOptions };

export type ToWorker = { type: 'run'; id: number; job: WorkerJob } | { type: 'abort'; id: number };

export interface WorkerFailure {
  code: ScrapeErrorCode;
  message: string;
}

export type FromWorker =
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; error: WorkerFailure }
  /** A stage of the job began, or more bytes arrived; the job goes on. */
  | { type: 'progress'; id: number; progress: ScrapeProgress };

/** A job that failed, with the code the app shows (cancelled, budget, internal, …). */
export class JobError extends Error {
  override readonly name = 'JobError';
  constructor(
    readonly code: ScrapeErrorCode,
    message: string,
  ) {
    super(message);
  }
}
