// What the user typed → what to load: an http(s) URL, or a local file as a file: URL.
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suggestAddress } from '../../shared/suggest';
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

/**
 * What the app may load for what was typed into its address bar: a web or file: address, or an
 * absolute path ("~/" is the home folder). Anything else is refused with a message that says what
 * was wrong (and the address probably meant) — never looked up relative to the working directory,
 * which in a desktop app is wherever it happened to be started.
 */
export function appInput(input: string, home: string): string {
  const text = input.trim();
  if (text === '') throw new LoadError('invalid-input', 'nothing to load: the address is empty');
  if (/^(?:https?|file):/i.test(text)) return text;
  if (/^~[/\\]/.test(text)) return join(home, text.slice(2));
  if (isAbsolute(text) || /^[a-z]:[/\\]/i.test(text)) return text;
  const suggestion = suggestAddress(text);
  if (suggestion !== null) throw new LoadError('invalid-input', `“${text}” is not a complete web address (did you mean ${suggestion}?)`);
  throw new LoadError('invalid-input', `“${text.length > 200 ? `${text.slice(0, 199)}…` : text}” is neither a web address (https://…) nor the full path of a file on this computer`);
}
