// Local files (.html, .htm, .xhtml, .pdf) and standard input. The extension gives a declared type;
// the bytes are sniffed afterwards all the same (content-type.ts), so a misnamed PDF still reads.
import { open, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeHtml } from './charset';
import { abortError, formatBytes, LoadError, type RawPage, type LoadRequest, type PageSource } from './source';

const TYPES_BY_EXTENSION: Record<string, string> = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.shtml': 'text/html',
  '.xhtml': 'application/xhtml+xml',
  '.xht': 'application/xhtml+xml',
  '.pdf': 'application/pdf',
};

/** The type a file's extension declares, or undefined (then only the content decides). */
export function typeFromExtension(path: string): string | undefined {
  return TYPES_BY_EXTENSION[extname(path).toLowerCase()];
}

export class FileSource implements PageSource {
  readonly name = 'file';

  async load(request: LoadRequest): Promise<RawPage> {
    const path = fileURLToPath(request.url);
    let size: number;
    try {
      const info = await stat(path);
      if (info.isDirectory()) throw new LoadError('invalid-input', `${path} is a folder, not a file`);
      size = info.size;
    } catch (error) {
      throw fileError(error, path);
    }
    if (size > request.settings.maxBytes) {
      throw new LoadError('too-large', `the file is larger than the limit of ${formatBytes(request.settings.maxBytes)}`);
    }
    const body = await readLimited(path, request);
    return { url: request.url, finalUrl: request.url, contentType: typeFromExtension(path), body, rendered: false, warnings: [] };
  }
}

/** Reads at most maxBytes (a file may grow between stat and read), checking for cancellation. */
async function readLimited(path: string, request: LoadRequest): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(path, 'r');
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of handle.createReadStream({ highWaterMark: 1 << 20, autoClose: false }) as AsyncIterable<Buffer>) {
      if (request.signal.aborted) throw abortError(request, 'reading the file');
      total += chunk.byteLength;
      if (total > request.settings.maxBytes) {
        throw new LoadError('too-large', `the file is larger than the limit of ${formatBytes(request.settings.maxBytes)}`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    throw fileError(error, path);
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function fileError(error: unknown, path: string): LoadError {
  if (error instanceof LoadError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new LoadError('not-found', `no such file: ${path}`);
  if (code === 'EACCES' || code === 'EPERM') return new LoadError('invalid-input', `permission denied reading ${path}`);
  if (code === 'EISDIR') return new LoadError('invalid-input', `${path} is a folder, not a file`);
  return new LoadError('internal', `could not read ${path}: ${(error as Error).message ?? String(error)}`);
}

/** Decodes HTML bytes that came without a Content-Type (files, standard input). */
export function decodeHtmlBytes(bytes: Uint8Array): string {
  return decodeHtml(bytes).html;
}

/** All of a stream (standard input), refusing more than maxBytes. */
export async function readStream(stream: AsyncIterable<Uint8Array | string>, maxBytes = Number.POSITIVE_INFINITY): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    total += bytes.byteLength;
    if (total > maxBytes) throw new LoadError('too-large', `the input is larger than the limit of ${formatBytes(maxBytes)}`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}
