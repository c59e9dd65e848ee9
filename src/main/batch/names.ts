// File names for a batch: a template (`{title}`, `{host}`, `{path}`, `{date}`, `{index}`; a `/`
// written in the template makes a sub-folder) filled in and sanitised per path segment, so nothing
// a page says (`../`, `CON`, `a/b\c`, bidi overrides, 300 emoji) can leave the folder or upset a
// file system; then made unique (` (2)`, ` (3)`) against the folder's files and every name this
// batch has given, compared case-insensitively after Unicode normalisation (as macOS and Windows do).
import { lstat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { NAME_PLACEHOLDERS } from '../../shared/batch';
import { sanitiseFileName, suggestedStem } from '../services/export-writer';

/** Bytes for the stem: a name stays under 255 bytes with " (99999)" and ".assets" added. */
export const MAX_STEM_BYTES = 200;
const MAX_FOLDER_BYTES = 100;
const MAX_FOLDERS = 8;

export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

export interface NameFields {
  url: string;
  finalUrl?: string;
  title?: string;
  /** Position in the batch, from 0 ({index} shows it from 1, zero-padded to the total's width). */
  index: number;
  total: number;
  date: Date;
}

/** Checks a template: known placeholders only, something in it, no absolute path. */
export function checkTemplate(template: string): void {
  if (template.trim() === '') throw new TemplateError('the name template is empty');
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    if (!(NAME_PLACEHOLDERS as readonly string[]).includes(match[1])) {
      throw new TemplateError(`unknown placeholder {${match[1]}} in the name template (use ${NAME_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')})`);
    }
  }
}

function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The URL's path as one readable piece: "/docs/intro.html" → "docs-intro". */
function pathPart(url: URL): string {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  const cleaned = path.replace(/\.(?:html?|xhtml|php|aspx?|jsp)$/i, '').replace(/^\/+|\/+$/g, '');
  return cleaned === '' ? 'index' : cleaned.replace(/\/+/g, '-');
}

function fieldValues(fields: NameFields): Record<(typeof NAME_PLACEHOLDERS)[number], string> {
  const url = new URL(fields.finalUrl ?? fields.url);
  const title = fields.title?.trim() ? fields.title : suggestedStem(undefined, fields.finalUrl ?? fields.url);
  return {
    title,
    host: url.host,
    path: pathPart(url),
    date: localDate(fields.date),
    index: String(fields.index + 1).padStart(String(fields.total).length, '0'),
  };
}

/**
 * The template filled in: folder segments and a stem, each a safe single name. A placeholder's
 * value never makes a folder (its slashes become spaces); only the template's own `/` do.
 */
export function renderName(template: string, fields: NameFields): { folders: string[]; stem: string } {
  const values = fieldValues(fields);
  const segments = template.split(/[/\\]/).map((segment) => segment.replace(/\{(\w+)\}/g, (_, key: keyof typeof values) => values[key] ?? ''));
  const stemText = segments.pop() ?? '';
  const folders = segments
    .map((segment) => sanitiseFileName(segment, '', { maxBytes: MAX_FOLDER_BYTES }))
    .filter((segment) => segment !== '')
    .slice(0, MAX_FOLDERS);
  const fallback = sanitiseFileName(suggestedStem(undefined, fields.finalUrl ?? fields.url), 'page', { maxBytes: MAX_STEM_BYTES });
  return { folders, stem: sanitiseFileName(stemText, fallback, { maxBytes: MAX_STEM_BYTES }) };
}

/** The key two names collide on, on a case-insensitive, normalising file system. */
export function nameKey(relativePath: string): string {
  return relativePath.normalize('NFC').toLowerCase();
}

/** `folder/stem` and the files a page may write: the Markdown, the HTML beside it, its assets folder. */
export interface ReservedName {
  /** Relative to the batch folder, `/`-separated, without extension. */
  base: string;
  markdown: string;
  html: string;
  assets: string;
}

export function namesFor(base: string): ReservedName {
  return { base, markdown: `${base}.md`, html: `${base}.html`, assets: `${base}.assets` };
}

/** An absolute path inside `root` for a relative batch path; throws if it would lead outside. */
export function insideRoot(root: string, relativePath: string): string {
  const absolute = resolve(root, ...relativePath.split('/'));
  const rel = relative(resolve(root), absolute);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) throw new Error(`refusing to write outside the batch folder: ${relativePath}`);
  return absolute;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Gives each page a base name no other page of the batch has and, unless overwriting is allowed,
 * that no file in the folder has. Reservation happens before any await, so pages finishing at the
 * same time never get the same name.
 */
export class NameRegistry {
  private readonly taken = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly options: { overwrite: boolean; withHtml: boolean; withAssets: boolean },
  ) {}

  /** Marks a base name as used (names from the journal on resume). */
  claim(base: string): void {
    this.taken.add(nameKey(base));
  }

  release(base: string): void {
    this.taken.delete(nameKey(base));
  }

  async reserve(folders: string[], stem: string): Promise<ReservedName> {
    const prefix = folders.length > 0 ? `${folders.join('/')}/` : '';
    for (let n = 1; ; n++) {
      const base = `${prefix}${n === 1 ? stem : `${stem} (${n})`}`;
      const key = nameKey(base);
      if (this.taken.has(key)) continue;
      this.taken.add(key);
      if (this.options.overwrite || !(await this.onDisk(base))) return namesFor(base);
      // Taken by a file already there: it stays reserved, so no other page tries it again.
    }
  }

  private async onDisk(base: string): Promise<boolean> {
    const names = namesFor(base);
    const candidates = [names.markdown];
    if (this.options.withHtml) candidates.push(names.html);
    if (this.options.withAssets) candidates.push(names.assets);
    for (const candidate of candidates) if (await exists(insideRoot(this.root, candidate))) return true;
    return false;
  }
}

