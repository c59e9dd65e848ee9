// Pathological HTML (thousands of misnested formatting tags) makes parse5's adoption agency
// create nodes quadratically: an 82 KB page can take minutes. Bytes do not bound that, so work is
// bounded by nodes created and by wall time.

export interface BudgetLimits {
  /** Most nodes the parser may create (elements, text, comments). */
  maxNodes: number;
  /** Most milliseconds the whole conversion may take. */
  maxMs: number;
}

export const DEFAULT_BUDGET: BudgetLimits = { maxNodes: 4_000_000, maxMs: 10_000 };

/**
 * The node limit for an input of this length. Real HTML makes at most about one node per byte
 * (even `<p>x<p>y` with a formatting element reopened in every paragraph), while the pathological
 * pages make many per byte: so the limit is twice the length, at least 50,000, at most `cap`.
 */
export function nodeLimitFor(inputLength: number, cap: number = DEFAULT_BUDGET.maxNodes): number {
  return Math.min(cap, Math.max(50_000, 2 * inputLength));
}

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

// Often enough that a parser stuck in a quadratic loop between two calls is caught within a fraction
// of a second; rare enough to cost nothing measurable.
const CLOCK_EVERY = 256;

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
