// Batch helpers for the view: which rows a filter shows, and the numbers people read (progress,
// rate, time left).
import type { BatchCounts, BatchRow } from '../../../shared/batch';
import { formatDuration } from '../../../shared/duration';

export type RowFilter = 'all' | 'failed' | 'done' | 'pending';

export function matchesFilter(row: BatchRow, filter: RowFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'pending') return row.status === 'pending' || row.status === 'running' || row.status === 'retrying';
  return row.status === filter;
}

export function progressFraction(counts: BatchCounts): number {
  return counts.total === 0 ? 0 : (counts.done + counts.failed) / counts.total;
}

export function formatEta(ms: number | undefined): string {
  return ms === undefined || !Number.isFinite(ms) ? '—' : formatDuration(ms);
}

export function formatRate(pagesPerSecond: number): string {
  return `${pagesPerSecond >= 100 ? Math.round(pagesPerSecond) : pagesPerSecond.toFixed(1)} pages/s`;
}

export function formatInteger(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * A URL as two parts: the host, always in sight, and the rest, which gives way from its start so
 * the end of the path (what tells rows apart) stays in sight too. The scheme says little here.
 */
export function splitUrl(url: string): { host: string; rest: string } {
  const match = /^(?:https?:\/\/)?([^/?#]*)(.*)$/i.exec(url);
  return match ? { host: match[1], rest: match[2] } : { host: '', rest: url };
}
