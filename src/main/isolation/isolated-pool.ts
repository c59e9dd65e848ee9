// A pool of isolated hosts (worker threads or child processes), one job per host at a time, where
// a runaway can be stopped: a job past its hard limit, over its memory cap, or cancelled while it
// runs has its host killed, fails alone, and the next job gets a fresh host. Hosts start on demand,
// are reused, stop when idle, and never keep the process alive while idle.
import { LoadError } from '../loaders/source';
import type { Host, HostFactory } from './host';

export interface PoolJob {
  id: number;
}

export type PoolReply<Result> =
  | { id: number; ok: true; value: Result }
  | { id: number; ok: false; code: LoadError['code']; message: string }
  /** Where the job is (a stage name), sent while it runs. */
  | { id: number; progress: string };

export interface IsolatedPoolOptions<Job, Result> {
  factory: HostFactory<Job, PoolReply<Result>>;
  size: number;
  idleMs: number;
  /** What the work is, for messages: "converting the page", "reading the PDF". */
  what: string;
  /** Memory a job may add to its host (where the host can measure it), in bytes; checked every `memoryCheckMs`. */
  maxMemoryBytes?: number;
  memoryCheckMs?: number;
  /** Message for a job whose host ran out of memory. */
  outOfMemory: string;
}

/** How long a job may run: wall time (its host is killed past it), and CPU time where the host can tell. */
export interface JobLimits {
  wallMs: number;
  cpuMs?: number;
}

interface Task<Job, Result> {
  job: Job & PoolJob;
  limits: JobLimits;
  signal?: AbortSignal;
  resolve: (value: Result) => void;
  reject: (error: Error) => void;
  onAbort?: () => void;
  onProgress?: (stage: string) => void;
  settled: boolean;
}

interface Slot<Job, Result> {
  host: Host<Job & PoolJob>;
  task: Task<Job, Result> | null;
  timer?: NodeJS.Timeout;
  memoryTimer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
}

export class IsolatedPool<Job, Result> {
  private readonly slots = new Set<Slot<Job, Result>>();
  private readonly queue: Array<Task<Job, Result>> = [];
  private nextId = 1;
  /** Hosts started so far (one more after each that was killed or died). */
  started = 0;

  constructor(private readonly options: IsolatedPoolOptions<Job, Result>) {}

  /** Runs `job`, killed past its limits. Fails with a LoadError. */
  run(job: Job, limits: JobLimits, signal?: AbortSignal, onProgress?: (stage: string) => void): Promise<Result> {
    if (signal?.aborted) return Promise.reject(this.cancelled());
    return new Promise<Result>((resolve, reject) => {
      const task: Task<Job, Result> = { job: { ...job, id: this.nextId++ }, limits, signal, resolve, reject, onProgress, settled: false };
      if (signal) {
        task.onAbort = () => this.cancel(task);
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Kills every host; queued and running jobs fail as cancelled. */
  async close(): Promise<void> {
    for (const task of this.queue.splice(0)) this.settle(task, this.cancelled());
    await Promise.all(
      [...this.slots].map((slot) => {
        if (slot.task) this.settle(slot.task, this.cancelled());
        return this.retire(slot);
      }),
    );
  }

  private cancelled(): LoadError {
    return new LoadError('cancelled', `${this.options.what} was cancelled`);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((candidate) => candidate.task === null);
      if (slot === undefined) {
        if (this.slots.size >= this.options.size) return;
        slot = this.spawn();
      }
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot<Job, Result> {
    const slot = {} as Slot<Job, Result>;
    slot.task = null;
    slot.host = this.options.factory({
      reply: (reply) => this.onReply(slot, reply),
      death: (error, outOfMemory) => this.onDeath(slot, error, outOfMemory),
    });
    this.started++;
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot<Job, Result>, task: Task<Job, Result>): void {
    clearTimeout(slot.idleTimer);
    slot.task = task;
    slot.host.setBusy(true);
    const { wallMs, cpuMs } = task.limits;
    slot.timer = setTimeout(() => this.stop(slot, new LoadError('budget', `${this.options.what} ran past ${seconds(wallMs)} and was stopped`)), wallMs);
    this.watch(slot, cpuMs);
    slot.host.send(task.job);
  }

  /**
   * Checks the host's memory and CPU time while the job runs, where the host can measure them,
   * against what they were when it could first be measured (a host still starting cannot yet).
   */
  private watch(slot: Slot<Job, Result>, cpuLimitMs: number | undefined): void {
    const { maxMemoryBytes } = this.options;
    const watchesMemory = maxMemoryBytes !== undefined && slot.host.memoryBytes !== undefined;
    const watchesCpu = cpuLimitMs !== undefined && slot.host.cpuMs !== undefined;
    if (!watchesMemory && !watchesCpu) return;
    let memoryBefore: number | undefined;
    let cpuBefore: number | undefined;
    const check = () => {
      const memory = watchesMemory ? slot.host.memoryBytes!() : undefined;
      if (memory !== undefined) {
        memoryBefore ??= memory;
        if (memory - memoryBefore > maxMemoryBytes!) return this.stop(slot, new LoadError('budget', this.options.outOfMemory));
      }
      const cpu = watchesCpu ? slot.host.cpuMs!() : undefined;
      if (cpu !== undefined) {
        cpuBefore ??= cpu;
        if (cpu - cpuBefore > cpuLimitMs!) this.stop(slot, new LoadError('budget', `${this.options.what} took more than ${seconds(cpuLimitMs!)} of CPU time and was stopped`));
      }
    };
    check();
    slot.memoryTimer = setInterval(check, this.options.memoryCheckMs ?? 50);
  }

  private onReply(slot: Slot<Job, Result>, reply: PoolReply<Result>): void {
    const task = slot.task;
    if (task === null || task.job.id !== reply.id) return;
    if ('progress' in reply) {
      task.onProgress?.(reply.progress);
      return;
    }
    this.idle(slot);
    if (reply.ok) this.settle(task, null, reply.value);
    else this.settle(task, new LoadError(reply.code, reply.message));
    this.dispatch();
  }

  /** The host died (out of memory, or crashed): its job fails, the next job gets a fresh host. */
  private onDeath(slot: Slot<Job, Result>, error: Error, outOfMemory: boolean): void {
    if (!this.slots.has(slot)) return; // killed on purpose
    this.slots.delete(slot);
    this.clearTimers(slot);
    const task = slot.task;
    slot.task = null;
    if (task) this.settle(task, outOfMemory ? new LoadError('budget', this.options.outOfMemory) : new LoadError('internal', `${this.options.what} failed: ${error.message}`));
    this.dispatch();
  }

  private cancel(task: Task<Job, Result>): void {
    const queued = this.queue.indexOf(task);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      this.settle(task, this.cancelled());
      return;
    }
    // Running: the work is synchronous where it runs and cannot hear a message. Kill it.
    const slot = [...this.slots].find((candidate) => candidate.task === task);
    if (slot !== undefined) this.stop(slot, this.cancelled());
  }

  /** Fails the slot's job with `error`, kills its host, and carries on with the queue. */
  private stop(slot: Slot<Job, Result>, error: Error): void {
    if (slot.task) this.settle(slot.task, error);
    void this.retire(slot);
    this.dispatch();
  }

  private async retire(slot: Slot<Job, Result>): Promise<void> {
    this.slots.delete(slot);
    this.clearTimers(slot);
    slot.task = null;
    slot.host.setBusy(false);
    await slot.host.kill();
  }

  private idle(slot: Slot<Job, Result>): void {
    this.clearTimers(slot);
    slot.task = null;
    slot.host.setBusy(false);
    slot.idleTimer = setTimeout(() => {
      if (slot.task === null) void this.retire(slot);
    }, this.options.idleMs);
    slot.idleTimer.unref();
  }

  private clearTimers(slot: Slot<Job, Result>): void {
    clearTimeout(slot.timer);
    clearInterval(slot.memoryTimer);
    clearTimeout(slot.idleTimer);
  }

  private settle(task: Task<Job, Result>, error: Error | null, value?: Result): void {
    if (task.settled) return;
    task.settled = true;
    if (task.signal && task.onAbort) task.signal.removeEventListener('abort', task.onAbort);
    if (error) task.reject(error);
    else task.resolve(value as Result);
  }
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}
