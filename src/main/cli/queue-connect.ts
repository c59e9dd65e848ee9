// The queued commands' frame: the batch on the queue and its jobs, opened for one command and closed
// after it, and a failure of the queue or the batch said in one line (exit 1, or 2 for the batch's).
import { BatchError } from '../batch/store';
import { BatchJobs } from '../queue/jobs';
import { QueueError, RedisBatch } from '../queue/redis-batch';

export async function withQueuedBatch(
  queue: string,
  queueName: string | undefined,
  say: (text: string) => void,
  use: (batch: RedisBatch, jobs: BatchJobs) => Promise<number>,
): Promise<number> {
  let batch: RedisBatch;
  try {
    batch = await RedisBatch.connect(queue, queueName);
  } catch (error) {
    if (!(error instanceof QueueError)) throw error;
    say(error.message);
    return 1;
  }
  const jobs = new BatchJobs(batch);
  try {
    return await use(batch, jobs);
  } catch (error) {
    if (!(error instanceof QueueError) && !(error instanceof BatchError)) throw error;
    say(error.message);
    return error instanceof BatchError ? 2 : 1;
  } finally {
    await jobs.close().catch(() => undefined);
    await batch.close();
  }
}
