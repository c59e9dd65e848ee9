// A host in a worker thread, with a heap limit: a job that needs more memory kills only its worker.
import { Worker } from 'node:worker_threads';
import { type EntryFile, tsxWorkerBootstrap } from './entry-file';
import type { HostFactory } from './host';

export function threadHost<Job, Reply>(entry: EntryFile, maxHeapMb: number): HostFactory<Job, Reply> {
  return (events) => {
    const options = { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb }, stdout: false, stderr: false };
    let worker: Worker;
    if (entry.typescript) {
      const { script, workerData } = tsxWorkerBootstrap(entry);
      worker = new Worker(script, { ...options, workerData });
    } else {
      worker = new Worker(entry.file, options);
    }
    worker.on('message', (reply: Reply) => events.reply(reply));
    worker.on('error', (error) => events.death(error, (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'));
    worker.on('exit', (code) => events.death(new Error(`the worker stopped (exit code ${code})`), false));
    worker.unref();
    return {
      send: (job) => worker.postMessage(job),
      kill: async () => {
        await worker.terminate();
      },
      setBusy: (busy) => (busy ? worker.ref() : worker.unref()),
    };
  };
}
