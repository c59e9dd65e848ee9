// The page on screen: loading it (cancellable, its stage and bytes polled while it loads), the
// conversion result, and re-converting when the user keeps or drops removed elements. A load that
// fails says so in the panes, with Retry; the page before it stays in memory to go back to.
// Re-conversions are latest-wins: while one runs, further changes wait and only the newest state
// is converted next, so quick toggling never queues stale work.
import type { StateCreator } from 'zustand';
import type { Api, AppInfo, LoadInput, LoadOptions, LoadResponse, RuleInfo } from '../../../shared/contract';
import type { ConvertResult } from '../../../shared/core/types';
import { type ConvertedPage, failedPage, type ScrapeError, type ScrapeProgress, toScrapeError } from '../../../shared/page';
import { keepPathsFor, siteOf } from '../../../shared/site-keeps';
import { changedSpan, wholeLines } from '../lib/change';
import { formatInteger } from '../lib/batch';
import { keepOptions, readableRemoved } from '../lib/removals';
import { budgetOf, modeOf, siteKeepPaths } from './settings-slice';
import type { AppState } from './types';
import { nextFlashId } from './ui-slice';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** How often the stage and bytes of a load are asked for. */
export const PROGRESS_EVERY_MS = 200;

/** A load that failed: what was asked, and why it failed. */
export interface Failure {
  input: LoadInput;
  label: string;
  error: ScrapeError;
}

export interface PageSlice {
  status: LoadStatus;
  /** What is loading, for the progress line. */
  loadingLabel: string;
  loadStartedAt: number | null;
  /** The stage and bytes of the load in progress, as last told. */
  progress: ScrapeProgress | null;
  /** The page on screen, as loaded. */
  page: ConvertedPage | null;
  /** Names the page's HTML in main, for re-conversion. */
  pageId: string | null;
  /** What loaded the page on screen (to load it again). */
  pageInput: LoadInput | null;
  /** The conversion on screen: the page's own, then each re-conversion's. */
  result: ConvertResult | null;
  converting: boolean;
  /** The last load failed: the panes say so (the page before it, if any, is still in memory). */
  failure: Failure | null;
  /** Anything else that went wrong (a re-conversion, a file refused): one line under the status. */
  error: ScrapeError | null;
  appInfo: AppInfo | null;
  rules: RuleInfo[];
  init(): Promise<void>;
  load(input: LoadInput): Promise<void>;
  /** Loads again what failed, else the page on screen. */
  retry(): Promise<void>;
  cancel(): Promise<void>;
  reconvert(): Promise<void>;
  dismissError(): void;
  /** Leaves the failure for the page that was on screen before it. */
  backToPage(): void;
}

function describe(input: LoadInput): string {
  if (input.kind === 'url') return input.url;
  if (input.kind === 'file') return input.name;
  return input.name ?? 'pasted HTML';
}

export function createPageSlice(api: Api): StateCreator<AppState, [], [], PageSlice> {
  let sequence = 0;
  let activeLoad: string | null = null;
  let activeConvert: string | null = null;
  let convertAgain = false;
  const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(++sequence).toString(36)}`;

  return (set, get) => {
    /** Asks where the load is until it is over (or replaced). */
    const followProgress = async (requestId: string) => {
      while (activeLoad === requestId) {
        await new Promise((resolve) => setTimeout(resolve, PROGRESS_EVERY_MS));
        if (activeLoad !== requestId) return;
        const answer = await api['page:progress']({ requestId }).catch(() => null);
        if (activeLoad === requestId && answer?.progress) set({ progress: answer.progress });
      }
    };

    /** After a keep: what it did to the text, and where the Markdown changed. */
    const tellChange = (result: ConvertResult) => {
      const pending = get().pendingChange;
      set({ pendingChange: null });
      if (!pending?.before) return;
      const delta = pending.before.readable - readableRemoved(result.removed);
      const what = delta > 0 ? `restored ${formatInteger(delta)} characters` : delta < 0 ? `removed ${formatInteger(-delta)} characters` : 'no text changed';
      get().say(`${pending.label}: ${what}`, delta === 0 ? 'info' : 'ok');
      const span = changedSpan(pending.before.markdown, result.markdown);
      set({ flash: span ? { ...wholeLines(result.markdown, span), id: nextFlashId() } : null });
    };

    return {
      status: 'idle',
      loadingLabel: '',
      loadStartedAt: null,
      progress: null,
      page: null,
      pageId: null,
      pageInput: null,
      result: null,
      converting: false,
      failure: null,
      error: null,
      appInfo: null,
      rules: [],

      async init() {
        const [appInfo, rules] = await Promise.all([api['app:info'](), api['rules:list']()]);
        set({ appInfo, rules });
      },

      async load(input) {
        if (activeLoad) await get().cancel();
        const requestId = nextId('load');
        activeLoad = requestId;
        const { settings } = get();
        // Elements the user keeps on every page of this site.
        const paths = input.kind === 'url' ? keepPathsFor(input.url, siteKeepPaths(settings.siteKeeps)) : [];
        const options: LoadOptions = {
          render: settings.render,
          timeoutMs: settings.timeoutMs,
          waitFor: settings.waitFor.trim() || undefined,
          extraWaitMs: settings.extraWaitMs || undefined,
          userAgent: settings.userAgent.trim() || undefined,
          convert: { mode: modeOf(settings), rules: { ...settings.categories }, ...(paths.length > 0 ? { keep: { paths } } : {}), budget: budgetOf(settings) },
        };
        set({ status: 'loading', loadingLabel: describe(input), loadStartedAt: Date.now(), progress: null, error: null, failure: null, notice: null, ...(input.kind === 'url' ? { address: input.url } : {}) });
        void followProgress(requestId);
        let loaded: LoadResponse;
        try {
          loaded = await api['page:load']({ requestId, input, options });
        } catch (error) {
          loaded = { page: failedPage(describe(input), toScrapeError(error)) };
        }
        if (activeLoad !== requestId) return; // replaced or cancelled meanwhile
        activeLoad = null;
        const { page } = loaded;
        if (!page.ok) {
          set({ status: 'error', loadStartedAt: null, progress: null, failure: { input, label: describe(input), error: page.error } });
          return;
        }
        const { kept } = page.result;
        get().resetRemovals(settings.categories, kept);
        set({ status: 'ready', loadStartedAt: null, progress: null, page, pageId: loaded.pageId ?? null, pageInput: input, result: page.result, error: null, failure: null, flash: null });
        if (input.kind === 'url') get().addRecent({ input: input.url, title: page.result.metadata.title });
        const site = input.kind === 'url' ? siteOf(input.url) : null;
        if (site && kept.length > 0) get().say(`Kept ${kept.length === 1 ? `<${kept[0].tag}>` : `${kept.length} elements`} as always on ${site}`, 'info');
      },

      async retry() {
        const input = get().failure?.input ?? get().pageInput;
        if (input) await get().load(input);
      },

      async cancel() {
        const ids = [activeLoad, activeConvert].filter((id): id is string => id !== null);
        if (activeLoad) {
          activeLoad = null;
          // Cancelling is no failure: the page on screen (if any) stays, and a line says so.
          set({ status: get().page ? 'ready' : 'idle', loadStartedAt: null, progress: null, error: { code: 'cancelled', message: 'loading was cancelled' } });
        }
        await Promise.all(ids.map((requestId) => api['page:cancel']({ requestId }).catch(() => undefined)));
      },

      async reconvert() {
        if (activeConvert) {
          convertAgain = true;
          return;
        }
        set({ converting: true });
        try {
          do {
            convertAgain = false;
            const { page, pageId } = get();
            if (!page || !pageId) return;
            const requestId = nextId('convert');
            activeConvert = requestId;
            const response = await api['page:convert']({ requestId, pageId, options: { ...keepOptions(get().keep), mode: modeOf(get().settings), budget: budgetOf(get().settings) } }).catch((error: unknown) => ({
              ok: false as const,
              error: toScrapeError(error),
            }));
            activeConvert = null;
            if (get().page !== page || convertAgain) continue; // a newer page or keep state is waiting
            if (response.ok) {
              set({ result: response.result, error: null });
              tellChange(response.result);
            } else set({ error: response.error, pendingChange: null });
          } while (convertAgain);
        } finally {
          activeConvert = null;
          set({ converting: false });
        }
      },

      dismissError() {
        set({ error: null });
      },

      backToPage() {
        set({ failure: null, status: get().page ? 'ready' : 'idle' });
      },
    };
  };
}
