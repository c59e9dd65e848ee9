// Following a batch queued in Redis (`openscraper batch --queue`, run by `openscraper worker`
// processes): the Batch view asks main for the queue's status about once a second and shows it,
// until the user stops following or follows another queue.
import type { StateCreator } from 'zustand';
import type { Api } from '../../../shared/contract';
import type { QueueStatus } from '../../../shared/queue';
import type { AppState } from './types';

export const QUEUE_POLL_MS = 1000;

export interface QueueFollow {
  url: string;
  name: string;
}

export interface QueueSlice {
  queueFollow: QueueFollow | null;
  queueStatus: QueueStatus | null;
  queueError: string | null;
  /** Follows the queue: its status now, then again every second. */
  followQueue(follow: QueueFollow): Promise<void>;
  stopFollowingQueue(): void;
}

export function createQueueSlice(api: Api, pollMs = QUEUE_POLL_MS): StateCreator<AppState, [], [], QueueSlice> {
  /** Each follow has its own number: a newer one ends the older loop. */
  let generation = 0;
  return (set) => ({
    queueFollow: null,
    queueStatus: null,
    queueError: null,
    async followQueue(follow) {
      const mine = ++generation;
      set({ queueFollow: follow, queueStatus: null, queueError: null });
      while (mine === generation) {
        try {
          const answer = await api['batch:queue-status']({ queue: follow.url.trim(), name: follow.name.trim() || undefined });
          if (mine !== generation) return;
          if (answer.ok) set({ queueStatus: answer.status, queueError: null });
          else set({ queueError: answer.error });
        } catch (error) {
          if (mine !== generation) return;
          set({ queueError: error instanceof Error ? error.message : String(error) });
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    stopFollowingQueue() {
      generation++;
      set({ queueFollow: null, queueStatus: null, queueError: null });
    },
  });
}
