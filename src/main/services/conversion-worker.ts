// The conversion worker: runs convert() (and the decoding or PDF reading before it) off the main
// thread, so a 20 MB page never freezes the app. A job in a synchronous conversion cannot
// see an abort message; the host terminates the worker for that (see worker-host.ts).
import { parentPort } from 'node:worker_threads';
import { convert } from '../../shared/core';
import { type ScrapeProgress, toScrapeError } from '../../shared/page';
import { convertRaw } from './conversion';
import type { FromWorker, ToWorker, WorkerJob } from './worker-protocol';
import { threadCpuClock } from '../isolation/proc-stats';

const port = parentPort;
if (!port) throw new Error('conversion-worker.ts must run in a worker thread');

const aborts = new Map<number, AbortController>();

async function run(id: number, job: WorkerJob, signal: AbortSignal): Promise<unknown> {
  const onProgress = (progress: ScrapeProgress) => port!.postMessage({ type: 'progress', id, progress } satisfies FromWorker);
  // The same budget as everywhere: this thread's CPU time, not the wall clock.
  if (job.kind === 'convert') return convert(job.html, { ...job.options, budget: { ...job.options.budget, cpuClock: threadCpuClock() }, onStage: (stage) => onProgress({ stage, bytes: job.html.length }) });
  // Each PDF in a process of its own and each conversion in a page worker (the shared pools), so a
  // runaway page is stopped and fails alone, as in the CLI and the library.
  return convertRaw(job.job, signal, onProgress);
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
    (error: unknown) => port.postMessage({ type: 'failed', id: message.id, error: toScrapeError(error, controller.signal) } satisfies FromWorker),
  ).finally(() => aborts.delete(message.id));
});
