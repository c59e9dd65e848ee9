// Runs bench jobs in child processes, one at a time (the machine has two cores, shared).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchJob, BenchOutcome } from './protocol';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

export function runInChild<T extends BenchOutcome>(job: BenchJob): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [JSON.stringify(job)], {
      execArgv: ['--import', import.meta.resolve('tsx'), '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    let outcome: T | undefined;
    child.on('message', (message) => {
      outcome = message as T;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (outcome !== undefined) resolve(outcome);
      else reject(new Error(`bench child for ${JSON.stringify(job)} exited (${signal ?? `code ${code}`}) without a result`));
    });
  });
}
