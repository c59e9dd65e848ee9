// What a batch starts from, whatever the user gave: a list file (text or CSV, gzipped or not), a
// sitemap file, a sitemap URL, or text pasted in the app (URLs, or one sitemap URL on its own).
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatBytes } from '../loaders/source';
import { decodeListBytes, DEFAULT_MAX_BYTES, looksLikeSitemap, readSitemap, SitemapError, type SitemapOptions } from './sitemap';
import { normaliseUrl, parseUrlList, type RejectedLine } from './url-list';

export interface BatchInput {
  urls: string[];
  /** A sample of the lines that were not URLs (see rejectedTotal for how many there were). */
  rejected: RejectedLine[];
  rejectedTotal: number;
  /** URLs left out because the batch had as many as it may hold already. */
  overLimit: number;
  duplicates: number;
  /** Sitemaps read, when the input was one. */
  sitemaps: string[];
  /** Child sitemaps that could not be read. */
  errors: Array<{ url: string; message: string }>;
}

export type InputSource =
  | { kind: 'text'; text: string; name?: string }
  | { kind: 'bytes'; bytes: Uint8Array; name: string }
  | { kind: 'path'; path: string }
  | { kind: 'sitemap-url'; url: string };

function fromList(text: string, name?: string): BatchInput {
  return { ...parseUrlList(text, { name }), sitemaps: [], errors: [] };
}

/** Text in hand: a sitemap document, one sitemap URL on its own, or a list. */
async function fromText(text: string, name: string | undefined, base: string, options: SitemapOptions): Promise<BatchInput> {
  if (looksLikeSitemap(text)) return readSitemap(base, options, text);
  const single = text.trim();
  if (!/\s/.test(single) && /sitemap[^/]*\.xml(?:\.gz)?(?:\?|$)/i.test(single)) {
    const normalised = normaliseUrl(single);
    if ('url' in normalised) return readSitemap(normalised.url, options);
  }
  return fromList(text, name);
}

/** Reads a batch's URLs from any source; throws (SitemapError, or a file error) when it cannot be read at all. */
export async function readBatchInput(source: InputSource, options: SitemapOptions = {}): Promise<BatchInput> {
  switch (source.kind) {
    case 'text':
      return fromText(source.text, source.name, 'about:blank', options);
    case 'bytes':
      return fromText(decodeListBytes(source.bytes, options.maxBytes), source.name, 'about:blank', options);
    case 'path': {
      const path = resolve(source.path);
      // The limit holds for a file as for a download: a file over it is not read at all.
      const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
      if ((await stat(path)).size > maxBytes) throw new SitemapError(`${source.path} is larger than ${formatBytes(maxBytes)}`);
      const text = decodeListBytes(await readFile(path), maxBytes);
      return fromText(text, source.path, pathToFileURL(path).href, options);
    }
    case 'sitemap-url':
      return readSitemap(source.url, options);
  }
}

/** A command-line argument: an http(s) URL is a sitemap to read, anything else a file. */
export function sourceFromArgument(argument: string): InputSource {
  return /^https?:\/\//i.test(argument.trim()) ? { kind: 'sitemap-url', url: argument.trim() } : { kind: 'path', path: argument };
}
