// The main process's implementation of the contract, in plain Node: the Electron IPC layer and
// the HTTP bridge both serve these same handlers. What differs between the two (where a file is
// saved, which renderer renders pages: the hidden window, or Playwright) comes in as dependencies.
import { basename } from 'node:path';
import type { AppInfo, Handlers, SaveRequest, SaveResponse } from '../../shared/contract';
import { DEFAULT_RULES, SITE_TEMPLATE_RULE_INFO } from '../../shared/core';
import { DEFAULT_QUEUE_NAME } from '../../shared/queue';
import { BatchService } from '../batch/service';
import type { SessionPlace } from '../batch/session-host';
import { APP_NAME, APP_VERSION } from '../version';
import { exportPaths, fileExists, suggestedStem, writeExport } from './export-writer';
import type { PageSource } from '../loaders/source';
import { PageService } from './page-service';
import { SettingsStore } from './settings-store';
import { WorkerHost } from './worker-host';

/** Asks where to save (`stem` is a sanitised suggestion); undefined when the user cancels. */
export type ChooseSavePath = (stem: string, withHtml: boolean) => Promise<string | undefined>;

export interface HandlerDeps {
  mode: AppInfo['mode'];
  chooseSavePath: ChooseSavePath;
  /** Asks whether to replace a file the save dialog did not ask about (the HTML beside the Markdown); no answer is no. */
  confirmReplace?: (path: string) => Promise<boolean>;
  settings?: SettingsStore;
  worker?: WorkerHost;
  /** Renders pages with JavaScript (Electron's hidden window); without it, Playwright's Chromium. */
  renderer?: PageSource;
  /** Batch export: asks for a folder (undefined when the user cancels). */
  chooseFolder?: (suggestedName?: string) => Promise<string | undefined>;
  /** Batch export: shows a folder in the file manager; false when it cannot. */
  openFolder?: (path: string) => Promise<boolean>;
  /** Where batch runs go (a worker thread unless a test says otherwise). */
  batchPlace?: SessionPlace;
}

export interface AppServices {
  handlers: Handlers;
  /** Stops any batch (its manifest written first), the browser, and the conversion worker. */
  close(): Promise<void>;
}

export function createServices(deps: HandlerDeps): AppServices {
  const worker = deps.worker ?? new WorkerHost();
  const pages = new PageService({ worker, renderer: deps.renderer });
  const settings = deps.settings ?? new SettingsStore();
  const batches = new BatchService({ chooseFolder: deps.chooseFolder, openFolder: deps.openFolder, renderer: deps.renderer, place: deps.batchPlace });
  // The site template's rule exists only in a batch or crawl's conversions; it is listed all the same, to be described and kept like the others.
  const rules = [...DEFAULT_RULES, SITE_TEMPLATE_RULE_INFO].map((rule) => ({ id: rule.id, category: rule.category, action: ('action' in rule ? rule.action : undefined) ?? 'remove', describe: rule.describe }));

  async function save(request: SaveRequest): Promise<SaveResponse> {
    const withHtml = request.cleanedHtml !== undefined;
    const path = await deps.chooseSavePath(suggestedStem(request.title, request.url), withHtml);
    if (!path) return { saved: false, reason: 'cancelled' };
    // The dialog asked about the Markdown file; the HTML beside it is asked about here, never replaced silently.
    const { html } = exportPaths(path);
    let replaceHtml = false;
    if (withHtml && (await fileExists(html))) {
      replaceHtml = (await deps.confirmReplace?.(html)) ?? false;
      if (!replaceHtml) return { saved: false, reason: `${basename(html)} exists already and was not replaced: choose another name` };
    }
    const files = await writeExport(path, { markdown: request.markdown, cleanedHtml: request.cleanedHtml }, { replaceHtml });
    return { saved: true, files };
  }

  const handlers: Handlers = {
    'app:info': () => ({ name: APP_NAME, version: APP_VERSION, mode: deps.mode }),
    'rules:list': () => rules,
    'page:load': (request) => pages.load(request),
    'page:convert': (request) => pages.reconvert(request),
    'page:cancel': ({ requestId }) => ({ cancelled: pages.cancel(requestId) }),
    'page:progress': ({ requestId }) => ({ progress: pages.progress(requestId) }),
    'export:save': save,
    'settings:get': async ({ key }) => ({ value: await settings.get(key) }),
    'settings:set': async ({ key, value }) => {
      await settings.set(key, value);
      return { ok: true };
    },
    'batch:read-input': ({ source }) => batches.readInput(source),
    'batch:choose-folder': ({ suggestedName }) => batches.chooseFolder(suggestedName),
    'batch:start': (request) => batches.start(request),
    'batch:poll': (request) => batches.poll(request),
    'batch:control': ({ batchId, action }) => batches.control(batchId, action),
    'batch:retry': ({ batchId, indices }) => batches.retry(batchId, indices),
    'batch:open-folder': ({ batchId }) => batches.openFolder(batchId),
    'batch:current': () => batches.current(),
    // Redis and BullMQ are loaded the first time a queue is followed, not at every start of the app.
    'batch:queue-status': async ({ queue, name }) => (await import('../queue/status')).queueStatus(queue, name ?? DEFAULT_QUEUE_NAME),
  };
  return {
    handlers,
    close: async () => {
      await batches.close();
      await pages.close();
      await worker.close();
    },
  };
}
