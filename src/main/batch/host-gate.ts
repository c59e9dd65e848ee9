// Spacing of a host's requests that a host asks for itself (robots.txt's Crawl-delay): each load
// takes the host's next free moment before it starts, so loads of that host start at least
// `delayMs` apart whatever the queue's own limits, and however many wait at once. A cancelled load
// stops waiting at once.

export class HostGate {
  private readonly next = new Map<string, number>();

  /** Resolves when a load of `host` may start (false when `signal` aborted first). */
  async wait(host: string, delayMs: number, signal: AbortSignal): Promise<boolean> {
    if (delayMs <= 0) return !signal.aborted;
    const now = Date.now();
    const at = Math.max(now, this.next.get(host) ?? 0);
    this.next.set(host, at + delayMs);
    if (at <= now) return !signal.aborted;
    return new Promise<boolean>((resolve) => {
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(!signal.aborted);
      }, at - now);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
