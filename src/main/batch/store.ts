// A batch's state, kept by its journal: one small row per URL in memory, and every change that must
// survive a kill — a URL added, a name claimed, a page done or failed — in the journal before the
// batch moves on. Opening a folder rebuilds the rows from its journal (or, when the journal is
// gone, from its index.json); URLs can be added at any time, while running too (a crawl is a batch
// that grows). The manifest people read is rewritten from these rows now and then.
import { access, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchCounts, BatchRow, BatchRowStatus, BatchSettings } from '../../shared/batch';
import type { ScrapeError } from '../../shared/page';
import { resetTempDir } from './atomic-files';
import { type DoneEntry, type FailedEntry, Journal, type JournalEntry, type JournalState, readJournal, type StoredSettings } from './journal';
import { MANIFEST_FILES, ManifestWriter, parseManifestJson } from './manifest';

export class BatchError extends Error {
  override readonly name = 'BatchError';
}

export interface StoreOptions {
  /** The folder the files go to (created if missing). */
  root: string;
  settings: BatchSettings;
  /** Continue the batch already in `root` (its journal, else its index.json); without it, a folder holding a batch is refused. */
  resume?: boolean;
  /**
   * Update the export in `root` (it must hold one): every page is loaded again, its last outcome
   * kept as `previousOf()` — the validators to ask with, the hash to compare, the file to replace.
   */
  update?: boolean;
  manifestIntervalMs?: number;
  /** Every change of a row's status. */
  onRow?: (row: BatchRow) => void;
}

/** What a written page leaves in its row and in the journal. */
export type PageOutcome = Pick<BatchRow, 'finalUrl' | 'httpStatus' | 'title' | 'bytes' | 'images' | 'hash' | 'validators' | 'change'> & { base: string };

/** Journal lines per write when many are added at once. */
const ENTRIES_PER_WRITE = 5000;

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function storedSettings(settings: BatchSettings): StoredSettings {
  const { nameTemplate, manifest, frontMatter, cleanedHtml, images, overwrite } = settings;
  return { nameTemplate, manifest, frontMatter, cleanedHtml, images, overwrite };
}

/** A batch rebuilt from an index.json when the journal is gone: done rows stay done. */
async function stateFromManifest(root: string, settings: BatchSettings): Promise<JournalState | undefined> {
  const path = join(root, MANIFEST_FILES.json);
  if (!(await exists(path))) return undefined;
  const rows = parseManifestJson(await readFile(path, 'utf8'));
  const state: JournalState = { settings: storedSettings(settings), created: new Date().toISOString(), urls: [], outcomes: new Map(), claims: new Map() };
  for (const row of rows) {
    const i = row.index - 1;
    state.urls[i] = row.url;
    if (row.status === 'done' && row.file) {
      const base = row.file.replace(/\.md$/i, '');
      state.claims.set(i, base);
      const validators = row.etag || row.lastModified ? { ...(row.etag ? { etag: row.etag } : {}), ...(row.lastModified ? { lastModified: row.lastModified } : {}) } : undefined;
      state.outcomes.set(i, { t: 'done', i, base, finalUrl: row.finalUrl, bytes: row.bytes, ms: row.ms, attempts: row.attempts, httpStatus: row.httpStatus, title: row.title, hash: row.hash, validators });
    }
  }
  return state;
}

function rowFromOutcome(index: number, url: string, outcome: DoneEntry | FailedEntry | undefined): BatchRow {
  if (outcome?.t === 'done') {
    const { t: _t, i: _i, base, ...rest } = outcome;
    return { index, url, status: 'done', file: `${base}.md`, ...rest, attempts: rest.attempts ?? 1 };
  }
  if (outcome?.t === 'failed') {
    const { t: _t, i: _i, ...rest } = outcome;
    return { index, url, status: 'failed', ...rest, attempts: rest.attempts ?? 1 };
  }
  return { index, url, status: 'pending', attempts: 0 };
}

export class BatchStore {
  readonly rows: BatchRow[];
  /** The settings, those that name and shape files as the journal first recorded them. */
  readonly settings: BatchSettings;
  private readonly counters: Record<BatchRowStatus, number> = { pending: 0, running: 0, retrying: 0, done: 0, failed: 0 };
  private readonly known: Set<string>;
  private readonly manifest: ManifestWriter;
  /** Base names claimed and not finished yet, by URL index: a resumed page takes its claimed name again. */
  private readonly claims: Map<number, string>;
  /** Every base name the journal has claimed (done pages' included). */
  readonly claimedNames: readonly string[];
  /** The add in progress (adds run one after another). */
  private adding: Promise<unknown> = Promise.resolve();
  /** In an update: each page's outcome in the export being updated, by index. */
  private readonly previous = new Map<number, Readonly<BatchRow>>();

  private constructor(
    private readonly options: StoreOptions,
    private readonly journal: Journal,
    state: JournalState,
  ) {
    this.settings = { ...options.settings, ...state.settings };
    this.claims = state.claims;
    this.claimedNames = [...state.claims.values()];
    this.rows = state.urls.map((url, index) => rowFromOutcome(index, url, state.outcomes.get(index)));
    this.known = new Set(state.urls);
    // An update loads every page again; a page written before keeps its name (claimed: its files are replaced).
    if (options.update) {
      for (const row of this.rows) {
        if (row.status === 'done') this.previous.set(row.index, { ...row });
        Object.assign(row, { status: 'pending', attempts: 0, ms: undefined, error: undefined, change: undefined });
      }
    }
    for (const row of this.rows) this.counters[row.status]++;
    for (const outcome of state.outcomes.values()) if (outcome.t === 'done' && !this.previous.has(outcome.i)) this.claims.delete(outcome.i);
    this.manifest = new ManifestWriter(options.root, this.settings.manifest, () => this.manifestSnapshot(state.created), options.manifestIntervalMs);
  }

  /**
   * Opens the batch in `options.root`: a new one for `urls`, or (with `resume`) the one there, plus
   * any of `urls` it does not have yet. Refuses a folder that holds a batch unless resuming.
   */
  static async open(urls: readonly string[], options: StoreOptions): Promise<BatchStore> {
    const { root, settings } = options;
    await mkdir(root, { recursive: true });
    let state = await readJournal(root);
    if (state && !options.resume && !options.update) throw new BatchError(`${root} holds a batch already: resume it, or choose another folder`);
    let source: 'journal' | 'manifest' | 'new' = state ? 'journal' : 'new';
    if (!state && (options.resume || options.update)) {
      state = await stateFromManifest(root, settings);
      if (state) source = 'manifest';
    }
    if (!state && !settings.overwrite && (await exists(join(root, MANIFEST_FILES[settings.manifest])))) {
      throw new BatchError(`${join(root, MANIFEST_FILES[settings.manifest])} exists already: choose another folder, or allow overwriting`);
    }
    if (!state && options.update) throw new BatchError(`${root} holds no export to update (no journal, no ${MANIFEST_FILES.json})`);
    state ??= { settings: storedSettings(settings), created: new Date().toISOString(), urls: [], outcomes: new Map(), claims: new Map() };
    await resetTempDir(root);
    const journal = await Journal.open(root);
    const entries: JournalEntry[] = [];
    if (source !== 'journal') {
      entries.push({ t: 'batch', v: 1, created: state.created, settings: state.settings });
      // Rebuilt from a manifest: the journal starts again from its URLs and from what it said was done.
      state.urls.forEach((url, i) => entries.push({ t: 'url', i, url }));
      if (source === 'manifest') for (const outcome of state.outcomes.values()) if (outcome.t === 'done') entries.push({ t: 'claim', i: outcome.i, base: outcome.base }, outcome);
    }
    await appendAll(journal, entries);
    const store = new BatchStore(options, journal, state);
    await store.add(urls);
    return store;
  }

  get manifestPath(): string {
    return this.manifest.path;
  }

  counts(): BatchCounts {
    const c = this.counters;
    return { total: this.rows.length, done: c.done, failed: c.failed, pending: c.pending + c.retrying, running: c.running };
  }

  /** New URLs at the end of the batch (those it has already are left out), in the journal first; the rows added. */
  add(urls: readonly string[]): Promise<BatchRow[]> {
    // One add at a time: adds that overlap (a crawl's pages finding links at once) must not share indices.
    const adding = this.adding.then(() => this.addNow(urls));
    this.adding = adding.catch(() => undefined);
    return adding;
  }

  private async addNow(urls: readonly string[]): Promise<BatchRow[]> {
    const added: BatchRow[] = [];
    for (const url of urls) {
      if (this.known.has(url)) continue;
      this.known.add(url);
      added.push({ index: this.rows.length + added.length, url, status: 'pending', attempts: 0 });
    }
    await appendAll(this.journal, added.map((row) => ({ t: 'url', i: row.index, url: row.url })));
    for (const row of added) {
      this.rows.push(row);
      this.counters.pending++;
    }
    return added;
  }

  /** In an update: the page's outcome in the export being updated (undefined for a page new to it). */
  previousOf(index: number): Readonly<BatchRow> | undefined {
    return this.previous.get(index);
  }

  /** Whether this store updates an export (--update). */
  get updating(): boolean {
    return this.options.update === true;
  }

  /** In an update: the page is as it was (304, or the same Markdown) — its files are left alone, its row says so. */
  async unchanged(row: BatchRow, previous: Readonly<BatchRow>, facts: Pick<BatchRow, 'httpStatus' | 'validators'>): Promise<void> {
    const base = (previous.file ?? '').replace(/\.md$/i, '');
    const { finalUrl, title, bytes, images, hash } = previous;
    await this.done(row, { base, finalUrl, title, bytes, images, hash, httpStatus: facts.httpStatus ?? previous.httpStatus, validators: facts.validators ?? previous.validators, change: 'unchanged' });
  }

  /** The name a killed run claimed for this page and never finished, if any: its files are the page's to replace. */
  claimOf(index: number): string | undefined {
    return this.claims.get(index);
  }

  /** Records the base name a page's files are about to take (before they are written). */
  async claim(index: number, base: string): Promise<void> {
    await this.journal.append({ t: 'claim', i: index, base });
    this.claims.set(index, base);
  }

  /** An attempt starts. */
  start(row: BatchRow): void {
    row.attempts++;
    this.setStatus(row, 'running');
  }

  /** Waits for a retry. */
  retrying(row: BatchRow): void {
    this.setStatus(row, 'retrying');
  }

  /**
   * Back to pending as if never tried (a retry asked for, or a resumed batch's failed row);
   * `keepAttempts` counts earlier runs' attempts on (a page that exhausted its budget).
   */
  reset(row: BatchRow, keepAttempts = false): void {
    row.error = undefined;
    if (!keepAttempts) row.attempts = 0;
    row.ms = undefined;
    this.setStatus(row, 'pending');
  }

  /** Cancelled mid-way: back to pending, with nothing recorded. */
  abandon(row: BatchRow): void {
    row.attempts = Math.max(0, row.attempts - 1);
    this.setStatus(row, 'pending');
  }

  /** Not started after all (a cancel took it back from the queue). */
  unqueue(row: BatchRow): void {
    this.setStatus(row, 'pending');
  }

  async done(row: BatchRow, outcome: PageOutcome): Promise<void> {
    const { base, ...facts } = outcome;
    Object.assign(row, { file: `${base}.md`, ...facts, error: undefined });
    await this.journal.append({ t: 'done', i: row.index, base, finalUrl: row.finalUrl, bytes: row.bytes, ms: Math.round(row.ms ?? 0), attempts: row.attempts, httpStatus: row.httpStatus, title: row.title, images: row.images, hash: row.hash, validators: row.validators, change: row.change });
    this.claims.delete(row.index);
    this.setStatus(row, 'done');
    this.manifest.changed();
  }

  /** The page failed; `gone` (an update's 404 or 410) keeps the file of the last export named in its row. */
  async failed(row: BatchRow, error: ScrapeError, gone?: Readonly<BatchRow>): Promise<void> {
    row.error = error;
    if (gone) Object.assign(row, { file: gone.file, change: 'gone' });
    await this.journal.append({ t: 'failed', i: row.index, error, attempts: row.attempts, ms: Math.round(row.ms ?? 0), httpStatus: row.httpStatus, ...(gone ? { file: gone.file, change: 'gone' as const } : {}) });
    this.setStatus(row, 'failed');
    this.manifest.changed();
  }

  /** Writes the manifest now. */
  flush(): Promise<void> {
    return this.manifest.flush().catch(() => undefined);
  }

  /** Writes the manifest and closes the journal. */
  async close(): Promise<void> {
    await this.flush();
    await this.journal.close();
  }

  private setStatus(row: BatchRow, status: BatchRowStatus): void {
    this.counters[row.status]--;
    this.counters[status]++;
    row.status = status;
    this.options.onRow?.(row);
  }

  private manifestSnapshot(created: string) {
    const counts = this.counts();
    return { rows: this.rows, header: { created, updated: new Date().toISOString(), finished: counts.pending + counts.running === 0, counts } };
  }
}

async function appendAll(journal: Journal, entries: JournalEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += ENTRIES_PER_WRITE) await journal.append(...entries.slice(start, start + ENTRIES_PER_WRITE));
}
