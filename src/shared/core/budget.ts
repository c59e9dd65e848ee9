// Every page is hostile, so every stage of a conversion works within a budget, and the budget does
// not depend on how busy the machine is: the same page gives the same outcome idle or loaded.
//
// - Work, counted: the nodes and attributes the parser creates (parse5's adoption agency makes
//   them quadratically on misnested formatting tags: an 82 KB page can ask for millions, and one
//   `<a>` with 6,000 attributes reopened 12,000 times asked for 72 million attributes), and the
//   same units for what later stages copy. Deterministic: it fails the same page on any machine.
// - Time, as a backstop for work nothing counts: CPU time of the converting thread where the
//   caller can read it (the page worker on Linux), else wall time. It is looked at only once wall
//   time has passed the limit (CPU time never runs ahead of it), so a page that finishes in time
//   never pays for reading a clock.

export interface BudgetLimits {
  /** Most work units: nodes and attributes created (and copied, later on). */
  maxNodes: number;
  /** Most milliseconds of CPU time (or wall time where the thread's CPU time cannot be read). */
  maxMs: number;
}

/** Milliseconds of CPU time the calling thread has used so far. */
export type CpuClock = () => number;

export interface BudgetOptions extends Partial<BudgetLimits> {
  /** The converting thread's CPU clock; without one, time is wall time. Not serialisable: set where the conversion runs. */
  cpuClock?: CpuClock;
}

/** The ceilings of the defaults; the defaults themselves grow with the input (see limitsFor). */
export const DEFAULT_BUDGET: BudgetLimits = { maxNodes: 4_000_000, maxMs: 60_000 };

const MIN_NODES = 50_000;
const BASE_MS = 10_000;
const MS_PER_MIB = 3_000;

/**
 * The node limit for an input of this length. Real HTML makes at most about one node per byte
 * (even `<p>x<p>y` with a formatting element reopened in every paragraph), while the pathological
 * pages make many per byte: so the limit is twice the length, at least 50,000, at most `cap`.
 */
export function nodeLimitFor(inputLength: number, cap: number = DEFAULT_BUDGET.maxNodes): number {
  return Math.min(cap, Math.max(MIN_NODES, 2 * inputLength));
}

/**
 * The time limit for an input of this length: 10 s plus 3 s per MiB, at most 60 s. A real 14 MB
 * page takes about 12 s of CPU here; a small pathological page is stopped within seconds.
 */
export function timeLimitFor(inputLength: number, cap: number = DEFAULT_BUDGET.maxMs): number {
  return Math.min(cap, BASE_MS + Math.round((MS_PER_MIB * inputLength) / (1024 * 1024)));
}

/** The limits for an input of this length, with what the caller set taking precedence. */
export function limitsFor(inputLength: number, given: Partial<BudgetLimits> = {}): BudgetLimits {
  return {
    maxNodes: positiveOr(given.maxNodes, () => nodeLimitFor(inputLength)),
    maxMs: positiveOr(given.maxMs, () => timeLimitFor(inputLength)),
  };
}

function positiveOr(value: number | undefined, fallback: () => number): number {
  if (value === undefined) return fallback();
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`budget limits must be positive numbers, not ${value}`);
  return value;
}

export class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded';
  constructor(
    readonly limit: 'nodes' | 'time' | 'depth',
    readonly stage: string,
    detail: string,
  ) {
    super(`BudgetExceeded: ${detail} while ${stage}; the page is too large or pathological to convert`);
  }
}

// Often enough that a stage stuck between two calls is caught within a fraction of a second;
// rare enough to cost nothing measurable.
const CLOCK_EVERY = 256;
/** Once past the wall-time limit, the CPU clock (a system call) is read at most this often. */
const CPU_READ_EVERY_MS = 20;

export class Budget {
  private work = 0;
  private ticks = 0;
  private readonly wallStart: number;
  private readonly cpuStart: number | undefined;
  private nextCpuRead = 0;
  stage = 'parsing';

  constructor(
    readonly limits: BudgetLimits = DEFAULT_BUDGET,
    private readonly cpuClock?: CpuClock,
  ) {
    this.wallStart = now();
    this.cpuStart = cpuClock?.();
  }

  /** Counts one created node (and its attributes); throws once the page has made too many. */
  countNode(attributes = 0): void {
    this.spend(1 + attributes);
  }

  /** Counts `units` of work (nodes or attributes created or copied); throws past the limit. */
  spend(units: number): void {
    this.work += units;
    if (this.work > this.limits.maxNodes) {
      throw new BudgetExceeded('nodes', this.stage, `more than ${this.limits.maxNodes} nodes`);
    }
    this.tick();
  }

  /** Cheap enough for hot loops: looks at the clock once every few hundred calls. */
  tick(): void {
    if (++this.ticks % CLOCK_EVERY === 0) this.checkTime();
  }

  checkTime(): void {
    const wall = now();
    // CPU time never runs ahead of wall time: until the wall clock passes the limit, nothing to read.
    if (wall - this.wallStart <= this.limits.maxMs) return;
    if (this.cpuClock !== undefined && this.cpuStart !== undefined) {
      if (wall < this.nextCpuRead) return;
      this.nextCpuRead = wall + CPU_READ_EVERY_MS;
      if (this.cpuClock() - this.cpuStart <= this.limits.maxMs) return;
      throw new BudgetExceeded('time', this.stage, `more than ${this.limits.maxMs} ms of CPU time`);
    }
    throw new BudgetExceeded('time', this.stage, `more than ${this.limits.maxMs} ms`);
  }

  /**
   * Starts counting work afresh for a stage that builds a tree again (parsing the cleaned HTML
   * back); the clock goes on.
   */
  restartCount(stage: string): void {
    this.work = 0;
    this.stage = stage;
  }

  get nodesCreated(): number {
    return this.work;
  }
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
