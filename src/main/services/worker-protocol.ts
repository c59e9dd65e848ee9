// The messages between the main process and the conversion worker: a conversion of HTML (a
// re-conversion with other options), or of a raw page (bytes to decode or a PDF to read, then
// convert). A failure comes back as the one error shape, a stable code and a message.
import type { ConvertOptions } from '../../shared/core/types';
import type { ScrapeError, ScrapeProgress } from '../../shared/page';
import type { ConversionJob } from './conversion';

export type WorkerJob = { kind: 'convert'; html: string; options: ConvertOptions } | { kind: 'conversion'; job: ConversionJob };

export type ToWorker = { type: 'run'; id: number; job: WorkerJob } | { type: 'abort'; id: number };

export type FromWorker =
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; error: ScrapeError }
  /** A stage of the job began; the job goes on. */
  | { type: 'progress'; id: number; progress: ScrapeProgress };
