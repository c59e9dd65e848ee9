// The Batch view's state: the URLs (pasted, imported, or from a sitemap), the folder, and the run.
// Progress comes by long poll through the contract; each answer carries only the rows that changed,
// applied in one store update, and polls are at least POLL_GAP_MS apart — so a 10,000-URL run
// updates the screen a few times a second, never per page.
import type { StateCreator } from 'zustand';
import { BATCH_LIMITS, type BatchSettings, type BatchState } from '../../../shared/batch';
import { CRAWL_DEFAULTS } from '../../../shared/crawl';
import type { Api, BatchAction, BatchFolder, BatchSnapshot } from '../../../shared/contract';
import type { RowFilter } from '../lib/batch';
import { modeOf } from './settings-slice';
import type { AppState } from './types';
import { budgetOf } from './settings-slice';

export const POLL_GAP_MS = 250;
const POLL_WAIT_MS = 10_000;
const ACTIVE: ReadonlySet<BatchState> = new Set(['running', 'paused', 'cancelling']);

export interface BatchInputState {
  text: string;
  /** The URLs last read from the text, a file or a sitemap; null when the text changed since. */
  urls: string[] | null;
  /** What was read, for the line under the box. */
  summary: string | null;
  reading: boolean;
  error: string | null;
}

/** The batch on screen: the last snapshot, with every row (snapshots carry only the changed ones). */
export type BatchRun = Omit<BatchSnapshot, 'cursor' | 'more'>;

/** A crawl's form: where it starts and how far it goes. */
export interface BatchCrawlForm {
  start: string;
  maxDepth: number;
  maxPages: number;
  prefix: string;
}

export interface BatchSlice {
  view: 'page' | 'batch';
  /** A list of URLs, or a crawl from one. */
  batchMode: 'list' | 'crawl';
  batchCrawl: BatchCrawlForm;
  /** Update the export in the chosen folder (only what changed is rewritten). */
  batchUpdate: boolean;
  batchInput: BatchInputState;
  batchFolder: BatchFolder | null;
  /** Continue the batch already in the chosen folder. */
  batchResume: boolean;
  batchRun: BatchRun | null;
  batchFilter: RowFilter;
  batchNotice: string | null;
  setView(view: 'page' | 'batch'): void;
  setBatchMode(mode: 'list' | 'crawl'): void;
  setBatchCrawl(patch: Partial<BatchCrawlForm>): void;
  setBatchUpdate(update: boolean): void;
  setBatchText(text: string): void;
  readBatchInput(source?: { kind: 'file'; name: string; base64: string } | { kind: 'sitemap'; url: string }): Promise<string[] | null>;
  chooseBatchFolder(): Promise<void>;
  setBatchResume(resume: boolean): void;
  updateBatchSettings(patch: Partial<BatchSettings>): void;
  startBatch(): Promise<void>;
  controlBatch(action: BatchAction): Promise<void>;
  retryBatch(indices?: number[]): Promise<void>;
  openBatchFolder(): Promise<void>;
  setBatchFilter(filter: RowFilter): void;
  /** Shows the app's current batch again (after a reload) and follows it. */
  attachBatch(): Promise<void>;
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createBatchSlice(api: Api): StateCreator<AppState, [], [], BatchSlice> {
  /** The batch being followed; a newer one ends the older loop. */
  let following: string | null = null;

  return (set, get) => {
    const apply = (snapshot: BatchSnapshot) => {
      const current = get().batchRun;
      const rows = current && current.batchId === snapshot.batchId ? current.rows.slice() : [];
      for (const row of snapshot.rows) rows[row.index] = row;
      const { cursor: _cursor, more: _more, ...run } = snapshot;
      set({ batchRun: { ...run, rows } });
    };

    /** Polls until the batch is over (or another one is followed). */
    const follow = async (batchId: string) => {
      if (following === batchId) return;
      following = batchId;
      let cursor = 0;
      for (;;) {
        const asked = Date.now();
        let snapshot: BatchSnapshot;
        try {
          snapshot = await api['batch:poll']({ batchId, cursor, waitMs: POLL_WAIT_MS });
        } catch (error) {
          if (following !== batchId) return;
          set({ batchNotice: `Lost touch with the batch: ${message(error)}` });
          following = null;
          return;
        }
        if (following !== batchId) return;
        apply(snapshot);
        cursor = snapshot.cursor;
        if (!snapshot.more && !ACTIVE.has(snapshot.state)) {
          following = null;
          const folder = get().batchFolder;
          if (folder?.path === snapshot.folder) {
            const left = snapshot.counts.pending + snapshot.counts.running;
            // Stopped with pages left: the folder's batch is to be continued, Start resumes it.
            // Finished: the form is ready for the next batch, in a folder of its own (its failures
            // are retried from the table; choosing this folder again offers to add to it).
            if (left > 0) set({ batchFolder: { ...folder, existing: { total: snapshot.counts.total, done: snapshot.counts.done, failed: snapshot.counts.failed } }, batchResume: true });
            else set({ batchFolder: null, batchResume: false, batchUpdate: false });
          }
          return;
        }
        if (!snapshot.more) await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_GAP_MS - (Date.now() - asked))));
      }
    };

    return {
      view: 'page',
      batchMode: 'list',
      batchCrawl: { start: '', maxDepth: CRAWL_DEFAULTS.maxDepth, maxPages: CRAWL_DEFAULTS.maxPages, prefix: '' },
      batchUpdate: false,
      batchInput: { text: '', urls: null, summary: null, reading: false, error: null },
      batchFolder: null,
      batchResume: false,
      batchRun: null,
      batchFilter: 'all',
      batchNotice: null,

      setView: (view) => set({ view }),
      setBatchMode: (batchMode) => set({ batchMode, batchNotice: null }),
      setBatchCrawl: (patch) => set({ batchCrawl: { ...get().batchCrawl, ...patch } }),
      // Resuming and updating are two ways of going on with a folder's batch: one at a time.
      setBatchUpdate: (batchUpdate) => set(batchUpdate ? { batchUpdate, batchResume: false } : { batchUpdate }),

      setBatchText: (text) => set({ batchInput: { text, urls: null, summary: null, reading: false, error: null } }),

      async readBatchInput(source) {
        const text = get().batchInput.text;
        set({ batchInput: { ...get().batchInput, reading: true, error: null } });
        const result = await api['batch:read-input']({ source: source ?? { kind: 'text', text } }).catch((error: unknown) => ({ ok: false as const, error: message(error) }));
        if (!result.ok) {
          set({ batchInput: { ...get().batchInput, urls: null, summary: null, reading: false, error: result.error } });
          return null;
        }
        const parts = [`${plural(result.urls.length, 'URL')} ready`];
        if (source?.kind === 'file') parts[0] += ` from ${source.name}`;
        if (result.sitemaps.length > 0) parts.push(`from ${plural(result.sitemaps.length, 'sitemap')}`);
        if (result.duplicates > 0) parts.push(`${plural(result.duplicates, 'duplicate')} left out`);
        if (result.overLimit > 0) parts.push(`${plural(result.overLimit, 'more URL')} left out (the limit is ${BATCH_LIMITS.maxUrls})`);
        if (result.rejectedTotal > 0 && result.rejected.length > 0) parts.push(`${plural(result.rejectedTotal, 'line')} not URLs (line ${result.rejected[0].line}: ${result.rejected[0].reason})`);
        if (result.errors.length > 0) parts.push(`${plural(result.errors.length, 'sitemap')} unreadable`);
        // An imported file's URLs replace the text; the box shows what will be loaded.
        const shown = source?.kind === 'file' || source?.kind === 'sitemap' ? result.urls.slice(0, 2000).join('\n') + (result.urls.length > 2000 ? `\n# … and ${plural(result.urls.length - 2000, 'more URL')}` : '') : text;
        set({ batchInput: { text: shown, urls: result.urls, summary: parts.join(' · '), reading: false, error: result.urls.length === 0 ? 'No URLs in that.' : null } });
        return result.urls;
      },

      async chooseBatchFolder() {
        try {
          const folder = await api['batch:choose-folder']({});
          if ('cancelled' in folder) return;
          set({ batchFolder: folder, batchResume: folder.existing !== undefined, batchUpdate: false, batchNotice: null });
        } catch (error) {
          set({ batchNotice: `Could not choose a folder: ${message(error)}` });
        }
      },

      setBatchResume: (batchResume) => set(batchResume ? { batchResume, batchUpdate: false } : { batchResume }),

      updateBatchSettings: (patch) => get().updateSettings({ batch: { ...get().settings.batch, ...patch } }),

      async startBatch() {
        const { batchFolder, batchResume, batchUpdate, batchMode, batchCrawl, settings } = get();
        if (!batchFolder) {
          set({ batchNotice: 'Choose a folder first.' });
          return;
        }
        const crawling = batchMode === 'crawl';
        let urls = crawling ? [] : get().batchInput.urls;
        if (!crawling && urls === null && get().batchInput.text.trim() !== '') urls = await get().readBatchInput();
        if (crawling && batchCrawl.start.trim() === '' && !batchResume && !batchUpdate) {
          set({ batchNotice: 'Give the address the crawl starts from.' });
          return;
        }
        if (!crawling && (urls === null || urls.length === 0) && !batchResume && !batchUpdate) {
          set({ batchNotice: 'Paste or import some URLs first.' });
          return;
        }
        set({ batchNotice: null });
        const response = await api['batch:start']({
          folderId: batchFolder.folderId,
          urls: urls ?? [],
          resume: batchResume,
          update: batchUpdate,
          crawl: crawling && batchCrawl.start.trim() !== '' ? { start: batchCrawl.start.trim(), maxDepth: batchCrawl.maxDepth, maxPages: batchCrawl.maxPages, prefix: batchCrawl.prefix.trim() || undefined } : undefined,
          settings: settings.batch,
          options: { userAgent: settings.userAgent.trim() || undefined, waitFor: settings.waitFor.trim() || undefined, convert: { mode: modeOf(settings), rules: { ...settings.categories }, budget: budgetOf(settings) } },
        }).catch((error: unknown) => ({ ok: false as const, error: message(error) }));
        if (!response.ok) {
          set({ batchNotice: response.error });
          return;
        }
        set({ batchRun: null, batchFilter: 'all' });
        void follow(response.batchId);
      },

      async controlBatch(action) {
        const run = get().batchRun;
        if (!run) return;
        await api['batch:control']({ batchId: run.batchId, action }).catch((error: unknown) => set({ batchNotice: message(error) }));
      },

      async retryBatch(indices) {
        const run = get().batchRun;
        if (!run) return;
        try {
          const { queued } = await api['batch:retry']({ batchId: run.batchId, indices });
          if (queued > 0) {
            following = null; // the loop ended with the batch: start it again
            void follow(run.batchId);
          }
        } catch (error) {
          set({ batchNotice: message(error) });
        }
      },

      async openBatchFolder() {
        const run = get().batchRun;
        if (!run) return;
        try {
          const { opened, path } = await api['batch:open-folder']({ batchId: run.batchId });
          set({ batchNotice: opened ? null : `The files are in ${path}` });
        } catch (error) {
          set({ batchNotice: message(error) });
        }
      },

      setBatchFilter: (batchFilter) => set({ batchFilter }),

      async attachBatch() {
        const { batchId } = await api['batch:current']().catch(() => ({ batchId: null }));
        if (batchId && get().batchRun?.batchId !== batchId) void follow(batchId);
      },
    };
  };
}
