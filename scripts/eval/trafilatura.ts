// Trafilatura's evaluation pages (see the corpus README): evaldata.json names, per page, text
// segments the main content must contain ("with") and boilerplate segments it must not ("without").
// The metric is the project's own (tests/eval_common.py): segments are looked for as substrings of
// the whitespace-normalised text, counted over all pages, then precision and recall of the sums.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeHtmlBytes } from '../../src/main/loaders/files';
import type { CorpusPage } from './corpus';
import type { PageCounts, Scores } from './metric';

export interface Segments {
  with: readonly string[];
  without: readonly string[];
}

interface EvalEntry {
  file?: unknown;
  with?: unknown;
  without?: unknown;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** Accepts the corpus root (with a trafilatura/ folder) or the trafilatura folder itself; null when absent. */
export function resolveTrafilaturaDir(dir: string): string | null {
  if (existsSync(join(dir, 'evaldata.json'))) return dir;
  if (existsSync(join(dir, 'trafilatura', 'evaldata.json'))) return join(dir, 'trafilatura');
  return null;
}

export function loadTrafilatura(dir: string, options: { limit?: number } = {}): CorpusPage[] {
  const data = JSON.parse(readFileSync(join(dir, 'evaldata.json'), 'utf8')) as Record<string, EvalEntry>;
  const available = new Set(readdirSync(join(dir, 'html')));
  const pages: CorpusPage[] = [];
  for (const url of Object.keys(data).sort()) {
    const entry = data[url];
    if (typeof entry?.file !== 'string') continue;
    const name = [`${entry.file}.gz`, entry.file].find((candidate) => available.has(candidate));
    if (name === undefined) continue;
    const raw = readFileSync(join(dir, 'html', name));
    const html = decodeHtmlBytes(name.endsWith('.gz') ? gunzipSync(raw) : raw);
    pages.push({
      id: entry.file.replace(/\.html?$/, ''),
      html,
      bytes: Buffer.byteLength(html, 'utf8'),
      url,
      segments: { with: strings(entry.with), without: strings(entry.without) },
    });
    if (options.limit !== undefined && pages.length >= options.limit) break;
  }
  if (pages.length === 0) throw new Error(`no pages of evaldata.json found in ${join(dir, 'html')}`);
  return pages;
}

export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Raw counts for one page (not normalised: the metric sums them over pages). */
export function judgeSegments(segments: Segments, predicted: string): PageCounts {
  const text = normalizeSpace(predicted);
  let tp = 0;
  let fn = 0;
  let fp = 0;
  let tn = 0;
  for (const segment of segments.with) {
    if (text.includes(normalizeSpace(segment))) tp++;
    else fn++;
  }
  for (const segment of segments.without) {
    if (text.includes(normalizeSpace(segment))) fp++;
    else tn++;
  }
  return { tp, fp, fn, tn };
}

/** Precision and recall of the counts summed over pages (`indices` picks, and may repeat, pages). */
export function aggregateSegments(pages: readonly PageCounts[], indices?: readonly number[]): Scores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const count = indices ? indices.length : pages.length;
  for (let i = 0; i < count; i++) {
    const page = pages[indices ? indices[i] : i];
    tp += page.tp;
    fp += page.fp;
    fn += page.fn;
  }
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, precisionPages: count, recallPages: count };
}
