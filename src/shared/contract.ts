// The app's API between the renderer and the main process, defined once. The preload exposes
// exactly these channels, the main process registers a handler for each and validates every
// request; the HTTP bridge (web mode) serves the same channels. Nothing here imports Electron.
import type { CommandId } from './commands';
import { BATCH_LIMITS, type BatchCounts, type BatchRow, type BatchSettings, type BatchState } from './batch';
import { RULE_CATEGORIES } from './core/rules/types';
import type { ConvertOptions, ConvertResult, RuleAction, RuleCategory } from './core/types';
import type { Page, ScrapeError, ScrapeProgress } from './page';
import type { SiteKeeps } from './site-keeps';

/** The conversion options the app may choose; main adds the URL and source locations. */
export type AppConvertOptions = Pick<ConvertOptions, 'mode' | 'rules' | 'keep' | 'dataImages'> & {
  /** The page's budget (as the CLI's --max-time and --max-nodes); left out, the core's defaults. */
  budget?: { maxMs?: number; maxNodes?: number };
};

export interface LoadOptions {
  /** Render the page with JavaScript before converting (a hidden window in the app). */
  render?: boolean;
  timeoutMs?: number;
  /** When rendering: wait until this CSS selector matches. */
  waitFor?: string;
  extraWaitMs?: number;
  userAgent?: string;
  convert?: AppConvertOptions;
}

/** What to load: a URL or a local path typed by the user, a dropped or opened file, or pasted HTML. */
export type LoadInput =
  | { kind: 'url'; url: string }
  | { kind: 'file'; name: string; base64: string }
  | { kind: 'html'; html: string; name?: string };

export interface LoadRequest {
  /** Chosen by the caller, so it can cancel the load with `page:cancel`. */
  requestId: string;
  input: LoadInput;
  options?: LoadOptions;
}

/** A loaded page. `pageId` names its HTML in main, for re-conversion without sending it back. */
export interface LoadedPage extends Omit<Page, 'text'> {
  pageId?: string;
  /** Whether JavaScript ran (the page was rendered) before conversion. */
  rendered: boolean;
}

export interface ReconvertRequest {
  requestId: string;
  pageId: string;
  options?: AppConvertOptions;
}

export type ReconvertResponse = { ok: true; result: ConvertResult } | { ok: false; error: ScrapeError };

export interface RuleInfo {
  id: string;
  category: RuleCategory;
  action: RuleAction;
  describe: string;
}

export interface SaveRequest {
  markdown: string;
  /** Used for the file name (sanitised by main). */
  title?: string;
  url?: string;
  /** Saved next to the Markdown as `<name>.html` when given. */
  cleanedHtml?: string;
}

export type SaveResponse = { saved: true; files: string[] } | { saved: false; reason: string };

export interface AppInfo {
  name: string;
  version: string;
  /** `electron`: the desktop app; `web`: the HTTP bridge in a browser. */
  mode: 'electron' | 'web';
}

// ---- batch export ----

/** Where a batch's URLs come from: pasted text (URLs, or one sitemap URL), an imported file, a sitemap URL. */
export type BatchSource = { kind: 'text'; text: string } | { kind: 'file'; name: string; base64: string } | { kind: 'sitemap'; url: string };

export type BatchInputResult =
  | {
      ok: true;
      urls: string[];
      /** A sample of the lines that are not URLs. */
      rejected: Array<{ line: number; text: string; reason: string }>;
      /** How many lines were not URLs, in all. */
      rejectedTotal: number;
      /** URLs left out because a batch holds at most BATCH_LIMITS.maxUrls. */
      overLimit: number;
      duplicates: number;
      sitemaps: string[];
      /** Child sitemaps that could not be read. */
      errors: Array<{ url: string; message: string }>;
    }
  | { ok: false; error: string };

/** A folder the user chose (main keeps the path; the renderer refers to it by id). */
export interface BatchFolder {
  folderId: string;
  path: string;
  /** The folder holds a batch already: it can be resumed. */
  existing?: { total: number; done: number; failed: number };
}

export interface BatchStartRequest {
  folderId: string;
  urls: string[];
  /** Continue the batch in the folder (adding any of `urls` it lacks). */
  resume?: boolean;
  settings?: Partial<BatchSettings>;
  options?: Pick<LoadOptions, 'userAgent' | 'waitFor' | 'extraWaitMs' | 'convert'>;
  /** Elements kept on every page of a site ("always keep this on example.com"). */
  siteKeeps?: SiteKeeps;
}

export type BatchStartResponse = { ok: true; batchId: string; total: number } | { ok: false; error: string };

/**
 * Progress by long poll (the same over IPC and HTTP): rows changed since `cursor`, answered at once
 * when there are any, else when something changes or `waitMs` passes.
 */
export interface BatchPollRequest {
  batchId: string;
  cursor: number;
  waitMs?: number;
  maxRows?: number;
}

export interface BatchSnapshot {
  batchId: string;
  state: BatchState;
  counts: BatchCounts;
  pagesPerSecond: number;
  etaMs?: number;
  folder: string;
  manifest?: string;
  /** Why the batch stopped, when it stopped as a whole. */
  error?: string;
  /** Pass it back to get only what changed after this answer. */
  cursor: number;
  rows: BatchRow[];
  /** More changed rows are waiting: poll again at once. */
  more: boolean;
}

export type BatchAction = 'pause' | 'resume' | 'cancel';

/** Each channel: the request it takes and the response it resolves to. */
export interface Contract {
  'app:info': { request: void; response: AppInfo };
  'rules:list': { request: void; response: RuleInfo[] };
  'page:load': { request: LoadRequest; response: LoadedPage };
  'page:convert': { request: ReconvertRequest; response: ReconvertResponse };
  'page:cancel': { request: { requestId: string }; response: { cancelled: boolean } };
  /** Where a load or conversion is: its stage and the bytes so far (null once it is over). */
  'page:progress': { request: { requestId: string }; response: { progress: ScrapeProgress | null } };
  'export:save': { request: SaveRequest; response: SaveResponse };
  'settings:get': { request: { key: string }; response: { value: string | null } };
  'settings:set': { request: { key: string; value: string | null }; response: { ok: true } };
  'batch:read-input': { request: { source: BatchSource }; response: BatchInputResult };
  'batch:choose-folder': { request: { suggestedName?: string }; response: BatchFolder | { cancelled: true } };
  'batch:start': { request: BatchStartRequest; response: BatchStartResponse };
  'batch:poll': { request: BatchPollRequest; response: BatchSnapshot };
  'batch:control': { request: { batchId: string; action: BatchAction }; response: { state: BatchState } };
  'batch:retry': { request: { batchId: string; indices?: number[] }; response: { queued: number } };
  'batch:open-folder': { request: { batchId: string }; response: { opened: boolean; path: string } };
  /** The batch the app is running or ran last (to show it again after a reload). */
  'batch:current': { request: void; response: { batchId: string | null } };
}

/**
 * The one message main sends the renderer unasked: a command chosen in the desktop app's menu
 * (on this IPC channel; the preload passes on only known command ids).
 */
export const COMMAND_EVENT = 'app:command';

/** What the preload exposes for it, beside the Api (absent in web mode, which has no menu). */
export interface CommandBridge {
  /** Calls `listener` with each command the menu sends; returns the way to stop. */
  onCommand(listener: (command: CommandId) => void): () => void;
}

export type Channel = keyof Contract;
export type RequestOf<C extends Channel> = Contract[C]['request'];
export type ResponseOf<C extends Channel> = Contract[C]['response'];

/** What the renderer calls: one async function per channel. */
export type Api = { [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> };

/** What the main process implements: one handler per channel. */
export type Handlers = { [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C> };

export const CHANNELS: readonly Channel[] = [
  'app:info',
  'rules:list',
  'page:load',
  'page:convert',
  'page:cancel',
  'page:progress',
  'export:save',
  'settings:get',
  'settings:set',
  'batch:read-input',
  'batch:choose-folder',
  'batch:start',
  'batch:poll',
  'batch:control',
  'batch:retry',
  'batch:open-folder',
  'batch:current',
];

/** Limits on what a request may carry: the renderer is trusted less than main. */
export const LIMITS = {
  /** Pasted HTML and saved Markdown / HTML, in characters. */
  maxHtmlChars: 64 * 1024 * 1024,
  /** A dropped or opened file, in bytes (its base64 is 4/3 of that). */
  maxFileBytes: 64 * 1024 * 1024,
  maxUrlChars: 8192,
  maxNameChars: 255,
  maxListItems: 10_000,
  maxSettingChars: 1024 * 1024,
  timeoutMs: { min: 1000, max: 600_000 },
  extraWaitMs: { min: 0, max: 120_000 },
  /** A page's conversion budget: CPU time, and nodes and attributes created. */
  budgetMs: { min: 100, max: 600_000 },
  budgetNodes: { min: 1000, max: 100_000_000 },
  /** Text pasted or a file imported for a batch, in characters / bytes. */
  maxBatchInputChars: 64 * 1024 * 1024,
  maxPollWaitMs: 25_000,
  maxPollRows: 20_000,
  /** Sites with elements kept on every page, and kept elements per site. */
  maxKeepSites: 1000,
  maxKeepsPerSite: 500,
} as const;

export class InvalidRequest extends Error {
  override readonly name = 'InvalidRequest';
}

// ---- validators: small combinators, each returns the checked value or throws InvalidRequest ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(where: string, what: string): never {
  throw new InvalidRequest(`${where}: ${what}`);
}

function record(value: unknown, where: string, allowed: readonly string[]): Record<string, unknown> {
  if (!isRecord(value)) fail(where, 'must be an object');
  for (const key of Object.keys(value)) if (!allowed.includes(key)) fail(where, `unknown field "${key}"`);
  return value;
}

function string(value: unknown, where: string, max: number, pattern?: RegExp): string {
  if (typeof value !== 'string') fail(where, 'must be a string');
  if (value.length > max) fail(where, `longer than ${max} characters`);
  if (pattern && !pattern.test(value)) fail(where, 'has an invalid format');
  return value;
}

function optional<T>(value: unknown, check: (value: unknown) => T): T | undefined {
  return value === undefined || value === null ? undefined : check(value);
}

function boolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') fail(where, 'must be true or false');
  return value;
}

function integer(value: unknown, where: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) fail(where, `must be a whole number from ${min} to ${max}`);
  return value;
}

function stringList(value: unknown, where: string, maxItem: number): string[] {
  if (!Array.isArray(value)) fail(where, 'must be a list');
  if (value.length > LIMITS.maxListItems) fail(where, `has more than ${LIMITS.maxListItems} items`);
  return value.map((item, i) => string(item, `${where}[${i}]`, maxItem));
}

const ID = /^[\w-]{1,64}$/;
const SETTING_KEY = /^[\w.:-]{1,64}$/;
/** Header values must not smuggle in more headers. */
const SINGLE_LINE = /^[^\r\n\0]*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function convertOptions(value: unknown, where: string): AppConvertOptions {
  const options = record(value, where, ['mode', 'rules', 'keep', 'dataImages', 'budget']);
  const result: AppConvertOptions = {};
  if (options.mode !== undefined) {
    if (options.mode !== 'default' && options.mode !== 'article') fail(`${where}.mode`, 'must be "default" or "article"');
    result.mode = options.mode;
  }
  if (options.budget !== undefined) {
    const budget = record(options.budget, `${where}.budget`, ['maxMs', 'maxNodes']);
    result.budget = {
      maxMs: optional(budget.maxMs, (v) => integer(v, `${where}.budget.maxMs`, LIMITS.budgetMs.min, LIMITS.budgetMs.max)),
      maxNodes: optional(budget.maxNodes, (v) => integer(v, `${where}.budget.maxNodes`, LIMITS.budgetNodes.min, LIMITS.budgetNodes.max)),
    };
  }
  if (options.rules !== undefined) {
    const rules = record(options.rules, `${where}.rules`, RULE_CATEGORIES);
    result.rules = Object.fromEntries(Object.entries(rules).map(([key, on]) => [key, boolean(on, `${where}.rules.${key}`)]));
  }
  if (options.keep !== undefined) {
    const keep = record(options.keep, `${where}.keep`, ['rules', 'paths']);
    result.keep = {
      rules: optional(keep.rules, (v) => stringList(v, `${where}.keep.rules`, 128)),
      paths: optional(keep.paths, (v) => stringList(v, `${where}.keep.paths`, 4096)),
    };
  }
  if (options.dataImages !== undefined) {
    if (options.dataImages !== 'keep' && options.dataImages !== 'drop') fail(`${where}.dataImages`, 'must be "keep" or "drop"');
    result.dataImages = options.dataImages;
  }
  return result;
}

function loadOptions(value: unknown, where: string): LoadOptions {
  const options = record(value, where, ['render', 'timeoutMs', 'waitFor', 'extraWaitMs', 'userAgent', 'convert']);
  return {
    render: optional(options.render, (v) => boolean(v, `${where}.render`)),
    timeoutMs: optional(options.timeoutMs, (v) => integer(v, `${where}.timeoutMs`, LIMITS.timeoutMs.min, LIMITS.timeoutMs.max)),
    waitFor: optional(options.waitFor, (v) => string(v, `${where}.waitFor`, 512, SINGLE_LINE)),
    extraWaitMs: optional(options.extraWaitMs, (v) => integer(v, `${where}.extraWaitMs`, LIMITS.extraWaitMs.min, LIMITS.extraWaitMs.max)),
    userAgent: optional(options.userAgent, (v) => string(v, `${where}.userAgent`, 512, SINGLE_LINE)),
    convert: optional(options.convert, (v) => convertOptions(v, `${where}.convert`)),
  };
}

function loadInput(value: unknown, where: string): LoadInput {
  if (!isRecord(value)) fail(where, 'must be an object');
  switch (value.kind) {
    case 'url': {
      const input = record(value, where, ['kind', 'url']);
      const url = string(input.url, `${where}.url`, LIMITS.maxUrlChars, SINGLE_LINE).trim();
      if (url === '') fail(`${where}.url`, 'is empty');
      return { kind: 'url', url };
    }
    case 'file': {
      const input = record(value, where, ['kind', 'name', 'base64']);
      return {
        kind: 'file',
        name: string(input.name, `${where}.name`, LIMITS.maxNameChars, SINGLE_LINE),
        base64: string(input.base64, `${where}.base64`, Math.ceil(LIMITS.maxFileBytes / 3) * 4, BASE64),
      };
    }
    case 'html': {
      const input = record(value, where, ['kind', 'html', 'name']);
      return {
        kind: 'html',
        html: string(input.html, `${where}.html`, LIMITS.maxHtmlChars),
        name: optional(input.name, (v) => string(v, `${where}.name`, LIMITS.maxNameChars, SINGLE_LINE)),
      };
    }
    default:
      return fail(`${where}.kind`, 'must be "url", "file" or "html"');
  }
}

function batchSettings(value: unknown, where: string): Partial<BatchSettings> {
  const settings = record(value, where, ['concurrency', 'perHost', 'delayMs', 'retries', 'timeoutMs', 'render', 'nameTemplate', 'frontMatter', 'cleanedHtml', 'images', 'overwrite', 'manifest']);
  const whole = (key: 'concurrency' | 'perHost' | 'delayMs' | 'retries' | 'timeoutMs') => optional(settings[key], (v) => integer(v, `${where}.${key}`, BATCH_LIMITS[key].min, BATCH_LIMITS[key].max));
  const flag = (key: 'render' | 'frontMatter' | 'cleanedHtml' | 'images' | 'overwrite') => optional(settings[key], (v) => boolean(v, `${where}.${key}`));
  const manifest = optional(settings.manifest, (v) => (v === 'json' || v === 'csv' ? v : fail(`${where}.manifest`, 'must be "json" or "csv"')));
  const result: Partial<BatchSettings> = {
    concurrency: whole('concurrency'),
    perHost: whole('perHost'),
    delayMs: whole('delayMs'),
    retries: whole('retries'),
    timeoutMs: whole('timeoutMs'),
    render: flag('render'),
    nameTemplate: optional(settings.nameTemplate, (v) => string(v, `${where}.nameTemplate`, BATCH_LIMITS.maxTemplateChars, SINGLE_LINE)),
    frontMatter: flag('frontMatter'),
    cleanedHtml: flag('cleanedHtml'),
    images: flag('images'),
    overwrite: flag('overwrite'),
    manifest,
  };
  return Object.fromEntries(Object.entries(result).filter(([, v]) => v !== undefined)) as Partial<BatchSettings>;
}

function batchSource(value: unknown, where: string): BatchSource {
  if (!isRecord(value)) fail(where, 'must be an object');
  switch (value.kind) {
    case 'text': {
      const source = record(value, where, ['kind', 'text']);
      return { kind: 'text', text: string(source.text, `${where}.text`, LIMITS.maxBatchInputChars) };
    }
    case 'file': {
      const source = record(value, where, ['kind', 'name', 'base64']);
      return {
        kind: 'file',
        name: string(source.name, `${where}.name`, LIMITS.maxNameChars, SINGLE_LINE),
        base64: string(source.base64, `${where}.base64`, Math.ceil(LIMITS.maxBatchInputChars / 3) * 4, BASE64),
      };
    }
    case 'sitemap': {
      const source = record(value, where, ['kind', 'url']);
      return { kind: 'sitemap', url: string(source.url, `${where}.url`, LIMITS.maxUrlChars, SINGLE_LINE).trim() };
    }
    default:
      return fail(`${where}.kind`, 'must be "text", "file" or "sitemap"');
  }
}

const SITE = /^[\w.:[\]-]{1,260}$/;

function siteKeeps(value: unknown, where: string): SiteKeeps {
  if (!isRecord(value)) fail(where, 'must be an object');
  const entries = Object.entries(value);
  if (entries.length > LIMITS.maxKeepSites) fail(where, `has more than ${LIMITS.maxKeepSites} sites`);
  return Object.fromEntries(
    entries.map(([site, paths]) => {
      string(site, `${where} key`, 260, SITE);
      if (Array.isArray(paths) && paths.length > LIMITS.maxKeepsPerSite) fail(`${where}.${site}`, `has more than ${LIMITS.maxKeepsPerSite} paths`);
      return [site, stringList(paths, `${where}.${site}`, 4096)];
    }),
  );
}

function indexList(value: unknown, where: string): number[] {
  if (!Array.isArray(value)) fail(where, 'must be a list');
  if (value.length > BATCH_LIMITS.maxUrls) fail(where, `has more than ${BATCH_LIMITS.maxUrls} items`);
  return value.map((item, i) => integer(item, `${where}[${i}]`, 0, BATCH_LIMITS.maxUrls - 1));
}

function none(channel: string) {
  return (request: unknown): void => {
    if (request !== undefined && request !== null) fail(channel, 'takes no request');
  };
}

/** Runtime checks of each channel's request: the main process trusts no payload. */
export const validators: { [C in Channel]: (request: unknown) => RequestOf<C> } = {
  'app:info': none('app:info'),
  'rules:list': none('rules:list'),
  'page:load': (request) => {
    const r = record(request, 'page:load', ['requestId', 'input', 'options']);
    return {
      requestId: string(r.requestId, 'page:load.requestId', 64, ID),
      input: loadInput(r.input, 'page:load.input'),
      options: optional(r.options, (v) => loadOptions(v, 'page:load.options')),
    };
  },
  'page:convert': (request) => {
    const r = record(request, 'page:convert', ['requestId', 'pageId', 'options']);
    return {
      requestId: string(r.requestId, 'page:convert.requestId', 64, ID),
      pageId: string(r.pageId, 'page:convert.pageId', 64, ID),
      options: optional(r.options, (v) => convertOptions(v, 'page:convert.options')),
    };
  },
  'page:cancel': (request) => {
    const r = record(request, 'page:cancel', ['requestId']);
    return { requestId: string(r.requestId, 'page:cancel.requestId', 64, ID) };
  },
  'page:progress': (request) => {
    const r = record(request, 'page:progress', ['requestId']);
    return { requestId: string(r.requestId, 'page:progress.requestId', 64, ID) };
  },
  'export:save': (request) => {
    const r = record(request, 'export:save', ['markdown', 'title', 'url', 'cleanedHtml']);
    return {
      markdown: string(r.markdown, 'export:save.markdown', LIMITS.maxHtmlChars),
      title: optional(r.title, (v) => string(v, 'export:save.title', 1024)),
      url: optional(r.url, (v) => string(v, 'export:save.url', LIMITS.maxUrlChars)),
      cleanedHtml: optional(r.cleanedHtml, (v) => string(v, 'export:save.cleanedHtml', LIMITS.maxHtmlChars)),
    };
  },
  'settings:get': (request) => {
    const r = record(request, 'settings:get', ['key']);
    return { key: string(r.key, 'settings:get.key', 64, SETTING_KEY) };
  },
  'settings:set': (request) => {
    const r = record(request, 'settings:set', ['key', 'value']);
    return {
      key: string(r.key, 'settings:set.key', 64, SETTING_KEY),
      value: r.value === null ? null : string(r.value, 'settings:set.value', LIMITS.maxSettingChars),
    };
  },
  'batch:read-input': (request) => {
    const r = record(request, 'batch:read-input', ['source']);
    return { source: batchSource(r.source, 'batch:read-input.source') };
  },
  'batch:choose-folder': (request) => {
    const r = record(request ?? {}, 'batch:choose-folder', ['suggestedName']);
    return { suggestedName: optional(r.suggestedName, (v) => string(v, 'batch:choose-folder.suggestedName', LIMITS.maxNameChars, SINGLE_LINE)) };
  },
  'batch:start': (request) => {
    const r = record(request, 'batch:start', ['folderId', 'urls', 'resume', 'settings', 'options', 'siteKeeps']);
    if (!Array.isArray(r.urls)) fail('batch:start.urls', 'must be a list');
    if (r.urls.length > BATCH_LIMITS.maxUrls) fail('batch:start.urls', `has more than ${BATCH_LIMITS.maxUrls} items`);
    const options = optional(r.options, (v) => loadOptions(v, 'batch:start.options'));
    return {
      folderId: string(r.folderId, 'batch:start.folderId', 64, ID),
      urls: r.urls.map((url, i) => string(url, `batch:start.urls[${i}]`, LIMITS.maxUrlChars, SINGLE_LINE)),
      resume: optional(r.resume, (v) => boolean(v, 'batch:start.resume')),
      settings: optional(r.settings, (v) => batchSettings(v, 'batch:start.settings')),
      options: options && { userAgent: options.userAgent, waitFor: options.waitFor, extraWaitMs: options.extraWaitMs, convert: options.convert },
      siteKeeps: optional(r.siteKeeps, (v) => siteKeeps(v, 'batch:start.siteKeeps')),
    };
  },
  'batch:poll': (request) => {
    const r = record(request, 'batch:poll', ['batchId', 'cursor', 'waitMs', 'maxRows']);
    return {
      batchId: string(r.batchId, 'batch:poll.batchId', 64, ID),
      cursor: integer(r.cursor, 'batch:poll.cursor', 0, Number.MAX_SAFE_INTEGER),
      waitMs: optional(r.waitMs, (v) => integer(v, 'batch:poll.waitMs', 0, LIMITS.maxPollWaitMs)),
      maxRows: optional(r.maxRows, (v) => integer(v, 'batch:poll.maxRows', 1, LIMITS.maxPollRows)),
    };
  },
  'batch:control': (request) => {
    const r = record(request, 'batch:control', ['batchId', 'action']);
    if (r.action !== 'pause' && r.action !== 'resume' && r.action !== 'cancel') fail('batch:control.action', 'must be "pause", "resume" or "cancel"');
    return { batchId: string(r.batchId, 'batch:control.batchId', 64, ID), action: r.action };
  },
  'batch:retry': (request) => {
    const r = record(request, 'batch:retry', ['batchId', 'indices']);
    return { batchId: string(r.batchId, 'batch:retry.batchId', 64, ID), indices: optional(r.indices, (v) => indexList(v, 'batch:retry.indices')) };
  },
  'batch:open-folder': (request) => {
    const r = record(request, 'batch:open-folder', ['batchId']);
    return { batchId: string(r.batchId, 'batch:open-folder.batchId', 64, ID) };
  },
  'batch:current': none('batch:current'),
};

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

/** Checks a request for a channel given by name (IPC and HTTP both arrive untyped). */
export function validateRequest(channel: unknown, request: unknown): { channel: Channel; request: unknown } {
  if (!isChannel(channel)) throw new InvalidRequest(`unknown channel ${JSON.stringify(String(channel).slice(0, 64))}`);
  return { channel, request: validators[channel](request) };
}
