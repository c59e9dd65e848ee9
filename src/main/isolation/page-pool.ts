// Pages are converted in worker threads, one page per worker at a time: a page that needs more
// memory than a page may have, or runs far past its budget in a step the budget cannot see into,
// fails alone and its worker is replaced (see isolated-pool.ts). The budget itself is checked in
// the worker, in its own CPU time, so it holds however busy the machine is.
import { availableParallelism } from 'node:os';
import { timeLimitFor } from '../../shared/core/budget';
import type { ConvertOptions, ConvertResult } from '../../shared/core/types';
import { entryFile } from './entry-file';
import { IsolatedPool } from './isolated-pool';
import { threadHost } from './thread-host';

/** A page's heap: a 20 MB page (the default download limit) needs about 900 MB. */
export const PAGE_HEAP_MB = 1536;

export interface ConvertJob {
  html: string;
  /** Serialisable: the worker adds its own CPU clock to the budget. */
  options: ConvertOptions;
}

/**
 * How long a conversion may run on the wall clock before its worker is terminated: the budget's
 * time (CPU time, checked inside) three times over, plus 10 s. Only a step the budget cannot see
 * into ever gets this far; the factor leaves room for a machine busy enough to give the worker a
 * third of a core.
 */
export function hardLimitMs(options: ConvertOptions, htmlLength: number): number {
  return 3 * (options.budget?.maxMs ?? timeLimitFor(htmlLength)) + 10_000;
}

export interface PagePoolOptions {
  size?: number;
  maxHeapMb?: number;
  idleMs?: number;
}

export class PagePool {
  private readonly pool: IsolatedPool<ConvertJob, ConvertResult>;

  constructor(options: PagePoolOptions = {}) {
    const maxHeapMb = options.maxHeapMb ?? PAGE_HEAP_MB;
    this.pool = new IsolatedPool({
      factory: (events) => threadHost<ConvertJob, never>(entryFile('page-worker'), maxHeapMb)(events),
      size: options.size ?? Math.max(2, availableParallelism()),
      idleMs: options.idleMs ?? 15_000,
      what: 'converting the page',
      outOfMemory: `the page needs more memory than the ${maxHeapMb} MB a page may use, and was stopped`,
    });
  }

  /** Workers started so far. */
  get started(): number {
    return this.pool.started;
  }

  /** Converts in a worker; fails with a LoadError (`budget` for time or memory, `cancelled`, `internal`). */
  convert(html: string, options: ConvertOptions, signal?: AbortSignal, onStage?: ConvertOptions['onStage']): Promise<ConvertResult> {
    // The budget's CPU time is checked inside the worker: here only the hard stop.
    const report = onStage && ((stage: string) => onStage(stage as Parameters<typeof onStage>[0]));
    return this.pool.run({ html, options }, { wallMs: hardLimitMs(options, html.length) }, signal, report);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

let shared: PagePool | undefined;

/** The process's pool, shared by every Scraper (so by the CLI, the batch and the app). */
export function sharedPagePool(): PagePool {
  shared ??= new PagePool();
  return shared;
}
