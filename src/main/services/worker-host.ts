// Runs jobs on the conversion worker and keeps that worker healthy. Cancelling a job first asks
// the worker to abort it (a download stops at once); a job stuck in a synchronous conversion
// cannot hear that, so after a short grace the worker is terminated and a fresh one takes the
// other jobs that were in flight (jobs are pure, so running them again is safe).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ScrapeProgress } from '../../shared/page';
import { type FromWorker, JobError, type ToWorker, type WorkerJob } from './worker-protocol';

export interface WorkerEntry {
  file: string;
  /** A .ts source (development, tests, `npm run web`): loaded through tsx's loader. */
  typescript: boolean;
}

/** The worker script: the built one next to this module, else the TypeScript source. */
export function defaultWorkerEntry(dir: string = import.meta.dirname): WorkerEntry {
  const built = join(dir, 'conversion-worker.js');
  if (existsSync(built)) return { file: built, typescript: false };
  const source = join(dir, 'conversion-worker.ts');
  if (existsSync(source)) return { file: source, typescript: true };
  throw new Error(`the conversion worker is missing: neither ${built} nor ${source} exists (run \`npm run build\`)`);
}

function spawn(entry: WorkerEntry, maxHeapMb: number): Worker {
  const common = { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb }, stdout: false, stderr: false };
  if (!entry.typescript) return new Worker(entry.file, common);
  // Node 20 ignores `--import tsx` in a worker's execArgv: a bootstrap registers tsx there.
  const bootstrap = join(import.meta.dirname, 'worker-bootstrap.mjs');
  return new Worker(bootstrap, { ...common, workerData: { entry: pathToFileURL(entry.file).href } });
}

export interface WorkerHostOptions {
  entry?: WorkerEntry;
  /** How long an aborted job may take to stop before the worker is terminated. */
  graceMs?: number;
  /** V8 heap limit of the worker, in MB: a huge page fails the job, not the app. */
  maxHeapMb?: number;
}

interface Pending {
  job: WorkerJob;
  onProgress?: (progress: ScrapeProgress) => void;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class WorkerHost {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private readonly entry: WorkerEntry;
  private readonly graceMs: number;
  private readonly maxHeapMb: number;
  /** Workers started so far (a new one after each termination or crash); for tests and stats. */
  started = 0;

  constructor(options: WorkerHostOptions = {}) {
    this.entry = options.entry ?? defaultWorkerEntry();
    this.graceMs = options.graceMs ?? 750;
    this.maxHeapMb = options.maxHeapMb ?? 4096;
  }

  run<T>(job: WorkerJob, signal?: AbortSignal, onProgress?: (progress: ScrapeProgress) => void): Promise<T> {
    if (this.closed) return Promise.reject(new JobError('internal', 'the conversion worker is closed'));
    if (signal?.aborted) return Promise.reject(new JobError('cancelled', 'cancelled'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => this.abort(id);
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = <A>(fn: (arg: A) => void) => (arg: A) => {
        signal?.removeEventListener('abort', onAbort);
        fn(arg);
      };
      this.pending.set(id, { job, onProgress, resolve: settle(resolve as (v: unknown) => void), reject: settle(reject) });
      this.post({ type: 'run', id, job });
    });
  }

  /** Stops the worker; jobs still running fail as cancelled. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      entry.reject(new JobError('cancelled', 'the app is closing'));
    }
    if (worker) await worker.terminate();
  }

  private post(message: ToWorker): void {
    const worker = this.ensureWorker();
    worker.ref(); // busy: keep the process alive until the job ends
    worker.postMessage(message);
  }

  private settled(id: number): Pending | undefined {
    const entry = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref(); // idle: never keeps the process alive
    return entry;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn(this.entry, this.maxHeapMb);
    this.started++;
    worker.on('message', (message: FromWorker) => this.onMessage(message));
    worker.on('error', (error) => this.onCrash(worker, error));
    worker.on('exit', (code) => this.onCrash(worker, new Error(`the conversion worker stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private onMessage(message: FromWorker): void {
    if (message.type === 'progress') {
      this.pending.get(message.id)?.onProgress?.(message.progress);
      return;
    }
    const entry = this.settled(message.id);
    if (!entry) return; // already cancelled
    if (message.type === 'done') entry.resolve(message.value);
    else entry.reject(new JobError(message.error.code, message.error.message));
  }

  private abort(id: number): void {
    const entry = this.pending.get(id);
    if (!entry || !this.worker) return;
    const worker = this.worker;
    worker.postMessage({ type: 'abort', id } satisfies ToWorker);
    setTimeout(() => {
      if (!this.pending.has(id)) return; // it stopped in time
      this.settled(id);
      entry.reject(new JobError('cancelled', 'cancelled'));
      if (this.worker === worker) this.replaceWorker(worker);
    }, this.graceMs).unref();
  }

  /** Terminates a stuck worker and runs its other jobs again on a fresh one. */
  private replaceWorker(worker: Worker): void {
    this.worker = null;
    void worker.terminate();
    for (const [id, entry] of this.pending) this.post({ type: 'run', id, job: entry.job });
  }

  private onCrash(worker: Worker, error: Error): void {
    if (this.worker !== worker) return; // terminated on purpose, or already handled
    this.worker = null;
    const reason = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'the page needs more memory than the converter may use' : error.message;
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      entry.reject(new JobError('internal', `conversion failed: ${reason}`));
    }
  }
}
