// Pages per second over the last half minute (per-second buckets in a ring, so memory is fixed
// whatever the batch size), and the time left at that rate. Paused time does not count.

export class RateMeter {
  private readonly buckets: Float64Array;
  private readonly seconds: Float64Array;
  private started: number | undefined;
  private pausedAt: number | undefined;
  private pausedMs = 0;

  constructor(private readonly windowSeconds = 30) {
    this.buckets = new Float64Array(windowSeconds);
    this.seconds = new Float64Array(windowSeconds).fill(-1);
  }

  /** The clock starts (first call only). */
  start(now: number = Date.now()): void {
    this.started ??= now;
  }

  pause(now: number = Date.now()): void {
    this.pausedAt ??= now;
  }

  resume(now: number = Date.now()): void {
    if (this.pausedAt !== undefined) this.pausedMs += now - this.pausedAt;
    this.pausedAt = undefined;
  }

  /** One page finished (done or failed). */
  record(now: number = Date.now()): void {
    this.start(now);
    const second = Math.floor(this.activeTime(now) / 1000);
    const slot = second % this.windowSeconds;
    if (this.seconds[slot] !== second) {
      this.seconds[slot] = second;
      this.buckets[slot] = 0;
    }
    this.buckets[slot]++;
  }

  /** Pages per second over the window (or since the start, when that is shorter). */
  rate(now: number = Date.now()): number {
    if (this.started === undefined) return 0;
    const active = this.activeTime(now);
    const second = Math.floor(active / 1000);
    let count = 0;
    for (let i = 0; i < this.windowSeconds; i++) {
      if (this.seconds[i] >= 0 && second - this.seconds[i] < this.windowSeconds) count += this.buckets[i];
    }
    const span = Math.min(this.windowSeconds * 1000, Math.max(active, 1000));
    return count / (span / 1000);
  }

  /** Milliseconds until `remaining` pages are through at the current rate; undefined before there is a rate. */
  etaMs(remaining: number, now: number = Date.now()): number | undefined {
    const rate = this.rate(now);
    if (remaining <= 0) return 0;
    return rate > 0 ? (remaining / rate) * 1000 : undefined;
  }

  private activeTime(now: number): number {
    const paused = this.pausedMs + (this.pausedAt !== undefined ? now - this.pausedAt : 0);
    return Math.max(0, now - (this.started ?? now) - paused);
  }
}
