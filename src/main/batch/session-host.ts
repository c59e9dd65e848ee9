// Where the app's batch runs: in a worker thread (the built `batch-worker.js` beside the main
// bundle, or the TypeScript source through tsx in development and tests). The calling thread runs
// it only when a caller asks for that explicitly (`{ kind: 'thread' }`, for tests): a missing
// worker is an error, never a silent fallback that would freeze the app's main process.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BatchSession } from './session';
import type { SessionCommand, SessionUpdate } from './session-protocol';

const CLOSE_GRACE_MS = 5000;

export interface SessionChannel {
  send(command: SessionCommand): void;
  /** Cancels the run (its manifest is written) and stops the thread. */
  close(): Promise<void>;
  readonly inWorker: boolean;
}

export type SessionPlace = { kind: 'worker'; file: string; typescript: boolean } | { kind: 'thread' };

/** The built worker next to this module, else its TypeScript source; neither is an error. */
export function defaultSessionPlace(dir: string = import.meta.dirname): SessionPlace {
  const built = join(dir, 'batch-worker.js');
  if (existsSync(built)) return { kind: 'worker', file: built, typescript: false };
  const source = join(dir, 'session-worker.ts');
  if (existsSync(source) && existsSync(join(dir, '../services/worker-bootstrap.mjs'))) return { kind: 'worker', file: source, typescript: true };
  throw new Error(`the batch worker is missing: neither ${built} nor ${source} exists (run \`npm run build\`)`);
}

export function openSession(onUpdate: (update: SessionUpdate) => void, place: SessionPlace = defaultSessionPlace()): SessionChannel {
  if (place.kind === 'thread') {
    const session = new BatchSession(onUpdate);
    return {
      inWorker: false,
      // Asynchronously, as a worker would: a command never runs inside its sender's call.
      send: (command) => queueMicrotask(() => session.handle(command)),
      close: () => session.close(),
    };
  }
  const worker = place.typescript
    ? new Worker(join(import.meta.dirname, '../services/worker-bootstrap.mjs'), { workerData: { entry: pathToFileURL(place.file).href }, stdout: false, stderr: false })
    : new Worker(place.file, { stdout: false, stderr: false });
  let closing = false;
  let closed: (() => void) | undefined;
  worker.on('message', (update: SessionUpdate) => (update.type === 'closed' ? closed?.() : onUpdate(update)));
  worker.on('error', (error) => onUpdate({ type: 'failed', message: `the batch worker failed: ${error.message}` }));
  worker.on('exit', (code) => {
    if (!closing) onUpdate({ type: 'failed', message: `the batch worker stopped (exit code ${code})` });
  });
  return {
    inWorker: true,
    send: (command) => worker.postMessage(command),
    close: async () => {
      if (closing) return;
      closing = true;
      // The run winds down and writes its manifest (a few seconds at most), then the thread goes.
      await new Promise<void>((resolve) => {
        closed = resolve;
        setTimeout(resolve, CLOSE_GRACE_MS).unref();
        worker.postMessage({ type: 'close' } satisfies SessionCommand);
      });
      await worker.terminate();
    },
  };
}
