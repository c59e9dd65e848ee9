// Pages run where a runaway can be stopped: a job past its time, over its memory, or cancelled
// while it runs has its host killed and fails alone, with a reason; the next job gets a fresh host.
// With stand-in jobs that misbehave on purpose (test/fixtures/isolation), in real worker threads and
// child processes.
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostFactory } from '../../../src/main/isolation/host';
import { IsolatedPool, type PoolReply } from '../../../src/main/isolation/isolated-pool';
import { processHost } from '../../../src/main/isolation/process-host';
import { threadHost } from '../../../src/main/isolation/thread-host';
import { LoadError } from '../../../src/main/loaders/source';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/isolation');

interface Job {
  action: 'echo' | 'fail' | 'spin' | 'heap' | 'buffers';
  value?: string;
}

const pools: Array<IsolatedPool<Job, string>> = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function pool(factory: HostFactory<Job, PoolReply<string>>, options: { maxMemoryMb?: number } = {}): IsolatedPool<Job, string> {
  const created = new IsolatedPool<Job, string>({
    factory,
    size: 1,
    idleMs: 60_000,
    what: 'the job',
    maxMemoryBytes: options.maxMemoryMb === undefined ? undefined : options.maxMemoryMb * 1024 * 1024,
    memoryCheckMs: 20,
    outOfMemory: 'the job needs more memory than it may use, and was stopped',
  });
  pools.push(created);
  return created;
}

const threads = () => threadHost<Job, PoolReply<string>>({ file: join(FIXTURES, 'worker.mjs'), typescript: false }, 64);
const processes = () => processHost<Job, PoolReply<string>>({ file: join(FIXTURES, 'process.mjs'), typescript: false }, 64);

async function failure(promise: Promise<unknown>): Promise<LoadError> {
  const error = await promise.then(
    () => expect.unreachable('the job should have failed'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LoadError);
  return error as LoadError;
}

describe.each([
  ['worker threads', threads],
  ['child processes', processes],
])('a pool of %s', (_name, factory) => {
  it('runs jobs and reuses its host', async () => {
    const jobs = pool(factory());
    expect(await jobs.run({ action: 'echo', value: 'a' }, { wallMs: 30_000 })).toBe('a');
    expect(await jobs.run({ action: 'echo', value: 'b' }, { wallMs: 30_000 })).toBe('b');
    expect(jobs.started).toBe(1);
  });

  it('passes a job failure on as a LoadError with its code', async () => {
    const error = await failure(pool(factory()).run({ action: 'fail' }, { wallMs: 30_000 }));
    expect(error.code).toBe('pdf');
  });

  it('stops a job that runs past its wall-clock limit, and runs the next on a fresh host', async () => {
    const jobs = pool(factory());
    const error = await failure(jobs.run({ action: 'spin' }, { wallMs: 300 }));
    expect(error.code).toBe('budget');
    expect(error.message).toMatch(/ran past 300 ms and was stopped/);
    expect(await jobs.run({ action: 'echo', value: 'after' }, { wallMs: 30_000 })).toBe('after');
    expect(jobs.started).toBe(2);
  });

  it('stops a job that exhausts its heap', async () => {
    const jobs = pool(factory());
    const error = await failure(jobs.run({ action: 'heap' }, { wallMs: 120_000 }));
    expect(error.code).toBe('budget');
    expect(error.message).toMatch(/more memory/);
    expect(await jobs.run({ action: 'echo', value: 'after' }, { wallMs: 30_000 })).toBe('after');
  });

  it('kills a running job when it is cancelled, and drops a queued one', async () => {
    const jobs = pool(factory());
    const running = new AbortController();
    const queued = new AbortController();
    const first = jobs.run({ action: 'spin' }, { wallMs: 120_000 }, running.signal);
    const second = jobs.run({ action: 'echo', value: 'never' }, { wallMs: 120_000 }, queued.signal);
    queued.abort();
    expect((await failure(second)).code).toBe('cancelled');
    running.abort();
    expect((await failure(first)).code).toBe('cancelled');
    expect(await jobs.run({ action: 'echo', value: 'after' }, { wallMs: 30_000 })).toBe('after');
  });
});

describe('a pool of child processes, measured from outside', () => {
  it('stops a job whose memory outside the heap passes the cap (as a PDF inflating a stream)', async () => {
    const jobs = pool(processes(), { maxMemoryMb: 200 });
    const error = await failure(jobs.run({ action: 'buffers' }, { wallMs: 120_000 }));
    expect(error.code).toBe('budget');
    expect(error.message).toBe('the job needs more memory than it may use, and was stopped');
  });

  it('stops a job past its CPU time, counted in its own process', async () => {
    const jobs = pool(processes());
    const error = await failure(jobs.run({ action: 'spin' }, { wallMs: 120_000, cpuMs: 300 }));
    expect(error.code).toBe('budget');
    expect(error.message).toMatch(/took more than 300 ms of CPU time/);
  });
});
