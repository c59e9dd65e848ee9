// Saving a page: a file name a user recognises (from the title, else the URL), safe on every
// desktop file system, and the Markdown (plus, when asked, the cleaned HTML beside it).
import { access, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

const MAX_STEM = 100;
/** Names Windows reserves whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** A file stem from a page title: printable, no path or shell-hostile characters, bounded. */
export function sanitiseFileName(title: string | undefined, fallback = 'page'): string {
  const cleaned = (title ?? '')
    .normalize('NFKC')
    // Controls, separators and the characters Windows forbids; also shell-hostile quotes.
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"/\\|?*`$']+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // No leading dots (hidden files, "..") and no trailing dots or spaces (Windows drops them).
    .replace(/^[.\s-]+/, '')
    .replace(/[.\s]+$/, '');
  let stem = Array.from(cleaned).slice(0, MAX_STEM).join('').trim().replace(/[.\s]+$/, '');
  if (RESERVED.test(stem)) stem = `${stem}-page`;
  return stem === '' ? fallback : stem;
}

/** The name to suggest when saving: the title, else the URL's host and last path segment. */
export function suggestedStem(title: string | undefined, url: string | undefined): string {
  if (title && sanitiseFileName(title, '') !== '') return sanitiseFileName(title);
  if (url) {
    try {
      const parsed = new URL(url);
      const last = parsed.pathname.split('/').filter(Boolean).pop() ?? '';
      return sanitiseFileName([parsed.hostname, last.replace(/\.[a-z0-9]+$/i, '')].filter(Boolean).join(' '));
    } catch {
      return sanitiseFileName(basename(url).replace(/\.[a-z0-9]+$/i, ''));
    }
  }
  return 'page';
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** `<dir>/<stem>.md`, or `<stem> (2).md` and so on, so nothing already there is overwritten. */
export async function uniqueMarkdownPath(dir: string, stem: string, withHtml: boolean): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? stem : `${stem} (${n})`;
    const md = join(dir, `${name}.md`);
    if (!(await exists(md)) && !(withHtml && (await exists(join(dir, `${name}.html`))))) return md;
  }
}

export interface ExportContent {
  markdown: string;
  cleanedHtml?: string;
}

/** Writes the Markdown to `path` (given a `.md` extension if it has none) and the HTML beside it. */
export async function writeExport(path: string, content: ExportContent): Promise<string[]> {
  const md = extname(path).toLowerCase() === '.md' ? path : `${path}.md`;
  await writeFile(md, content.markdown, 'utf8');
  const files = [md];
  if (content.cleanedHtml !== undefined) {
    const html = join(dirname(md), `${basename(md, extname(md))}.html`);
    await writeFile(html, content.cleanedHtml, 'utf8');
    files.push(html);
  }
  return files;
}
