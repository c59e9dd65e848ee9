// The budget holds whatever the machine's load: work is counted, and time is the converting
// thread's CPU time where the caller can read it, looked at only once wall time passes the limit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Budget, BudgetExceeded, limitsFor, nodeLimitFor, timeLimitFor } from '../../../src/shared/core/budget';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Drives performance.now() by hand. */
function wallClock(start = 1000): { set(ms: number): void } {
  let now = start;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return { set: (ms) => (now = start + ms) };
}

function ticks(budget: Budget, count: number): void {
  for (let i = 0; i < count; i++) budget.tick();
}

describe('the budget', () => {
  it('defaults grow with the input: nodes twice its length, time 10 s plus 3 s per MiB', () => {
    expect(limitsFor(1000)).toEqual({ maxNodes: 50_000, maxMs: 10_003 });
    expect(limitsFor(14 * 1024 * 1024)).toEqual({ maxNodes: 4_000_000, maxMs: 52_000 });
    expect(nodeLimitFor(1_000_000)).toBe(2_000_000);
    expect(timeLimitFor(100 * 1024 * 1024)).toBe(60_000);
    expect(limitsFor(1000, { maxMs: 500 })).toEqual({ maxNodes: 50_000, maxMs: 500 });
    expect(limitsFor(0).maxMs).toBe(10_000);
    expect(() => limitsFor(1000, { maxNodes: 0 })).toThrow(RangeError);
  });

  it('counts nodes and attributes as work, deterministically', () => {
    const budget = new Budget({ maxNodes: 100, maxMs: 1e9 });
    budget.countNode(49);
    budget.countNode(49);
    expect(budget.nodesCreated).toBe(100);
    expect(() => budget.countNode()).toThrow(/more than 100 nodes/);
  });

  it('on a busy machine, lets a page through whose CPU time is within the limit though its wall time is not', () => {
    const wall = wallClock();
    let cpu = 0;
    const budget = new Budget({ maxNodes: 1e9, maxMs: 1000 }, () => cpu);
    // Three times the wall time of the CPU time: a third of a core.
    wall.set(2700);
    cpu = 900;
    expect(() => ticks(budget, 10_000)).not.toThrow();
    wall.set(3300);
    cpu = 1100;
    expect(() => ticks(budget, 10_000)).toThrow(/more than 1000 ms of CPU time/);
  });

  it('never reads the CPU clock while wall time is within the limit', () => {
    const wall = wallClock();
    const cpuClock = vi.fn(() => 0);
    const budget = new Budget({ maxNodes: 1e9, maxMs: 1000 }, cpuClock);
    expect(cpuClock).toHaveBeenCalledTimes(1); // its start
    wall.set(999);
    ticks(budget, 100_000);
    expect(cpuClock).toHaveBeenCalledTimes(1);
  });

  it('falls back to wall time without a CPU clock', () => {
    const wall = wallClock();
    const budget = new Budget({ maxNodes: 1e9, maxMs: 1000 });
    wall.set(1001);
    let error: unknown;
    try {
      ticks(budget, 1000);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BudgetExceeded);
    expect((error as BudgetExceeded).message).toMatch(/more than 1000 ms while parsing/);
  });
});
