// PDFs are read in child processes: pdf.js runs its "worker" in the thread that calls it, where it
// starves that thread's timers (a 50,000-page PDF ran 183 s past a 20 s timeout), and it inflates
// streams into memory no heap limit counts (a 7 KB PDF reached 4.18 GB). In a process of its own,
// a PDF past its budget or over its memory cap is killed, fails alone, and the next one gets a
// fresh process.
import { timeLimitFor } from '../../shared/core/budget';
import type { ConvertOptions } from '../../shared/core/types';
import type { PdfConversion } from '../loaders/pdf';
import { entryFile } from './entry-file';
import { IsolatedPool } from './isolated-pool';
import { hardLimitMs } from './page-pool';
import { processHost } from './process-host';

/** Resident memory reading one PDF may add to its process (which takes about 100 MB before it starts). */
export const PDF_MEMORY_MB = 768;
const PDF_HEAP_MB = 512;

export interface PdfJob {
  bytes: Uint8Array;
  maxPages?: number;
}

export class PdfPool {
  private readonly pool: IsolatedPool<PdfJob, PdfConversion>;

  constructor(options: { size?: number; maxMemoryMb?: number; idleMs?: number } = {}) {
    const maxMemoryMb = options.maxMemoryMb ?? PDF_MEMORY_MB;
    this.pool = new IsolatedPool({
      factory: (events) => processHost<PdfJob, never>(entryFile('pdf-process'), PDF_HEAP_MB)(events),
      size: options.size ?? 2,
      idleMs: options.idleMs ?? 15_000,
      what: 'reading the PDF',
      maxMemoryBytes: maxMemoryMb * 1024 * 1024,
      outOfMemory: `the PDF needs more memory than the ${maxMemoryMb} MB a PDF may use, and was stopped`,
    });
  }

  get started(): number {
    return this.pool.started;
  }

  /**
   * The PDF's text as HTML. Reading it is converting, not loading: bounded like a page's conversion,
   * by the budget's CPU time (of the PDF's process, on Linux) with the same hard stop on the wall
   * clock, not by the time allowed to load. Fails with a LoadError (`pdf`, `budget`, `cancelled`).
   */
  read(bytes: Uint8Array, budget: ConvertOptions['budget'] = {}, signal?: AbortSignal, maxPages?: number): Promise<PdfConversion> {
    const cpuMs = budget.maxMs ?? timeLimitFor(bytes.byteLength);
    return this.pool.run({ bytes, maxPages }, { cpuMs, wallMs: hardLimitMs({ budget: { maxMs: cpuMs } }, bytes.byteLength) }, signal);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

let shared: PdfPool | undefined;

export function sharedPdfPool(): PdfPool {
  shared ??= new PdfPool();
  return shared;
}
