// Saving a page: a file name a user recognises (from the title, else the URL), safe on every
// desktop file system, and the Markdown (plus, when asked, the cleaned HTML beside it).
import { access, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

const MAX_STEM = 100;
/** Names Windows reserves whatever the extension ("CON", "nul.txt", "COM1.tar.gz"). */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

export interface FileNameLimits {
  /** At most this many characters (code points). */
  maxChars?: number;
  /** At most this many bytes in UTF-8 (file systems count bytes: 255 on most). */
  maxBytes?: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The longest prefix within the limits, cut between whole characters (grapheme clusters). */
function truncate(text: string, limits: FileNameLimits): string {
  let chars = 0;
  let bytes = 0;
  let end = 0;
  for (const { segment } of segmenter.segment(text)) {
    const segmentChars = Array.from(segment).length;
    const segmentBytes = Buffer.byteLength(segment);
    if (limits.maxChars !== undefined && chars + segmentChars > limits.maxChars) break;
    if (limits.maxBytes !== undefined && bytes + segmentBytes > limits.maxBytes) break;
    chars += segmentChars;
    bytes += segmentBytes;
    end += segment.length;
  }
  return text.slice(0, end);
}

/**
 * A file stem from a page title: printable, no path or shell-hostile characters, bounded (100
 * characters unless `limits` say otherwise), never a name Windows reserves, never "." or "..".
 */
export function sanitiseFileName(title: string | undefined, fallback = 'page', limits: FileNameLimits = { maxChars: MAX_STEM }): string {
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
  let stem = truncate(cleaned, limits).trim().replace(/[.\s]+$/, '');
  // Windows reserves the name before the first dot: "CON.txt" is CON too.
  const dot = stem.indexOf('.');
  const head = dot === -1 ? stem : stem.slice(0, dot);
  if (RESERVED.test(head.trim())) stem = `${head.trim()}-page${dot === -1 ? '' : stem.slice(dot)}`;
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

/** The Markdown file for a chosen path (a `.md` extension added if it has none), and the HTML file beside it. */
export function exportPaths(path: string): { markdown: string; html: string } {
  const markdown = extname(path).toLowerCase() === '.md' ? path : `${path}.md`;
  return { markdown, html: join(dirname(markdown), `${basename(markdown, extname(markdown))}.html`) };
}

/** Whether a file is there already. */
export function fileExists(path: string): Promise<boolean> {
  return exists(path);
}

/**
 * Writes the Markdown to `path` and the HTML beside it. The save dialog asked about replacing the
 * Markdown file only: an HTML file already there is replaced only when `replaceHtml` says the user
 * agreed (otherwise writing it fails, as `wx` does, and nothing is lost).
 */
export async function writeExport(path: string, content: ExportContent, options: { replaceHtml?: boolean } = {}): Promise<string[]> {
  const { markdown: md, html } = exportPaths(path);
  if (content.cleanedHtml !== undefined) await writeFile(html, content.cleanedHtml, { encoding: 'utf8', flag: options.replaceHtml ? 'w' : 'wx' });
  await writeFile(md, content.markdown, 'utf8');
  return content.cleanedHtml !== undefined ? [md, html] : [md];
}
