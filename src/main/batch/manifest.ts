// The manifest people read: index.json or index.csv in the output folder, one row per URL (status,
// final URL, file, bytes, time, error). Rewritten atomically as the batch goes — at most every
// `intervalMs`, and at the end — from the rows in memory; the journal beside it is what makes a
// crash lose nothing in between.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchCounts, BatchRow, ManifestFormat } from '../../shared/batch';
import { APP_NAME, APP_VERSION } from '../version';
import { writeAtomic } from './atomic-files';

export const MANIFEST_FILES: Record<ManifestFormat, string> = { json: 'index.json', csv: 'index.csv' };

/** A manifest row: running and retrying show as pending (they have no outcome yet). */
export interface ManifestRow {
  index: number;
  url: string;
  status: 'done' | 'failed' | 'pending';
  finalUrl?: string;
  file?: string;
  bytes?: number;
  ms?: number;
  attempts: number;
  httpStatus?: number;
  title?: string;
  error?: string;
  errorCode?: string;
  /** In an update: new, changed, unchanged or gone. */
  change?: BatchRow['change'];
  /** SHA-256 of the Markdown as converted. */
  hash?: string;
  etag?: string;
  lastModified?: string;
}

export interface ManifestHeader {
  created: string;
  updated: string;
  finished: boolean;
  counts: BatchCounts;
}

export function manifestRow(row: BatchRow): ManifestRow {
  const status = row.status === 'done' || row.status === 'failed' ? row.status : 'pending';
  return {
    index: row.index + 1,
    url: row.url,
    status,
    finalUrl: row.finalUrl,
    file: row.file,
    bytes: row.bytes,
    ms: row.ms === undefined ? undefined : Math.round(row.ms),
    attempts: row.attempts,
    httpStatus: row.httpStatus,
    title: row.title,
    error: status === 'failed' ? row.error?.message : undefined,
    errorCode: status === 'failed' ? row.error?.code : undefined,
    change: row.change,
    hash: row.hash,
    etag: row.validators?.etag,
    lastModified: row.validators?.lastModified,
  };
}

const CSV_COLUMNS: Array<[keyof ManifestRow, string]> = [
  ['index', 'index'],
  ['url', 'url'],
  ['status', 'status'],
  ['finalUrl', 'final_url'],
  ['file', 'file'],
  ['bytes', 'bytes'],
  ['ms', 'ms'],
  ['attempts', 'attempts'],
  ['httpStatus', 'http_status'],
  ['errorCode', 'error_code'],
  ['error', 'error'],
  ['title', 'title'],
  ['change', 'change'],
  ['hash', 'hash'],
  ['etag', 'etag'],
  ['lastModified', 'last_modified'],
];

function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = String(value);
  // A leading = + - @ makes spreadsheets run the cell as a formula.
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function manifestCsv(rows: readonly BatchRow[]): string {
  const lines = [CSV_COLUMNS.map(([, name]) => name).join(',')];
  for (const row of rows) {
    const record = manifestRow(row);
    lines.push(CSV_COLUMNS.map(([key]) => csvField(record[key])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function manifestJson(rows: readonly BatchRow[], header: ManifestHeader): string {
  // One row per line: readable, diffable, and still one JSON document.
  const body = rows.map((row) => `    ${JSON.stringify(manifestRow(row))}`).join(',\n');
  const head = JSON.stringify({ generator: `${APP_NAME} ${APP_VERSION}`, ...header }, null, 2).replace(/\n}$/, '');
  return `${head},\n  "pages": [\n${body}\n  ]\n}\n`;
}

/** Parses an index.json back into rows (resume from the manifest when the journal is gone). */
export function parseManifestJson(text: string): ManifestRow[] {
  const value = JSON.parse(text) as { pages?: unknown };
  if (!Array.isArray(value.pages)) throw new Error('index.json has no "pages" list');
  return value.pages.filter((row): row is ManifestRow => typeof row === 'object' && row !== null && typeof (row as ManifestRow).url === 'string' && Number.isInteger((row as ManifestRow).index));
}

/** Writes the manifest now and then: never two writes at once, never more often than `intervalMs`. */
export class ManifestWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private lastWrite = 0;

  constructor(
    private readonly root: string,
    private readonly format: ManifestFormat,
    private readonly snapshot: () => { rows: readonly BatchRow[]; header: ManifestHeader },
    private readonly intervalMs = 1000,
  ) {}

  get path(): string {
    return join(this.root, MANIFEST_FILES[this.format]);
  }

  /** Something changed: the manifest is written within `intervalMs`. */
  changed(): void {
    this.dirty = true;
    if (this.timer || this.writing) return;
    const wait = Math.max(0, this.lastWrite + this.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, wait);
  }

  /** Writes now (after any write in progress), and waits for it. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing?.catch(() => undefined);
    this.dirty = true;
    await this.write();
  }

  private async write(): Promise<void> {
    if (!this.dirty) return;
    if (this.writing) return this.writing;
    this.dirty = false;
    this.writing = (async () => {
      const { rows, header } = this.snapshot();
      const text = this.format === 'csv' ? manifestCsv(rows) : manifestJson(rows, header);
      try {
        await writeAtomic(this.root, this.path, text, true);
      } catch {
        // The work folder is gone (deleted by hand?): write in place rather than not at all.
        await writeFile(this.path, text);
      }
      this.lastWrite = Date.now();
    })();
    try {
      await this.writing;
    } finally {
      this.writing = undefined;
      if (this.dirty) this.changed();
    }
  }
}
