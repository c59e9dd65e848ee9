// The batch's progress line on a terminal: a bar, the counts, the rate and the time left, redrawn
// in place a few times a second. Formatting is separate from drawing so it can be tested.
import type { BatchCounts } from '../../shared/batch';
import { formatDuration } from '../../shared/duration';

export interface ProgressFacts {
  counts: BatchCounts;
  pagesPerSecond: number;
  etaMs?: number;
  paused?: boolean;
}

/** One line, at most `width` columns: `[████░░░░] 512/1000 · done 500 · failed 12 · 35.2 pages/s · ETA 0:14`. */
export function progressLine(facts: ProgressFacts, width = 80): string {
  const { counts } = facts;
  const finished = counts.done + counts.failed;
  const text = [
    `${finished}/${counts.total}`,
    `done ${counts.done}`,
    counts.failed > 0 ? `failed ${counts.failed}` : '',
    `${facts.pagesPerSecond.toFixed(facts.pagesPerSecond >= 100 ? 0 : 1)} pages/s`,
    facts.paused ? 'paused' : facts.etaMs !== undefined ? `ETA ${formatDuration(facts.etaMs)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const barWidth = Math.max(10, Math.min(40, width - text.length - 4));
  const filled = counts.total === 0 ? barWidth : Math.round((finished / counts.total) * barWidth);
  const line = `[${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)}] ${text}`;
  return line.length > width ? line.slice(0, Math.max(0, width - 1)) : line;
}

/** Redraws the line every `intervalMs` while running; clears it when stopped. */
export class ProgressBar {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stream: { write(text: string): unknown; columns?: number },
    private readonly facts: () => ProgressFacts,
    private readonly intervalMs = 200,
  ) {}

  start(): void {
    this.draw();
    this.timer = setInterval(() => this.draw(), this.intervalMs);
    this.timer.unref();
  }

  /** Writes a line above the bar (a failure, a notice) without breaking it. */
  note(text: string): void {
    this.stream.write(`\r\x1b[K${text}\n`);
    if (this.timer) this.draw();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stream.write('\r\x1b[K');
  }

  private draw(): void {
    // A terminal without a size (a pty nobody sized, some CI logs) says 0 columns.
    const columns = this.stream.columns !== undefined && this.stream.columns >= 20 ? this.stream.columns : 80;
    this.stream.write(`\r\x1b[K${progressLine(this.facts(), columns - 1)}`);
  }
}
