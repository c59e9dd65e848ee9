// The store's following of a queued batch: it asks again every poll until told to stop, a newer
// follow ends the older one (no answer of the old queue lands after it), failures are shown, and
// the request is checked by the contract (a URL that is not redis:// never reaches main).
import { describe, expect, it } from 'vitest';
import { validators } from '../../src/shared/contract';
import type { QueueStatus, QueueStatusResponse } from '../../src/shared/queue';
import { createQueueSlice, type QueueSlice } from '../../src/renderer/src/store/queue-slice';
import type { Api } from '../../src/shared/contract';
import type { AppState } from '../../src/renderer/src/store/types';

function status(name: string, done: number): QueueStatus {
  return { name, url: 'redis://h:6379', created: '2026-01-01T00:00:00Z', complete: true, counts: { total: 10, done, failed: 0, pending: 10 - done, running: 0 }, waiting: 10 - done, running: 0, retrying: 0, lost: 0, workers: [] };
}

function store(answer: (request: { queue: string; name?: string }) => Promise<QueueStatusResponse>) {
  let state = {} as QueueSlice;
  const set = (patch: Partial<QueueSlice>) => void (state = { ...state, ...patch });
  const asked: Array<{ queue: string; name?: string }> = [];
  const api = {
    'batch:queue-status': async (request: { queue: string; name?: string }) => {
      asked.push(validators['batch:queue-status'](request) as { queue: string; name?: string });
      return answer(request);
    },
  } as unknown as Api;
  state = createQueueSlice(api, 10)(set as never, () => state as unknown as AppState, {} as never);
  return { get: () => state, asked };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('following a queued batch', () => {
  it('polls until stopped, and a newer follow replaces the older', async () => {
    let calls = 0;
    const { get, asked } = store(async ({ name }) => ({ ok: true, status: status(name ?? 'openscraper', Math.min(10, ++calls)) }));
    void get().followQueue({ url: 'redis://h:6379', name: 'first' });
    await until(() => (get().queueStatus?.counts.done ?? 0) >= 3);
    expect(get().queueStatus?.name).toBe('first');
    void get().followQueue({ url: 'redis://h:6379', name: '' });
    await until(() => get().queueStatus?.name === 'openscraper');
    const seen = asked.length;
    get().stopFollowingQueue();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(asked.length).toBeLessThanOrEqual(seen + 1);
    expect(get().queueFollow).toBeNull();
    expect(get().queueStatus).toBeNull();
    expect(asked.at(-1)).toEqual({ queue: 'redis://h:6379' });
  });

  it('shows why a queue cannot be followed', async () => {
    const { get } = store(async () => ({ ok: false, error: 'cannot reach Redis at redis://h:6379: connect ECONNREFUSED' }));
    void get().followQueue({ url: 'redis://h:6379', name: 'x' });
    await until(() => get().queueError !== null);
    expect(get().queueError).toMatch(/ECONNREFUSED/);
    get().stopFollowingQueue();
    expect(() => validators['batch:queue-status']({ queue: 'http://h:6379' })).toThrow(/batch:queue-status\.queue: has an invalid format/);
    expect(() => validators['batch:queue-status']({ queue: 'redis://h', name: 'a b' })).toThrow(/name/);
  });
});
