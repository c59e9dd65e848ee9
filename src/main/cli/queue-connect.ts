// The queued commands' first step: the batch on the queue, or one line saying why it cannot be reached.
import { QueueError, RedisBatch } from '../queue/redis-batch';

/** Connects to the batch named on the queue; undefined after `say`ing why not (a bad URL or name, Redis unreachable). */
export async function connectBatch(queue: string, queueName: string | undefined, say: (text: string) => void): Promise<RedisBatch | undefined> {
  try {
    return await RedisBatch.connect(queue, queueName);
  } catch (error) {
    if (!(error instanceof QueueError)) throw error;
    say(error.message);
    return undefined;
  }
}
