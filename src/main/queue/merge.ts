// `openscraper batch --merge`: the batch's files, spread over the workers' folders, gathered into
// one folder with one manifest, as a single-machine run would have left them. Only the files the
// rows name are taken (a page a killed worker wrote and another worker wrote again is taken once);
// names stay as the workers gave them, and a name two workers both gave (the same title on two
// machines) gets the next free " (n)", its Markdown's links to its images following.
import { access, cp, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BatchCounts, BatchRow } from '../../shared/batch';
import { resetTempDir, writeAtomic } from '../batch/atomic-files';
import { relativeDestination } from '../batch/images';
import { journalPath } from '../batch/journal';
import { MANIFEST_FILES, manifestCsv, manifestJson } from '../batch/manifest';
import { insideRoot, nameKey, namesFor } from '../batch/names';
import { BatchError } from '../batch/store';
import { QueueError, type QueuedRow, type RedisBatch } from './redis-batch';

export interface MergeSummary {
  counts: BatchCounts;
  manifest: string;
  /** Pages whose files were copied in (not already in the folder). */
  copied: number;
  /** Pages given another name because another worker's page had theirs. */
  renamed: number;
  /** Done pages whose files could not be found (a worker's folder not reachable from here). */
  missing: QueuedRow[];
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** `folder/stem` → the first `folder/stem (n)` not taken. */
function freeName(base: string, taken: Set<string>): string {
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

function plainRow(row: QueuedRow): BatchRow {
  const { dir: _dir, worker: _worker, ...rest } = row;
  return rest;
}

export async function mergeBatch(batch: RedisBatch, outDir: string): Promise<MergeSummary> {
  const root = resolve(outDir);
  const record = await batch.record();
  if (!record) throw new QueueError(`the queue "${batch.name}" holds no batch`);
  if (await exists(journalPath(root))) throw new BatchError(`${root} holds a batch of its own: merge into another folder`);
  await resetTempDir(root);
  const [urls, reported] = await Promise.all([batch.urls(), batch.rows()]);
  const taken = new Set<string>();
  const rows: BatchRow[] = [];
  const missing: QueuedRow[] = [];
  let copied = 0;
  let renamed = 0;

  for (const [index, url] of urls.entries()) {
    const row = reported.get(index);
    if (!row || row.status !== 'done' || !row.file) {
      rows.push(row ? plainRow(row) : { index, url, status: 'pending', attempts: 0 });
      continue;
    }
    const from = namesFor(row.file.replace(/\.md$/i, ''));
    const source = resolve(row.dir);
    if (!(await exists(insideRoot(source, from.markdown)))) {
      missing.push(row);
      rows.push({ index, url, status: 'pending', attempts: 0 });
      continue;
    }
    const base = taken.has(nameKey(from.base)) ? freeName(from.base, taken) : from.base;
    taken.add(nameKey(base));
    const to = namesFor(base);
    if (base !== from.base) renamed++;
    if (source !== root || base !== from.base) {
      await copyPage(source, from, root, to);
      copied++;
    }
    rows.push({ ...plainRow(row), file: to.markdown });
  }

  const counts = countRows(rows);
  const manifest = join(root, MANIFEST_FILES[record.settings.manifest]);
  const header = { created: record.created, updated: new Date().toISOString(), finished: counts.pending === 0, counts };
  await writeAtomic(root, manifest, record.settings.manifest === 'csv' ? manifestCsv(rows) : manifestJson(rows, header), true);
  return { counts, manifest, copied, renamed, missing };
}

/** A page's Markdown, its cleaned HTML and its images, each as its worker wrote them. */
async function copyPage(source: string, from: ReturnType<typeof namesFor>, root: string, to: ReturnType<typeof namesFor>): Promise<void> {
  const assetsFrom = insideRoot(source, from.assets);
  const hasAssets = await exists(assetsFrom);
  if (hasAssets) await cp(assetsFrom, insideRoot(root, to.assets), { recursive: true, force: true });
  const htmlFrom = insideRoot(source, from.html);
  if (await exists(htmlFrom)) await writeAtomic(root, insideRoot(root, to.html), await readFile(htmlFrom), true);
  let markdown = await readFile(insideRoot(source, from.markdown), 'utf8');
  if (hasAssets && to.assets !== from.assets) {
    // The links to the images name the assets folder (URL-encoded, relative to the page).
    const oldName = relativeDestination([from.assets.split('/').pop()!]);
    const newName = relativeDestination([to.assets.split('/').pop()!]);
    markdown = markdown.split(`](${oldName}/`).join(`](${newName}/`);
  }
  await writeAtomic(root, insideRoot(root, to.markdown), markdown, true);
}

function countRows(rows: readonly BatchRow[]): BatchCounts {
  const counts: BatchCounts = { total: rows.length, done: 0, failed: 0, pending: 0, running: 0 };
  for (const row of rows) {
    if (row.status === 'done') counts.done++;
    else if (row.status === 'failed') counts.failed++;
    else counts.pending++;
  }
  return counts;
}
