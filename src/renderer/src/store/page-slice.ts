// The current page: loading it (cancellable), the result on screen, and re-conversion when the
// keep state changes. Re-conversions are "latest wins": while one runs, further changes wait and
// only the newest state is converted next, so quick toggling never queues stale work.
import type { StateCreator } from 'zustand';
import type { Api, AppInfo, LoadedPage, LoadInput, LoadOptions, RuleInfo } from '../../../shared/contract';
import type { ConvertResult } from '../../../shared/core/types';
import type { ScrapeError } from '../../../shared/page';
import { keepOptions } from '../lib/removals';
import { budgetOf } from './settings-slice';
import type { AppState } from './types';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PageSlice {
  status: LoadStatus;
  /** What is loading, for the progress line. */
  loadingLabel: string;
  loadStartedAt: number | null;
  page: LoadedPage | null;
  /** The conversion on screen: the load's, then each re-conversion's. */
  result: ConvertResult | null;
  converting: boolean;
  error: ScrapeError | null;
  appInfo: AppInfo | null;
  rules: RuleInfo[];
  init(): Promise<void>;
  load(input: LoadInput): Promise<void>;
  cancel(): Promise<void>;
  reconvert(): Promise<void>;
  dismissError(): void;
}

function describe(input: LoadInput): string {
  if (input.kind === 'url') return input.url;
  if (input.kind === 'file') return input.name;
  return input.name ?? 'pasted HTML';
}

function resultOf(page: LoadedPage): ConvertResult | null {
  if (!page.ok || !page.stats) return null;
  return { markdown: page.markdown, cleanedHtml: page.cleanedHtml, removed: page.removed, metadata: page.metadata, stats: page.stats, warnings: page.warnings };
}

export function createPageSlice(api: Api): StateCreator<AppState, [], [], PageSlice> {
  let sequence = 0;
  let activeLoad: string | null = null;
  let activeConvert: string | null = null;
  let convertAgain = false;
  const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(++sequence).toString(36)}`;

  return (set, get) => ({
    status: 'idle',
    loadingLabel: '',
    loadStartedAt: null,
    page: null,
    result: null,
    converting: false,
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
      const options: LoadOptions = {
        render: settings.render,
        timeoutMs: settings.timeoutMs,
        waitFor: settings.waitFor.trim() || undefined,
        extraWaitMs: settings.extraWaitMs || undefined,
        userAgent: settings.userAgent.trim() || undefined,
        convert: { rules: { ...settings.categories }, budget: budgetOf(settings) },
      };
      set({ status: 'loading', loadingLabel: describe(input), loadStartedAt: Date.now(), error: null });
      let page: LoadedPage;
      try {
        page = await api['page:load']({ requestId, input, options });
      } catch (error) {
        page = { ok: false, url: describe(input), markdown: '', cleanedHtml: '', originalHtml: '', removed: [], metadata: {}, warnings: [], rendered: false, error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } };
      }
      if (activeLoad !== requestId) return; // replaced or cancelled meanwhile
      activeLoad = null;
      if (!page.ok) {
        // The page on screen (if any) stays; the error line says what went wrong.
        set({ status: get().page ? 'ready' : 'error', loadStartedAt: null, error: page.error ?? { code: 'internal', message: 'loading failed' } });
        return;
      }
      get().resetRemovals(settings.categories);
      set({ status: 'ready', loadStartedAt: null, page, result: resultOf(page), error: null });
      if (input.kind === 'url') get().addRecent({ input: input.url, title: page.title });
    },

    async cancel() {
      const ids = [activeLoad, activeConvert].filter((id): id is string => id !== null);
      if (activeLoad) {
        activeLoad = null;
        set({ status: get().page ? 'ready' : 'idle', loadStartedAt: null, error: { code: 'cancelled', message: 'loading was cancelled' } });
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
          const page = get().page;
          if (!page?.pageId) return;
          const requestId = nextId('convert');
          activeConvert = requestId;
          const response = await api['page:convert']({ requestId, pageId: page.pageId, options: { ...keepOptions(get().keep), budget: budgetOf(get().settings) } }).catch(
            (error: unknown) => ({ ok: false as const, error: { code: 'internal' as const, message: error instanceof Error ? error.message : String(error) } }),
          );
          activeConvert = null;
          if (get().page !== page || convertAgain) continue; // a newer page or keep state is waiting
          if (response.ok) set({ result: response.result, error: null });
          else set({ error: response.error });
        } while (convertAgain);
      } finally {
        activeConvert = null;
        set({ converting: false });
      }
    },

    dismissError() {
      set({ error: null, status: get().page ? 'ready' : 'idle' });
    },
  });
}
