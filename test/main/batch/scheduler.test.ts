// The queue under a fake clock: the concurrency and per-host limits are never exceeded, starts on
// one host keep the politeness delay, hosts take turns, retries wait and then go first, a held host
// waits, pause stops new starts, drain takes back what has not started.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../src/main/batch/queue';
import { HostScheduler } from '../../../src/main/batch/scheduler';

interface Started {
  job: Job;
  at: number;
  finish: () => void;
}

function harness(options: { concurrency: number; perHost: number; delayMs: number }) {
  const started: Started[] = [];
  let active = 0;
  let peak = 0;
  const perHost = new Map<string, number>();
  let peakPerHost = 0;
  const scheduler = new HostScheduler(options, (job) => {
    active++;
    peak = Math.max(peak, active);
    perHost.set(job.host, (perHost.get(job.host) ?? 0) + 1);
    peakPerHost = Math.max(peakPerHost, perHost.get(job.host)!);
    return new Promise<void>((resolve) => {
      started.push({
        job,
        at: Date.now(),
        finish: () => {
          active--;
          perHost.set(job.host, perHost.get(job.host)! - 1);
          resolve();
        },
      });
    });
  });
  return { scheduler, started, peaks: () => ({ peak, peakPerHost }) };
}

/** Finishes every started job, lets the promises settle and the clock run, until nothing is left. */
async function runAll(h: ReturnType<typeof harness>, stepMs = 10): Promise<void> {
  for (let guard = 0; guard < 10_000; guard++) {
    const open = h.started.filter((s) => !(s as Started & { done?: boolean }).done);
    for (const s of open) {
      (s as Started & { done?: boolean }).done = true;
      s.finish();
    }
    await vi.advanceTimersByTimeAsync(stepMs);
    if (h.scheduler.active === 0 && h.scheduler.waiting === 0) return;
  }
  throw new Error('the scheduler never went idle');
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the host scheduler', () => {
  it('never runs more than the limits, overall and per host, and runs everything', async () => {
    const h = harness({ concurrency: 5, perHost: 2, delayMs: 0 });
    const hosts = ['a', 'b', 'c', 'd'];
    for (let i = 0; i < 40; i++) h.scheduler.add({ index: i, host: hosts[i % 4] });
    expect(h.scheduler.active).toBe(5);
    await runAll(h);
    expect(h.started.map((s) => s.job.index).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(h.peaks()).toEqual({ peak: 5, peakPerHost: 2 });
  });

  it('keeps the politeness delay between starts on one host, while other hosts go on', async () => {
    const h = harness({ concurrency: 10, perHost: 10, delayMs: 200 });
    for (let i = 0; i < 5; i++) h.scheduler.add({ index: i, host: 'slow' });
    for (let i = 5; i < 8; i++) h.scheduler.add({ index: i, host: `other${i}` });
    await runAll(h, 50);
    const slowStarts = h.started.filter((s) => s.job.host === 'slow').map((s) => s.at);
    for (let i = 1; i < slowStarts.length; i++) expect(slowStarts[i] - slowStarts[i - 1]).toBeGreaterThanOrEqual(200);
    // The other hosts did not wait for the slow one.
    expect(h.started.filter((s) => s.job.host !== 'slow').every((s) => s.at === 1_000_000)).toBe(true);
  });

  it('lets hosts take turns instead of draining the first one', () => {
    const h = harness({ concurrency: 1, perHost: 1, delayMs: 0 });
    for (let i = 0; i < 4; i++) h.scheduler.add({ index: i, host: 'big' });
    h.scheduler.add({ index: 10, host: 'small' });
    h.started[0].finish();
    return vi.advanceTimersByTimeAsync(0).then(() => {
      expect(h.started.map((s) => s.job.index)).toEqual([0, 10]);
    });
  });

  it('starts a retry after its delay, ahead of its host\'s queue, and holds a host when asked', async () => {
    const h = harness({ concurrency: 1, perHost: 1, delayMs: 0 });
    h.scheduler.add({ index: 0, host: 'h' });
    h.scheduler.add({ index: 1, host: 'h' });
    h.scheduler.add({ index: 2, host: 'h' });
    h.scheduler.addLater({ index: 0, host: 'h' }, 100);
    h.scheduler.holdHost('h', Date.now() + 500);
    h.started[0].finish();
    await vi.advanceTimersByTimeAsync(400);
    expect(h.started).toHaveLength(1); // held
    await vi.advanceTimersByTimeAsync(150);
    expect(h.started.map((s) => [s.job.index, s.at - 1_000_000])).toEqual([
      [0, 0],
      [0, 500],
    ]);
  });

  it('starts nothing while paused, and drain takes back what waits, retries included', async () => {
    const h = harness({ concurrency: 2, perHost: 2, delayMs: 0 });
    h.scheduler.pause();
    for (let i = 0; i < 5; i++) h.scheduler.add({ index: i, host: 'h' });
    await vi.advanceTimersByTimeAsync(100);
    expect(h.started).toHaveLength(0);
    h.scheduler.resume();
    expect(h.started).toHaveLength(2);
    h.scheduler.addLater({ index: 9, host: 'h' }, 1000);
    expect(h.scheduler.drain().map((job) => job.index)).toEqual([2, 3, 4, 9]);
    let idle = false;
    void h.scheduler.whenIdle().then(() => (idle = true));
    for (const s of h.started) s.finish();
    await vi.advanceTimersByTimeAsync(2000);
    expect(idle).toBe(true);
    expect(h.started).toHaveLength(2);
  });
});
