// Batch export, as the CLI, the app and the manifest see it: one row per URL, the counts, and the
// settings a user chooses. Types and defaults only, shared by main and renderer.
import type { ScrapeError } from './page';

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
}

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

export type ManifestFormat = 'json' | 'csv';

/** What the user chooses for a batch (the CLI's flags, the app's form). */
export interface BatchSettings {
  /** Pages loaded at the same time. */
  concurrency: number;
  /** Pages loaded at the same time from one host. */
  perHost: number;
  /** Least time between two requests to the same host, in milliseconds. */
  delayMs: number;
  /** Further attempts after a timeout, a reset connection, HTTP 429 or 5xx. */
  retries: number;
  /** Time allowed per page and attempt, in milliseconds. */
  timeoutMs: number;
  render: boolean;
  /** File names: `{title}`, `{host}`, `{path}`, `{date}`, `{index}`; `/` makes sub-folders. */
  nameTemplate: string;
  frontMatter: boolean;
  /** Also write the cleaned HTML beside each Markdown file. */
  cleanedHtml: boolean;
  /** Download images into `<name>.assets/` and point the Markdown at them. */
  images: boolean;
  /** Replace files already in the folder (by default a new name is chosen instead). */
  overwrite: boolean;
  manifest: ManifestFormat;
}

export const BATCH_DEFAULTS: BatchSettings = {
  concurrency: 8,
  perHost: 4,
  delayMs: 100,
  retries: 2,
  timeoutMs: 30_000,
  render: false,
  nameTemplate: '{title}',
  frontMatter: false,
  cleanedHtml: false,
  images: false,
  overwrite: false,
  manifest: 'json',
};

/** Rendering runs a browser page per URL: fewer at once unless the user says otherwise. */
export const RENDER_DEFAULTS = { concurrency: 2, perHost: 2 } as const;

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
