// What the user typed → what to load: an http(s) URL, or a local file as a file: URL.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LoadError } from '../loaders/source';

export type ScrapeTarget = { kind: 'web'; url: string } | { kind: 'file'; url: string };

const SCHEME = /^([a-z][a-z0-9+.-]+):/i;
const LOOKS_LIKE_HOST = /^(?:[a-z0-9-]+\.)+([a-z]{2,})(?::\d+)?(?:[/?#]|$)/i;
/** Endings that make "name.ext" a file name rather than a host. */
const FILE_ENDINGS = new Set(['html', 'htm', 'xhtml', 'xht', 'shtml', 'pdf', 'md', 'txt', 'xml', 'json']);

function looksLikeHost(input: string): boolean {
  const match = LOOKS_LIKE_HOST.exec(input);
  return match !== null && !FILE_ENDINGS.has(match[1].toLowerCase());
}

export function resolveTarget(input: string): ScrapeTarget {
  const trimmed = input.trim();
  if (trimmed === '') throw new LoadError('invalid-input', 'nothing to load: the input is empty');
  // Two letters or more, so a Windows drive ("C:\…") stays a path.
  const scheme = SCHEME.exec(trimmed)?.[1].toLowerCase();
  if (scheme !== undefined && URL.canParse(trimmed)) {
    const url = new URL(trimmed);
    if (scheme === 'http' || scheme === 'https') {
      if (url.hostname === '') throw new LoadError('invalid-input', `no host in ${trimmed}`);
      return { kind: 'web', url: url.href };
    }
    if (scheme === 'file') return { kind: 'file', url: url.href };
    if (!existsSync(trimmed)) {
      throw new LoadError('invalid-input', `${scheme}: addresses are not supported (use http, https or a file path)`);
    }
  }
  const path = resolve(trimmed);
  if (!existsSync(path) && looksLikeHost(trimmed)) {
    throw new LoadError('not-found', `no such file: ${trimmed} (for a web page, write https://${trimmed})`);
  }
  return { kind: 'file', url: pathToFileURL(path).href };
}
