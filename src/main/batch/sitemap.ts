// Sitemaps (sitemaps.org): a <urlset> of page URLs, or a <sitemapindex> of further sitemaps, as
// XML or gzipped XML, local or over HTTP. Indexes are followed breadth-first with a visited set and
// limits, so a loop or a huge index ends cleanly. Only <loc> elements of the sitemap namespace are
// read (not <image:loc> and the like), by a streaming XML parser (sitemap-xml.ts); the same size
// limit holds for files as for downloads.
import { gunzipSync } from 'node:zlib';
import { fetch } from 'undici';
import { DEFAULT_USER_AGENT } from '../loaders/http';
import { formatBytes } from '../loaders/source';
import { deadline } from './deadline';
import { type ParsedSitemap, parseSitemapXml as parseXml, SitemapFormatError } from './sitemap-xml';
import { parseUrlList, UrlCollector, type UrlList } from './url-list';

export interface SitemapOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Largest sitemap accepted, after decompression (the protocol says 50 MB). */
  maxBytes?: number;
  /** Sitemaps read in all, index and children. */
  maxSitemaps?: number;
  userAgent?: string;
  collector?: UrlCollector;
}

export interface SitemapList extends UrlList {
  /** Sitemap URLs read, in order. */
  sitemaps: string[];
  /** Child sitemaps that could not be read, with why. */
  errors: Array<{ url: string; message: string }>;
}

export class SitemapError extends Error {
  override readonly name = 'SitemapError';
}

/** The sitemap protocol's limit, after decompression. */
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
const DEFAULTS = { timeoutMs: 30_000, maxBytes: DEFAULT_MAX_BYTES, maxSitemaps: 1000 };

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Bytes as text, gunzipped first when they are gzip. The limit holds for what is read as it holds
 * for a download: on the bytes, and on what they decompress to (so a gzip bomb stops at it).
 */
export function decodeListBytes(bytes: Uint8Array, maxBytes: number = DEFAULTS.maxBytes): string {
  let body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (body.byteLength > maxBytes) throw new SitemapError(`larger than ${formatBytes(maxBytes)}`);
  if (isGzip(body)) {
    try {
      body = gunzipSync(body, { maxOutputLength: maxBytes });
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new SitemapError(code === 'ERR_BUFFER_TOO_LARGE' ? `larger than ${formatBytes(maxBytes)} once decompressed` : `not valid gzip (${(error as Error).message})`);
    }
  }
  return body.toString('utf8').replace(/^\ufeff/, '');
}

export function looksLikeSitemap(text: string): boolean {
  return /<(?:[\w-]+:)?(?:urlset|sitemapindex)[\s>]/.test(text.slice(0, 4096));
}

/** The <loc> values of one sitemap document, and whether it is an index (see sitemap-xml.ts). */
export async function parseSitemapXml(xml: string): Promise<ParsedSitemap> {
  try {
    return await parseXml(xml);
  } catch (error) {
    if (error instanceof SitemapFormatError) throw new SitemapError(error.message);
    throw error;
  }
}

async function fetchBytes(url: string, options: SitemapOptions): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const limit = deadline(timeoutMs, options.signal);
  const failure = (error: unknown): SitemapError => {
    if (error instanceof SitemapError) return error;
    if (options.signal?.aborted) return new SitemapError('cancelled');
    if (limit.signal.aborted) return new SitemapError(`no answer within ${Math.round(timeoutMs / 1000)} s`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return new SitemapError(`could not load it (${cause?.code ?? cause?.message ?? (error as Error).message})`);
  };
  try {
    const response = await fetch(url, { signal: limit.signal, redirect: 'follow', headers: { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT, accept: 'application/xml,text/xml,text/plain;q=0.9,*/*;q=0.5' } });
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      throw new SitemapError(`the server answered HTTP ${response.status}`);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new SitemapError(`larger than ${formatBytes(maxBytes)}`);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    throw failure(error);
  } finally {
    limit.clear();
  }
}

/**
 * Every page URL of a sitemap (or sitemap index, followed), in order and without duplicates.
 * `first` is the text of the first sitemap when it is already in hand (a local file); otherwise it
 * is fetched from `url`. A failing child sitemap is reported in `errors`; a failing first one throws.
 */
export async function readSitemap(url: string, options: SitemapOptions = {}, first?: string): Promise<SitemapList> {
  const collector = options.collector ?? new UrlCollector();
  const maxSitemaps = options.maxSitemaps ?? DEFAULTS.maxSitemaps;
  const queue: Array<{ url: string; text?: string }> = [{ url, text: first }];
  const visited = new Set<string>([url]);
  const sitemaps: string[] = [];
  const errors: SitemapList['errors'] = [];
  let line = 0;
  while (queue.length > 0) {
    const next = queue.shift()!;
    let text: string;
    try {
      text = next.text ?? decodeListBytes(await fetchBytes(next.url, options), options.maxBytes);
    } catch (error) {
      if (sitemaps.length === 0) throw error;
      errors.push({ url: next.url, message: (error as Error).message });
      continue;
    }
    sitemaps.push(next.url);
    if (!looksLikeSitemap(text)) {
      // Sitemaps may also be plain text, one URL per line.
      if (/^\s*</.test(text)) {
        const problem = 'not a sitemap: no <urlset> or <sitemapindex>';
        if (sitemaps.length === 1) throw new SitemapError(problem);
        errors.push({ url: next.url, message: problem });
        continue;
      }
      parseUrlList(text, { format: 'lines', collector });
      continue;
    }
    const parsed = await parseSitemapXml(text);
    for (const loc of parsed.locs) {
      line++;
      if (parsed.kind === 'urlset') {
        collector.add(loc, line);
        continue;
      }
      const child = URL.canParse(loc, next.url) ? new URL(loc, next.url).href : undefined;
      if (child === undefined || !/^https?:/.test(child)) {
        errors.push({ url: loc.slice(0, 300), message: 'not an http(s) sitemap URL' });
      } else if (!visited.has(child)) {
        if (visited.size >= maxSitemaps) {
          errors.push({ url: child, message: `more than ${maxSitemaps} sitemaps: not read` });
          continue;
        }
        visited.add(child);
        queue.push({ url: child });
      }
    }
  }
  return { ...collector.result(), sitemaps, errors };
}
