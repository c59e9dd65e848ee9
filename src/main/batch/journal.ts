// The batch's journal: an append-only file of JSON lines in the output folder's work folder. The
// first line says how files are named; then every URL; then, as the batch goes, a `claim` before a
// page's files are written and a `done` or `failed` after. A killed run loses at most the line being
// written (a torn last line is skipped); on resume a claimed-but-unfinished page gets its claimed
// name again, so no page is written twice under two names.
import { createReadStream } from 'node:fs';
import { mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { BatchRow, BatchSettings } from '../../shared/batch';
import type { ScrapeError } from '../../shared/page';
import { WORK_DIR } from './atomic-files';

/** What decides the files' names and content: kept from the first run when a batch resumes. */
export type StoredSettings = Pick<BatchSettings, 'nameTemplate' | 'manifest' | 'frontMatter' | 'cleanedHtml' | 'images' | 'overwrite'>;

export type DoneEntry = { t: 'done'; i: number; base: string } & Pick<BatchRow, 'finalUrl' | 'bytes' | 'ms' | 'attempts' | 'httpStatus' | 'title' | 'images' | 'hash' | 'validators' | 'change'>;
/** A page gone in an update keeps its `file` (left in the folder) and says `change: 'gone'`. */
export type FailedEntry = { t: 'failed'; i: number; error: ScrapeError } & Pick<BatchRow, 'ms' | 'attempts' | 'httpStatus' | 'finalUrl' | 'file' | 'change'>;

export type JournalEntry =
  | { t: 'batch'; v: 1; created: string; settings: StoredSettings }
  | { t: 'url'; i: number; url: string }
  | { t: 'claim'; i: number; base: string }
  | DoneEntry
  | FailedEntry;

export interface JournalState {
  settings: StoredSettings;
  created: string;
  urls: string[];
  /** The last outcome of each URL that has one. */
  outcomes: Map<number, DoneEntry | FailedEntry>;
  /** Base names claimed (written or about to be), by URL index. */
  claims: Map<number, string>;
}

export const JOURNAL_FILE = 'journal.jsonl';

export function journalPath(root: string): string {
  return join(root, WORK_DIR, JOURNAL_FILE);
}

export async function journalExists(root: string): Promise<boolean> {
  try {
    return (await stat(journalPath(root))).size > 0;
  } catch {
    return false;
  }
}

/** Reads a journal back; undefined when there is none (or it has no header line). */
export async function readJournal(root: string): Promise<JournalState | undefined> {
  if (!(await journalExists(root))) return undefined;
  let state: JournalState | undefined;
  const lines = createInterface({ input: createReadStream(journalPath(root), 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
    } catch {
      continue; // a line torn by a kill
    }
    if (entry.t === 'batch') {
      state ??= { settings: entry.settings, created: entry.created, urls: [], outcomes: new Map(), claims: new Map() };
      continue;
    }
    if (!state || !Number.isInteger(entry.i) || entry.i < 0) continue;
    if (entry.t === 'url') state.urls[entry.i] = entry.url;
    else if (entry.t === 'claim') state.claims.set(entry.i, entry.base);
    else if (entry.t === 'done' || entry.t === 'failed') state.outcomes.set(entry.i, entry);
  }
  return state;
}

/** The journal could not be written: the batch cannot keep its promises and stops. */
export class JournalError extends Error {
  override readonly name = 'JournalError';
}

/** Appends entries in order, one write at a time (callers need not wait for each other). */
export class Journal {
  private chain: Promise<void> = Promise.resolve();
  private failure: Error | undefined;

  private constructor(private readonly handle: FileHandle) {}

  static async open(root: string): Promise<Journal> {
    await mkdir(join(root, WORK_DIR), { recursive: true });
    const handle = await open(journalPath(root), 'a+');
    // A kill may have torn the last line: start on a fresh one, or the next entry would be lost with it.
    const { size } = await handle.stat();
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) await handle.appendFile('\n');
    }
    return new Journal(handle);
  }

  /** Resolves once the entries are in the file (handed to the OS: a killed process loses nothing). */
  append(...entries: JournalEntry[]): Promise<void> {
    const text = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    this.chain = this.chain.then(async () => {
      if (this.failure) throw this.failure;
      try {
        await this.handle.appendFile(text, 'utf8');
      } catch (error) {
        this.failure = new JournalError(`cannot write the batch journal: ${(error as Error).message}`, { cause: error });
        throw this.failure;
      }
    });
    return this.chain;
  }

  async close(): Promise<void> {
    await this.chain.catch(() => undefined);
    await this.handle.sync().catch(() => undefined);
    await this.handle.close();
  }
}
