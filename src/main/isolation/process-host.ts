// A host in a child process, for work whose memory a heap limit cannot bound: pdf.js decompresses
// streams into array buffers, which live outside the JavaScript heap (a 7 KB PDF inflated to 4 GB).
// A process's resident memory can be read on its own (/proc on Linux) and the process killed.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { EntryFile } from './entry-file';
import type { HostFactory } from './host';

/** Resident memory of a process, from /proc/<pid>/status; undefined where that cannot be read. */
export function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function processHost<Job, Reply>(entry: EntryFile, maxHeapMb: number): HostFactory<Job, Reply> {
  return (events) => {
    const execArgv = [...(entry.typescript ? ['--import', 'tsx'] : []), `--max-old-space-size=${maxHeapMb}`];
    const child: ChildProcess = fork(entry.file, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    let exited = false;
    const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.on('message', (reply) => events.reply(reply as Reply));
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
      memoryBytes: () => residentBytes(child.pid),
    };
  };
}
