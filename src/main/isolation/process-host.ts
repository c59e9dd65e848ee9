// A host in a child process, for work whose memory a heap limit cannot bound: pdf.js decompresses
// streams into array buffers, which live outside the JavaScript heap (a 7 KB PDF inflated to 4 GB).
// A process's resident memory and CPU time can be read on their own (/proc on Linux), and the
// process killed.
import { type ChildProcess, fork } from 'node:child_process';
import type { EntryFile } from './entry-file';
import type { HostFactory } from './host';
import { processCpuMs, residentBytes } from './proc-stats';

/** What a child sends once it has loaded what it needs, before any job: see READY_MESSAGE. */
export const READY_MESSAGE = { ready: true } as const;

function isReadyMessage(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { ready?: unknown }).ready === true;
}

export function processHost<Job, Reply>(entry: EntryFile, maxHeapMb: number): HostFactory<Job, Reply> {
  return (events) => {
    const execArgv = [...(entry.typescript ? ['--import', 'tsx'] : []), `--max-old-space-size=${maxHeapMb}`];
    const child: ChildProcess = fork(entry.file, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    let exited = false;
    // Until the child says it is ready (loaded), its memory and CPU time are its start-up's, not a job's.
    let ready = false;
    const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.on('message', (message) => {
      if (isReadyMessage(message)) ready = true;
      else events.reply(message as Reply);
    });
    child.on('error', (error) => events.death(error, false));
    child.on('exit', (code, signal) => {
      exited = true;
      // V8 aborts a process that runs out of heap.
      events.death(new Error(`the process stopped (${signal ?? `exit code ${code}`})`), signal === 'SIGABRT' || code === 134);
    });
    const setBusy = (busy: boolean) => {
      const channel = child.channel as { ref(): void; unref(): void } | undefined;
      if (busy) {
        child.ref();
        channel?.ref();
      } else {
        child.unref();
        channel?.unref();
      }
    };
    setBusy(false);
    return {
      send: (job) => child.send(job as object),
      kill: async () => {
        if (!exited) child.kill('SIGKILL');
        await exit;
      },
      setBusy,
      memoryBytes: () => (ready ? residentBytes(child.pid) : undefined),
      cpuMs: () => (ready ? processCpuMs(child.pid) : undefined),
    };
  };
}
