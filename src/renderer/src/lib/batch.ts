// Batch helpers for the view: stored batch settings checked field by field, which rows a filter
// shows, and the numbers people read (progress, rate, time left).
import { BATCH_DEFAULTS, BATCH_LIMITS, type BatchCounts, type BatchRow, type BatchSettings } from '../../../shared/batch';
import { formatDuration } from '../../../shared/duration';

export type RowFilter = 'all' | 'failed' | 'done' | 'pending';

function clamp(value: unknown, limits: { min: number; max: number }, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? Math.min(limits.max, Math.max(limits.min, value)) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Stored batch settings over the defaults: damaged or old values never reach a request. */
export function mergeBatchSettings(stored: unknown, defaults: BatchSettings = BATCH_DEFAULTS): BatchSettings {
  if (typeof stored !== 'object' || stored === null) return defaults;
  const s = stored as Record<string, unknown>;
  return {
    concurrency: clamp(s.concurrency, BATCH_LIMITS.concurrency, defaults.concurrency),
    perHost: clamp(s.perHost, BATCH_LIMITS.perHost, defaults.perHost),
    delayMs: clamp(s.delayMs, BATCH_LIMITS.delayMs, defaults.delayMs),
    retries: clamp(s.retries, BATCH_LIMITS.retries, defaults.retries),
    timeoutMs: clamp(s.timeoutMs, BATCH_LIMITS.timeoutMs, defaults.timeoutMs),
    render: flag(s.render, defaults.render),
    nameTemplate: typeof s.nameTemplate === 'string' && s.nameTemplate.trim() !== '' && s.nameTemplate.length <= BATCH_LIMITS.maxTemplateChars && !/[\r\n]/.test(s.nameTemplate) ? s.nameTemplate : defaults.nameTemplate,
    frontMatter: flag(s.frontMatter, defaults.frontMatter),
    cleanedHtml: flag(s.cleanedHtml, defaults.cleanedHtml),
    images: flag(s.images, defaults.images),
    overwrite: flag(s.overwrite, defaults.overwrite),
    manifest: s.manifest === 'csv' || s.manifest === 'json' ? s.manifest : defaults.manifest,
  };
}

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
