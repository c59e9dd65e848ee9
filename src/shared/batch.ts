// Batch export, as the CLI, the app and the manifest see it: one row per URL, the counts, and the
// settings a user chooses (one schema). Shared by main and renderer.
import * as z from 'zod';
import { SINGLE_LINE, wholeNumber } from './options/schema';
import type { ScrapeError, Validators } from './page';

/** Where one URL is: waiting, being loaded (or waiting to be retried), written, or given up on. */
export type BatchRowStatus = 'pending' | 'running' | 'retrying' | 'done' | 'failed';

export interface BatchRow {
  /** Position in the batch's URL list, from 0. */
  index: number;
  url: string;
  status: BatchRowStatus;
  /** Where the URL ended up after redirects. */
  finalUrl?: string;
  /** The Markdown file, relative to the batch folder, with `/` separators. */
  file?: string;
  /** Size of the Markdown file, in bytes. */
  bytes?: number;
  /** Time spent on the URL (all attempts, writing included), in milliseconds. */
  ms?: number;
  attempts: number;
  httpStatus?: number;
  title?: string;
  error?: ScrapeError;
  /** Images downloaded into the page's assets folder, and those that could not be. */
  images?: { saved: number; failed: number };
  /** SHA-256 of the page's Markdown as converted: an update leaves a page alone when it is the same. */
  hash?: string;
  /** The answer's ETag and Last-Modified: the conditional request of the next update. */
  validators?: Validators;
  /** In an update (--update) of an exported folder: what happened to this page's file. */
  change?: PageChange;
}

/**
 * new: not in the last export; changed: rewritten; unchanged: neither rewritten nor re-timestamped
 * (answered 304, or the same Markdown); gone: the server answered 404 or 410 (the file is left).
 */
export type PageChange = 'new' | 'changed' | 'unchanged' | 'gone';

export interface BatchCounts {
  total: number;
  done: number;
  failed: number;
  /** Not started yet, or waiting for a retry. */
  pending: number;
  running: number;
}

/** idle: not started; paused: no new URL starts; cancelled: stopped early, resumable; finished: every URL done or failed. */
export type BatchState = 'idle' | 'running' | 'paused' | 'cancelling' | 'cancelled' | 'finished';

export const BATCH_LIMITS = {
  maxUrls: 100_000,
  concurrency: { min: 1, max: 64 },
  perHost: { min: 1, max: 64 },
  delayMs: { min: 0, max: 60_000 },
  retries: { min: 0, max: 10 },
  timeoutMs: { min: 1000, max: 600_000 },
  maxTemplateChars: 200,
} as const;

export const NAME_PLACEHOLDERS = ['title', 'host', 'path', 'date', 'index'] as const;

const whole = (limits: { min: number; max: number }) => wholeNumber(limits.min, limits.max);
const flag = () => z.boolean({ error: 'must be true or false' });

/**
 * What the user chooses for a batch, defined once: the CLI's flags, the app's form and the stored
 * settings, the checks of a request, the defaults and the type all come from this schema.
 */
export const batchSettingsSchema = z.strictObject({
  /** Pages loaded at the same time. */
  concurrency: whole(BATCH_LIMITS.concurrency).default(8),
  /** Pages loaded at the same time from one host. */
  perHost: whole(BATCH_LIMITS.perHost).default(4),
  /** Least time between two requests to the same host, in milliseconds. */
  delayMs: whole(BATCH_LIMITS.delayMs).default(100),
  /** Further attempts after a timeout, a reset connection, HTTP 429 or 5xx. */
  retries: whole(BATCH_LIMITS.retries).default(2),
  /** Time allowed per page and attempt, in milliseconds. */
  timeoutMs: wholeNumber(BATCH_LIMITS.timeoutMs.min, BATCH_LIMITS.timeoutMs.max, `must be from ${BATCH_LIMITS.timeoutMs.min / 1000} to ${BATCH_LIMITS.timeoutMs.max / 1000} seconds`).default(30_000),
  render: flag().default(false),
  /** File names: `{title}`, `{host}`, `{path}`, `{date}`, `{index}`; `/` makes sub-folders. */
  nameTemplate: z
    .string({ error: 'must be a name template' })
    .max(BATCH_LIMITS.maxTemplateChars, { error: `longer than ${BATCH_LIMITS.maxTemplateChars} characters` })
    .regex(SINGLE_LINE, { error: 'must be one line' })
    .refine((text) => text.trim() !== '', { error: 'the name template is empty' })
    .default('{title}'),
  frontMatter: flag().default(false),
  /** Also write the cleaned HTML beside each Markdown file. */
  cleanedHtml: flag().default(false),
  /** Download images into `<name>.assets/` and point the Markdown at them. */
  images: flag().default(false),
  /** Replace files already in the folder (by default a new name is chosen instead). */
  overwrite: flag().default(false),
  manifest: z.enum(['json', 'csv'], { error: 'must be "json" or "csv"' }).default('json'),
  /** Honour robots.txt: Disallow/Allow for our agent, Crawl-delay raising the host's delay. */
  robots: flag().default(true),
  /** Write bot walls, soft 404s and near-empty pages as files (by default they fail, with the reason). */
  keepSuspect: flag().default(false),
  /**
   * Remove each site's template: blocks repeated on most of its pages in the batch (rule
   * "site-template"). Off by default for a list (a queued batch's workers each see other pages, and
   * must write what one machine writes); a crawl turns it on unless told not to.
   */
  siteTemplate: flag().default(false),
});

export type BatchSettings = z.output<typeof batchSettingsSchema>;
export type ManifestFormat = BatchSettings['manifest'];

/** Some of the settings, each checked (a request, a CLI's flags): nothing filled in. */
export const batchSettingsPatch = z.strictObject(
  Object.fromEntries(Object.entries(batchSettingsSchema.shape).map(([key, field]) => [key, field.removeDefault().optional()])) as {
    [K in keyof typeof batchSettingsSchema.shape]: z.ZodOptional<ReturnType<(typeof batchSettingsSchema.shape)[K]['removeDefault']>>;
  },
);

export const BATCH_DEFAULTS: BatchSettings = batchSettingsSchema.parse({});

/** Rendering runs a browser page per URL: fewer at once unless the user says otherwise. */
export const RENDER_DEFAULTS = { concurrency: 2, perHost: 2 } as const;

/** Stored settings over the defaults, field by field: a damaged or old value falls back (numbers are brought within bounds). */
export function mergeBatchSettings(stored: unknown, defaults: BatchSettings = BATCH_DEFAULTS): BatchSettings {
  const given = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(batchSettingsSchema.shape)) {
    const schema = field.removeDefault();
    const value = given[key];
    const parsed = schema.safeParse(value);
    if (parsed.success) merged[key] = parsed.data;
    else if (typeof value === 'number' && Number.isInteger(value) && schema instanceof z.ZodNumber) merged[key] = clamp(value, schema);
    else merged[key] = defaults[key as keyof BatchSettings];
  }
  return merged as BatchSettings;
}

function clamp(value: number, schema: z.ZodNumber): number {
  return Math.min(schema.maxValue ?? value, Math.max(schema.minValue ?? value, value));
}
