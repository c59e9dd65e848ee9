// Lists of URLs as people write them: one per line (blank lines and `#` comments ignored, a note
// after the URL allowed), or a CSV/TSV with a `url` column. URLs are normalised (scheme and host
// lower-cased, default port and fragment dropped) and duplicates removed, first one kept.
import { BATCH_LIMITS } from '../../shared/batch';

export interface RejectedLine {
  /** 1-based line (or CSV record) number. */
  line: number;
  text: string;
  reason: string;
}

export interface UrlList {
  urls: string[];
  /** A sample of the lines that were not URLs: at most MAX_SHOWN. */
  rejected: RejectedLine[];
  /** How many lines were not URLs, in all. */
  rejectedTotal: number;
  /** URLs left out because the list held more than a batch may. */
  overLimit: number;
  /** Entries dropped because an equal URL came earlier. */
  duplicates: number;
}

export type ListFormat = 'auto' | 'lines' | 'csv';

/** A bare host ("example.com/page"): read as https. */
const LOOKS_LIKE_HOST = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;
const URL_HEADER = /^(?:url|urls|loc|link|href|address|page)$/i;
const MAX_SHOWN = 200;

/** The URL to load for what was written, or a reason it is not one. */
export function normaliseUrl(text: string): { url: string } | { reason: string } {
  let candidate = text.trim();
  if (candidate === '') return { reason: 'empty' };
  if (!/^[a-z][a-z0-9+.-]*:/i.test(candidate) && LOOKS_LIKE_HOST.test(candidate)) candidate = `https://${candidate}`;
  if (!URL.canParse(candidate)) return { reason: 'not a URL' };
  const url = new URL(candidate);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { reason: `${url.protocol} addresses are not loaded (only http and https)` };
  if (url.hostname === '') return { reason: 'no host' };
  // The fragment names a place in the same document: not another page.
  url.hash = '';
  return { url: url.href };
}

/** Collects URLs in order, without duplicates, up to the batch limit. */
export class UrlCollector {
  private readonly seen = new Set<string>();
  readonly urls: string[] = [];
  readonly rejected: RejectedLine[] = [];
  duplicates = 0;
  overLimit = 0;
  private rejectedCount = 0;

  constructor(private readonly maxUrls: number = BATCH_LIMITS.maxUrls) {}

  /** `shown` is the whole line, for the report, when `text` is only the URL taken from it. */
  add(text: string, line: number, shown: string = text): void {
    const result = normaliseUrl(text);
    if ('reason' in result) return this.reject(line, shown, result.reason);
    if (this.seen.has(result.url)) {
      this.duplicates++;
      return;
    }
    // A URL past the limit is a URL all the same: counted apart, never as a line that is not one.
    if (this.urls.length >= this.maxUrls) {
      this.overLimit++;
      return;
    }
    this.seen.add(result.url);
    this.urls.push(result.url);
  }

  reject(line: number, text: string, reason: string): void {
    this.rejectedCount++;
    // Keep a sample: a file of a million bad lines must not become a million objects.
    if (this.rejected.length < MAX_SHOWN) this.rejected.push({ line, text: text.slice(0, 300), reason });
  }

  get rejectedTotal(): number {
    return this.rejectedCount;
  }

  result(): UrlList {
    return { urls: this.urls, rejected: this.rejected, rejectedTotal: this.rejectedCount, overLimit: this.overLimit, duplicates: this.duplicates };
  }
}

/** Splits CSV text into records (RFC 4180: quoted fields may hold separators, quotes and newlines). */
export function parseCsv(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

function firstContentLine(text: string): string {
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) return trimmed;
  }
  return '';
}

function csvSeparator(line: string): string | undefined {
  for (const separator of ['\t', ',', ';']) {
    if (line.split(separator).some((cell) => URL_HEADER.test(cell.trim().replace(/^"|"$/g, '')))) return separator;
  }
  return undefined;
}

function collectLines(text: string, collector: UrlCollector): void {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    // "https://a.example/page  a note" keeps the URL; URLs hold no spaces.
    collector.add(line.split(/\s+/)[0], i + 1, line);
  }
}

function collectCsv(text: string, separator: string, collector: UrlCollector): void {
  const records = parseCsv(text, separator);
  let column = -1;
  for (let r = 0; r < records.length; r++) {
    const cells = records[r].map((cell) => cell.trim());
    if (cells.every((cell) => cell === '') || cells[0].startsWith('#')) continue;
    if (column === -1) {
      const header = cells.findIndex((cell) => URL_HEADER.test(cell));
      if (header !== -1) {
        column = header;
        continue;
      }
    }
    const cell = column !== -1 ? (cells[column] ?? '') : (cells.find((value) => 'url' in normaliseUrl(value)) ?? cells[0]);
    collector.add(cell, r + 1);
  }
}

/** Reads a list of URLs: plain lines, or CSV/TSV (chosen by `format`, the file name, or a header row naming a URL column). */
export function parseUrlList(text: string, options: { format?: ListFormat; name?: string; collector?: UrlCollector } = {}): UrlList {
  const collector = options.collector ?? new UrlCollector();
  const body = text.replace(/^\ufeff/, '');
  let format = options.format ?? 'auto';
  let separator: string | undefined;
  if (format === 'auto') {
    if (/\.tsv$/i.test(options.name ?? '')) separator = '\t';
    else if (/\.csv$/i.test(options.name ?? '')) separator = csvSeparator(firstContentLine(body)) ?? ',';
    else separator = csvSeparator(firstContentLine(body));
    format = separator === undefined ? 'lines' : 'csv';
  } else if (format === 'csv') separator = csvSeparator(firstContentLine(body)) ?? ',';
  if (format === 'csv') collectCsv(body, separator!, collector);
  else collectLines(body, collector);
  return collector.result();
}
