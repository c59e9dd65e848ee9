// Loads a folder laid out like the article-extraction benchmark: html/<id>.html.gz plus
// ground-truth.json ({ "<id>": { "articleBody": "...", "url": "..." } }). Everything is read into
// memory first, so scoring and timing never wait on the disk.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeHtmlBytes } from '../../src/main/loaders/files';
import type { Segments } from './trafilatura';

export interface CorpusPage {
  id: string;
  html: string;
  /** UTF-8 bytes of the decoded HTML. */
  bytes: number;
  /** The reference article text, when the ground truth has this page (article-extraction benchmark). */
  truth?: string;
  /** Segments the main content must and must not hold (trafilatura's evaluation pages). */
  segments?: Segments;
  url?: string;
}

interface GroundTruthEntry {
  articleBody?: unknown;
  url?: unknown;
}

const PAGE_FILE = /^(.+)\.html(\.gz)?$/;

/** The corpus root's aeb/ folder, or the folder itself when it is laid out like one; null when neither. */
export function resolveAebDirOrNull(dir: string): string | null {
  if (existsSync(join(dir, 'html')) && !existsSync(join(dir, 'evaldata.json'))) return dir;
  if (existsSync(join(dir, 'aeb', 'html'))) return join(dir, 'aeb');
  return null;
}

/** Accepts the corpus root (with an aeb/ folder) or the aeb folder itself. */
export function resolveAebDir(dir: string): string {
  const found = resolveAebDirOrNull(dir);
  if (found !== null) return found;
  throw new Error(`no html/ folder in ${dir} (nor in ${join(dir, 'aeb')}): pass the corpus folder, e.g. --corpus ../shared/corpus`);
}

export function loadGroundTruth(dir: string): Map<string, { articleBody: string; url?: string }> {
  const path = join(dir, 'ground-truth.json');
  if (!existsSync(path)) return new Map();
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, GroundTruthEntry>;
  const truth = new Map<string, { articleBody: string; url?: string }>();
  for (const [id, entry] of Object.entries(data)) {
    if (typeof entry?.articleBody !== 'string') continue;
    truth.set(id, { articleBody: entry.articleBody, url: typeof entry.url === 'string' ? entry.url : undefined });
  }
  return truth;
}

export function loadCorpus(dir: string, options: { limit?: number } = {}): CorpusPage[] {
  const root = resolveAebDir(dir);
  const truth = loadGroundTruth(root);
  const files = readdirSync(join(root, 'html'))
    .filter((name) => PAGE_FILE.test(name))
    .sort();
  const pages: CorpusPage[] = [];
  for (const name of files.slice(0, options.limit ?? files.length)) {
    const id = PAGE_FILE.exec(name)![1];
    const raw = readFileSync(join(root, 'html', name));
    const bytes = name.endsWith('.gz') ? gunzipSync(raw) : raw;
    const html = decodeHtmlBytes(bytes);
    const entry = truth.get(id);
    pages.push({ id, html, bytes: Buffer.byteLength(html, 'utf8'), truth: entry?.articleBody, url: entry?.url });
  }
  if (pages.length === 0) throw new Error(`no pages (*.html or *.html.gz) in ${join(root, 'html')}`);
  return pages;
}
