// The batch's queue in this process: which URL starts next. At most `concurrency` at once, at most
// `perHost` at once per host, and at least `delayMs` between two starts on the same host
// (politeness). Hosts take turns, so one big site does not starve the others. Retries wait on
// timers and then go first in their host's line; a host can be held back as a whole (a
// Retry-After). Each start is O(1): only hosts that can start something now are in the ready set.
import type { BatchQueue, Job, QueueLimits } from './queue';

interface HostState {
  queue: Job[];
  head: number;
  /** Jobs due again after a retry delay: they go before the rest. */
  urgent: Job[];
  active: number;
  /** Date.now() before which no job of this host may start. */
  notBefore: number;
  timer?: NodeJS.Timeout;
}

export class HostScheduler implements BatchQueue {
  private readonly hosts = new Map<string, HostState>();
  private readonly ready = new Set<string>();
  private readonly delayed = new Map<NodeJS.Timeout, Job>();
  private queued = 0;
  private running = 0;
  private paused = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly options: QueueLimits,
    private readonly start: (job: Job) => Promise<void>,
  ) {}

  get active(): number {
    return this.running;
  }

  /** Jobs waiting to start, retries waiting on their timer included. */
  get waiting(): number {
    return this.queued + this.delayed.size;
  }

  add(job: Job): void {
    const host = this.host(job.host);
    host.queue.push(job);
    this.queued++;
    this.ready.add(job.host);
    this.pump();
  }

  /** Starts the job again after `delayMs`, ahead of its host's other jobs. */
  addLater(job: Job, delayMs: number): void {
    const timer = setTimeout(() => {
      this.delayed.delete(timer);
      this.host(job.host).urgent.push(job);
      this.queued++;
      this.ready.add(job.host);
      this.pump();
    }, delayMs);
    this.delayed.set(timer, job);
  }

  /** No job of this host starts before `until` (a Date.now() value). */
  holdHost(hostName: string, until: number): void {
    const host = this.host(hostName);
    host.notBefore = Math.max(host.notBefore, until);
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const [name, host] of this.hosts) if (this.pendingIn(host) > 0) this.ready.add(name);
    this.pump();
  }

  /** Takes every job that has not started (retries waiting included) out of the scheduler. */
  drain(): Job[] {
    const jobs: Job[] = [];
    for (const [timer, job] of this.delayed) {
      clearTimeout(timer);
      jobs.push(job);
    }
    this.delayed.clear();
    for (const host of this.hosts.values()) {
      jobs.push(...host.urgent, ...host.queue.slice(host.head));
      host.urgent = [];
      host.queue = [];
      host.head = 0;
      if (host.timer) clearTimeout(host.timer);
      host.timer = undefined;
    }
    this.queued = 0;
    this.ready.clear();
    this.checkIdle();
    return jobs.sort((a, b) => a.index - b.index);
  }

  /** Resolves when nothing runs and nothing waits (not while paused with work left). */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.running === 0 && this.queued === 0 && this.delayed.size === 0;
  }

  private checkIdle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private host(name: string): HostState {
    let host = this.hosts.get(name);
    if (!host) {
      host = { queue: [], head: 0, urgent: [], active: 0, notBefore: 0 };
      this.hosts.set(name, host);
    }
    return host;
  }

  private pendingIn(host: HostState): number {
    return host.urgent.length + host.queue.length - host.head;
  }

  private take(host: HostState): Job {
    if (host.urgent.length > 0) return host.urgent.shift()!;
    const job = host.queue[host.head++];
    if (host.head > 1024 && host.head * 2 > host.queue.length) {
      host.queue = host.queue.slice(host.head);
      host.head = 0;
    }
    return job;
  }

  private wakeAt(name: string, host: HostState, at: number): void {
    if (host.timer) return;
    host.timer = setTimeout(() => {
      host.timer = undefined;
      if (this.pendingIn(host) > 0) this.ready.add(name);
      this.pump();
    }, Math.max(0, at - Date.now()));
  }

  private pump(): void {
    if (this.paused) return;
    // A host moved to the end of the set is visited again in this loop: each visit either starts a
    // job or takes the host out of the set, so the loop ends.
    for (const name of this.ready) {
      if (this.running >= this.options.concurrency) return;
      const host = this.hosts.get(name)!;
      this.ready.delete(name);
      if (this.pendingIn(host) === 0 || host.active >= this.options.perHost) continue;
      const now = Date.now();
      if (host.notBefore > now) {
        this.wakeAt(name, host, host.notBefore);
        continue;
      }
      const job = this.take(host);
      this.queued--;
      host.active++;
      this.running++;
      host.notBefore = now + this.options.delayMs;
      this.ready.add(name); // to the end: hosts take turns
      this.run(name, host, job);
    }
  }

  private run(name: string, host: HostState, job: Job): void {
    const settle = () => {
      host.active--;
      this.running--;
      // To the back of the line: the hosts that waited go first.
      this.ready.delete(name);
      if (this.pendingIn(host) > 0) this.ready.add(name);
      this.pump();
      this.checkIdle();
    };
    // A job reports its own failures; one that throws anyway must not stop the batch.
    this.start(job).then(settle, settle);
  }
}
