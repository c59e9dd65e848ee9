// Images for offline reading: find the Markdown's images (`![alt](url "title")`, outside code),
// download each http(s) one once into the page's assets folder, and point the Markdown at the
// local copy. An image that cannot be had (error, not an image, too large) keeps its remote URL.
import { join } from 'node:path';
import { fetch } from 'undici';
import { DEFAULT_USER_AGENT } from '../loaders/http';
import { sanitiseFileName } from '../services/export-writer';
import { writeAtomic } from './atomic-files';
import { deadline } from './deadline';

export interface ImageRef {
  /** Offsets of the destination (what gets replaced) in the Markdown. */
  start: number;
  end: number;
  url: string;
}

/** Offsets of `![`…`](` destinations outside fenced code and code spans, with their decoded URLs. */
export function findImages(markdown: string): ImageRef[] {
  const refs: ImageRef[] = [];
  let fence: { char: string; length: number } | null = null;
  let offset = 0;
  for (const line of markdown.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence.char && fenceMatch[1].length >= fence.length && line.trim() === fenceMatch[1]) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = { char: fenceMatch[1][0], length: fenceMatch[1].length };
      continue;
    }
    if (/^( {4}|\t)/.test(line)) continue; // indented code
    scanLine(line, lineStart, refs);
  }
  return refs;
}

function scanLine(line: string, base: number, refs: ImageRef[]): void {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '`') {
      // A code span: skip to the closing run of the same length (or treat the run as text).
      let run = 1;
      while (line[i + run] === '`') run++;
      const close = line.indexOf('`'.repeat(run), i + run);
      i = close === -1 ? i + run - 1 : close + run - 1;
      continue;
    }
    if (c !== '!' || line[i + 1] !== '[') continue;
    const parsed = parseImage(line, i + 1);
    if (parsed) {
      refs.push({ start: base + parsed.destStart, end: base + parsed.destEnd, url: parsed.url });
      i = parsed.end - 1;
    }
  }
}

/** `[alt](dest "title")` from the `[` at `open`; undefined when it is not an image. */
function parseImage(line: string, open: number): { destStart: number; destEnd: number; url: string; end: number } | undefined {
  let depth = 0;
  let i = open;
  for (; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '[') depth++;
    else if (line[i] === ']' && --depth === 0) break;
  }
  if (i >= line.length || line[i + 1] !== '(') return undefined;
  const destStart = i + 2;
  let destEnd: number;
  let url: string;
  if (line[destStart] === '<') {
    const close = line.indexOf('>', destStart);
    if (close === -1) return undefined;
    destEnd = close + 1;
    url = line.slice(destStart + 1, close).replace(/%3C/gi, '<').replace(/%3E/gi, '>');
  } else {
    let j = destStart;
    let parens = 0;
    for (; j < line.length; j++) {
      const c = line[j];
      if (c === '\\') j++;
      else if (c === '(') parens++;
      else if (c === ')' && parens-- === 0) break;
      else if (c === ' ') break;
    }
    destEnd = Math.min(j, line.length);
    url = line.slice(destStart, destEnd).replace(/\\([()])/g, '$1');
  }
  const close = line.indexOf(')', destEnd);
  if (close === -1) return undefined;
  return { destStart, destEnd, url, end: close + 1 };
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/tiff': 'tiff',
};

/** A local file name for the n-th image: "3-photo.jpg". */
export function imageFileName(n: number, url: string, contentType: string): string {
  const type = contentType.split(';')[0].trim().toLowerCase();
  const path = new URL(url).pathname;
  const last = decodeSafely(path.slice(path.lastIndexOf('/') + 1));
  const ownExtension = /\.([a-z0-9]{1,5})$/i.exec(last)?.[1]?.toLowerCase();
  const extension = EXTENSIONS[type] ?? ownExtension ?? 'img';
  const stem = sanitiseFileName(last.replace(/\.[a-z0-9]{1,5}$/i, ''), '', { maxBytes: 60 }).replace(/\s+/g, '-');
  return `${n}${stem ? `-${stem}` : ''}.${extension}`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A link destination for a relative path: each segment percent-encoded, so any renderer reads it. */
export function relativeDestination(segments: string[]): string {
  return segments.map((segment) => encodeURIComponent(segment)).join('/');
}

export interface ImageOptions {
  /** The batch folder (temporary files live there). */
  root: string;
  /** Absolute path of the page's assets folder. */
  assetsDir: string;
  /** The assets folder's name, as the Markdown refers to it (relative to the Markdown file). */
  assetsName: string;
  signal: AbortSignal;
  timeoutMs: number;
  maxBytes?: number;
  concurrency?: number;
  userAgent?: string;
}

export interface ImageResult {
  markdown: string;
  saved: number;
  failed: number;
}

async function download(url: string, options: ImageOptions): Promise<{ bytes: Uint8Array; contentType: string }> {
  const limit = deadline(options.timeoutMs, options.signal);
  try {
    const response = await fetch(url, { signal: limit.signal, redirect: 'follow', headers: { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT, accept: 'image/*' } });
    const contentType = response.headers.get('content-type') ?? '';
    if (response.status < 200 || response.status > 299 || !/^image\//i.test(contentType)) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(response.ok ? `not an image (${contentType || 'no type'})` : `HTTP ${response.status}`);
    }
    const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new Error('image too large');
      chunks.push(chunk);
    }
    return { bytes: Buffer.concat(chunks, total), contentType };
  } finally {
    limit.clear();
  }
}

/** Downloads the Markdown's images into `assetsDir` and rewrites their links to the local files. */
export async function localiseImages(markdown: string, options: ImageOptions): Promise<ImageResult> {
  const refs = findImages(markdown).filter((ref) => /^https?:\/\//i.test(ref.url) && URL.canParse(ref.url));
  if (refs.length === 0) return { markdown, saved: 0, failed: 0 };
  const unique = [...new Set(refs.map((ref) => ref.url))];
  const local = new Map<string, string>();
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < unique.length && !options.signal.aborted) {
      const n = next++;
      const url = unique[n];
      try {
        const { bytes, contentType } = await download(url, options);
        const name = imageFileName(n + 1, url, contentType);
        await writeAtomic(options.root, join(options.assetsDir, name), bytes, true);
        local.set(url, relativeDestination([options.assetsName, name]));
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, unique.length) }, worker));
  if (options.signal.aborted) throw new Error('cancelled');
  let rewritten = '';
  let last = 0;
  for (const ref of refs) {
    const replacement = local.get(ref.url);
    if (replacement === undefined) continue;
    rewritten += markdown.slice(last, ref.start) + replacement;
    last = ref.end;
  }
  return { markdown: rewritten + markdown.slice(last), saved: local.size, failed };
}
