// Local HTML files and standard input, decoded to a string. UTF-8 unless a byte-order mark says
// otherwise; invalid bytes become U+FFFD rather than an error.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

export interface LocalPage {
  html: string;
  /** file: URL of the source, or undefined for standard input. */
  url?: string;
}

export function decodeHtmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  // TextDecoder drops a UTF-8 BOM itself and replaces invalid sequences with U+FFFD.
  return new TextDecoder('utf-8').decode(bytes);
}

export async function readStream(stream: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
  return Buffer.concat(chunks);
}

export async function loadLocalFile(path: string): Promise<LocalPage> {
  const bytes = await readFile(path);
  return { html: decodeHtmlBytes(bytes), url: pathToFileURL(resolve(path)).href };
}
