// Pathological HTML (thousands of misnested formatting tags) makes parse5's adoption agency
// create nodes quadratically: an 82 KB page can take minutes. Bytes do not bound that, so work is
// bounded by nodes created and by wall time.

export interface BudgetLimits {
  /** Most nodes the parser may create (elements, text, comments). */
  maxNodes: number;
  /** Most milliseconds the whole conversion may take. */
  maxMs: number;
}

export const DEFAULT_BUDGET: BudgetLimits = { maxNodes: 2_000_000, maxMs: 20_000 };

export class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded';
  constructor(
    readonly limit: 'nodes' | 'time',
    readonly stage: string,
    detail: string,
  ) {
    super(`BudgetExceeded: ${detail} while ${stage}; the page is too large or pathological to convert`);
  }
}

const CLOCK_EVERY = 4096;

export class Budget {
  private nodes = 0;
  private ticks = 0;
  private readonly deadline: number;
  stage = 'parsing';

  constructor(readonly limits: BudgetLimits = DEFAULT_BUDGET) {
    this.deadline = now() + limits.maxMs;
  }

  /** Counts one created node; throws once the page has made too many. */
  countNode(): void {
    if (++this.nodes > this.limits.maxNodes) {
      throw new BudgetExceeded('nodes', this.stage, `more than ${this.limits.maxNodes} nodes`);
    }
    this.tick();
  }

  /** Cheap enough for hot loops: looks at the clock once every few thousand calls. */
  tick(): void {
    if (++this.ticks % CLOCK_EVERY === 0) this.checkTime();
  }

  checkTime(): void {
    if (now() > this.deadline) {
      throw new BudgetExceeded('time', this.stage, `more than ${this.limits.maxMs} ms`);
    }
  }

  get nodesCreated(): number {
    return this.nodes;
  }
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
