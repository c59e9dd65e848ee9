// The conversion worker: runs convert() (and whole scrapes, whose conversion is as heavy) off the
// main thread, so a 20 MB page never freezes the app. A job in a synchronous conversion cannot
// see an abort message; the host terminates the worker for that (see worker-host.ts).
import { parentPort } from 'node:worker_threads';
import { BudgetExceeded, convert } from '../../shared/core';
import type { ScrapeProgress } from '../../shared/page';
import type { FromWorker, ToWorker, WorkerFailure, WorkerJob } from './worker-protocol';
import { threadCpuClock } from '../isolation/proc-stats';
import { runScrape } from './worker-scrape';

const port = parentPort;
if (!port) throw new Error('conversion-worker.ts must run in a worker thread');

const aborts = new Map<number, AbortController>();

function failure(error: unknown, signal: AbortSignal): WorkerFailure {
  if (signal.aborted) return { code: 'cancelled', message: 'cancelled' };
  if (error instanceof BudgetExceeded) return { code: 'budget', message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message };
}

async function run(id: number, job: WorkerJob, signal: AbortSignal): Promise<unknown> {
  const onProgress = (progress: ScrapeProgress) => port!.postMessage({ type: 'progress', id, progress } satisfies FromWorker);
  // The same budget as everywhere: this thread's CPU time, not the wall clock.
  if (job.kind === 'convert') return convert(job.html, { ...job.options, budget: { ...job.options.budget, cpuClock: threadCpuClock() }, onStage: (stage) => onProgress({ stage, bytes: job.html.length }) });
  return runScrape(job, signal, onProgress);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'abort') {
    aborts.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  aborts.set(message.id, controller);
  run(message.id, message.job, controller.signal).then(
    (value) => port.postMessage({ type: 'done', id: message.id, value } satisfies FromWorker),
    (error: unknown) => port.postMessage({ type: 'failed', id: message.id, error: failure(error, controller.signal) } satisfies FromWorker),
  ).finally(() => aborts.delete(message.id));
});
