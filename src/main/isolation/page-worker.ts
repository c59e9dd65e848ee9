// A page worker: converts one page at a time, off the thread that asked, within the page's budget
// measured in this thread's CPU time. What a page does to this thread (run out of memory, run past
// every limit) ends here: the pool terminates the worker and starts another.
import { parentPort } from 'node:worker_threads';
import { BudgetExceeded, convert } from '../../shared/core';
import type { ConvertResult } from '../../shared/core/types';
import type { PoolJob, PoolReply } from './isolated-pool';
import type { ConvertJob } from './page-pool';
import { threadCpuClock } from './proc-stats';

const port = parentPort;
if (!port) throw new Error('page-worker must run in a worker thread');
const cpuClock = threadCpuClock();

port.on('message', (job: ConvertJob & PoolJob) => {
  let reply: PoolReply<ConvertResult>;
  try {
    const onStage = (stage: string) => port.postMessage({ id: job.id, progress: stage } satisfies PoolReply<ConvertResult>);
    const value = convert(job.html, { ...job.options, budget: { ...job.options.budget, cpuClock }, onStage });
    reply = { id: job.id, ok: true, value };
  } catch (error) {
    if (error instanceof BudgetExceeded) reply = { id: job.id, ok: false, code: 'budget', message: error.message };
    else reply = { id: job.id, ok: false, code: 'internal', message: `converting the page failed: ${(error as Error)?.message ?? String(error)}` };
  }
  port.postMessage(reply);
});
