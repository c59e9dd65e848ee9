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
