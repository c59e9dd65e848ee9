// The app's API between the renderer and the main process, defined once: each channel's request as
// a schema (its type and its runtime check come from it) and its response as a type. The preload
// exposes exactly the channels (channels.ts), the main process registers a handler for each and
// checks every request; the HTTP bridge (web mode) serves the same channels. Nothing here imports Electron.
import * as z from 'zod';
import { BATCH_LIMITS, type BatchCounts, type BatchRow, batchSettingsPatch, type BatchState, type PageChange } from './batch';
import { crawlSettingsSchema } from './crawl';
import { type Channel, CHANNELS, COMMAND_EVENT, type CommandBridge } from './channels';
import type { ConvertResult, RuleAction, RuleCategory } from './core/types';
import { budgetSchema } from './options/budget';
import { convertFields } from './options/convert';
import { LIMITS } from './limits';
import { describeIssue, SINGLE_LINE, wholeNumber } from './options/schema';
import type { ScrapeOptions } from './options/scrape';
import type { Page, ScrapeError, ScrapeProgress } from './page';
import { QUEUE_NAME, type QueueStatusResponse, REDIS_URL } from './queue';
import type { SiteKeeps } from './site-keeps';

export { CHANNELS, type Channel, COMMAND_EVENT, type CommandBridge, LIMITS };

export class InvalidRequest extends Error {
  override readonly name = 'InvalidRequest';
}

// ---- the pieces requests are made of ----

const ID = /^[\w-]{1,64}$/;
const SITE = /^[\w.:[\]-]{1,260}$/;
const SETTING_KEY = /^[\w.:-]{1,64}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const object = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: 'must be an object' });
const text = (max: number) => z.string({ error: 'must be a string' }).max(max, { error: `longer than ${max} characters` });
/** One line (header values must not smuggle in more headers), checked against `pattern` when given. */
const line = (max: number, pattern: RegExp = SINGLE_LINE) => text(max).regex(pattern, { error: 'has an invalid format' });
const id = () => line(64, ID);
const flag = () => z.boolean({ error: 'must be true or false' });
const base64Of = (bytes: number) => line(Math.ceil(bytes / 3) * 4, BASE64);
const list = <T extends z.ZodType>(item: T, max: number = LIMITS.maxListItems) =>
  z.array(item, { error: 'must be a list' }).max(max, { error: `has more than ${max} items` });
const kindOf = (kinds: string) => ({ error: `must be ${kinds}` });
/** Takes nothing: `undefined` or `null`. */
const nothing = () => z.unknown().refine((value) => value === undefined || value === null, { error: 'takes no request' }).transform((): void => undefined);

/** Paths kept by site: a bounded number of sites, each with a bounded list. */
const siteKeeps = () =>
  z
    .record(line(260, SITE), list(text(4096), LIMITS.maxKeepsPerSite), { error: 'must be an object' })
    .refine((sites) => Object.keys(sites).length <= LIMITS.maxKeepSites, { error: `has more than ${LIMITS.maxKeepSites} sites` }) as z.ZodType<SiteKeeps>;

// ---- option sets the app sends ----

/** The conversion options the app may choose (its budget too); main adds the URL and source locations. */
export const appConvertOptionsSchema = object({
  mode: convertFields.mode.removeDefault().optional(),
  rules: convertFields.rules.optional(),
  keep: convertFields.keep.optional(),
  dataImages: convertFields.dataImages.removeDefault().optional(),
  /** The page's budget (as the CLI's --max-time and --max-nodes); left out, the core's defaults. */
  budget: budgetSchema.optional(),
});

/** How the app loads a page: the library's options (ScrapeOptions), fewer of them and within the app's limits. */
export const loadOptionsSchema = object({
  /** Render the page with JavaScript before converting (a hidden window in the app). */
  render: flag().optional(),
  timeoutMs: wholeNumber(LIMITS.timeoutMs.min, LIMITS.timeoutMs.max).optional(),
  /** When rendering: wait until this CSS selector matches. */
  waitFor: line(512).optional(),
  extraWaitMs: wholeNumber(LIMITS.extraWaitMs.min, LIMITS.extraWaitMs.max).optional(),
  userAgent: line(512).optional(),
  convert: appConvertOptionsSchema.optional(),
});
export type LoadOptions = z.output<typeof loadOptionsSchema>;
// Every load option is one of the library's (the app hands them to its Scraper as they are).
type _LoadOptionsAreScrapeOptions = Omit<LoadOptions, 'convert'> extends Pick<ScrapeOptions, Exclude<keyof LoadOptions, 'convert'>> ? true : never;
const _loadOptionsAreScrapeOptions: _LoadOptionsAreScrapeOptions = true;

// ---- each channel's request ----

/** What to load: a URL or a local path typed by the user, a dropped or opened file, or pasted HTML. */
const loadInput = z.discriminatedUnion(
  'kind',
  [
    object({ kind: z.literal('url'), url: line(LIMITS.maxUrlChars).trim().refine((url) => url !== '', { error: 'is empty' }) }),
    object({ kind: z.literal('file'), name: line(LIMITS.maxNameChars), base64: base64Of(LIMITS.maxFileBytes) }),
    object({ kind: z.literal('html'), html: text(LIMITS.maxHtmlChars), name: line(LIMITS.maxNameChars).optional() }),
  ],
  kindOf('an object whose kind is "url", "file" or "html"'),
);

/** Where a batch's URLs come from: pasted text (URLs, or one sitemap URL), an imported file, a sitemap URL. */
const batchSource = z.discriminatedUnion(
  'kind',
  [
    object({ kind: z.literal('text'), text: text(LIMITS.maxBatchInputChars) }),
    object({ kind: z.literal('file'), name: line(LIMITS.maxNameChars), base64: base64Of(LIMITS.maxBatchInputChars) }),
    object({ kind: z.literal('sitemap'), url: line(LIMITS.maxUrlChars).trim() }),
  ],
  kindOf('an object whose kind is "text", "file" or "sitemap"'),
);

const requests = {
  'app:info': nothing(),
  'rules:list': nothing(),
  'page:load': object({
    /** Chosen by the caller, so it can cancel the load with `page:cancel`. */
    requestId: id(),
    input: loadInput,
    options: loadOptionsSchema.optional(),
  }),
  'page:convert': object({ requestId: id(), pageId: id(), options: appConvertOptionsSchema.optional() }),
  'page:cancel': object({ requestId: id() }),
  /** Where a load or conversion is: its stage and the bytes so far (null once it is over). */
  'page:progress': object({ requestId: id() }),
  'export:save': object({
    markdown: text(LIMITS.maxHtmlChars),
    /** Used for the file name (sanitised by main). */
    title: text(1024).optional(),
    url: text(LIMITS.maxUrlChars).optional(),
    /** Saved next to the Markdown as `<name>.html` when given. */
    cleanedHtml: text(LIMITS.maxHtmlChars).optional(),
  }),
  'settings:get': object({ key: line(64, SETTING_KEY) }),
  'settings:set': object({ key: line(64, SETTING_KEY), value: text(LIMITS.maxSettingChars).nullable() }),
  'batch:read-input': object({ source: batchSource }),
  'batch:choose-folder': z.preprocess((value) => value ?? {}, object({ suggestedName: line(LIMITS.maxNameChars).optional() })),
  'batch:start': object({
    folderId: id(),
    urls: list(line(LIMITS.maxUrlChars), BATCH_LIMITS.maxUrls),
    /** Continue the batch in the folder (adding any of `urls` it lacks). */
    resume: flag().optional(),
    settings: batchSettingsPatch.optional(),
    options: loadOptionsSchema.pick({ userAgent: true, waitFor: true, extraWaitMs: true, convert: true }).optional(),
    /** Elements kept on every page of a site ("always keep this on example.com"). */
    siteKeeps: siteKeeps().optional(),
    /** Crawl a site from a start URL instead of (or besides) the list: the batch grows with the links it finds. */
    crawl: crawlSettingsSchema.optional(),
    /** Update the export in the folder: every page again, conditionally; only what changed is rewritten. */
    update: flag().optional(),
  }),
  /**
   * Progress by long poll (the same over IPC and HTTP): rows changed since `cursor`, answered at once
   * when there are any, else when something changes or `waitMs` passes.
   */
  'batch:poll': object({
    batchId: id(),
    cursor: wholeNumber(0, Number.MAX_SAFE_INTEGER),
    waitMs: wholeNumber(0, LIMITS.maxPollWaitMs).optional(),
    maxRows: wholeNumber(1, LIMITS.maxPollRows).optional(),
  }),
  'batch:control': object({ batchId: id(), action: z.enum(['pause', 'resume', 'cancel'], kindOf('"pause", "resume" or "cancel"')) }),
  'batch:retry': object({ batchId: id(), indices: list(wholeNumber(0, BATCH_LIMITS.maxUrls - 1), BATCH_LIMITS.maxUrls).optional() }),
  'batch:open-folder': object({ batchId: id() }),
  /** The batch the app is running or ran last (to show it again after a reload). */
  'batch:current': nothing(),
  /** How far a batch queued in Redis is (`openscraper batch --queue`), to follow it. */
  'batch:queue-status': object({ queue: line(LIMITS.maxUrlChars, REDIS_URL), name: line(100, QUEUE_NAME).optional() }),
} satisfies { [C in Channel]: z.ZodType };

export type LoadInput = z.output<typeof loadInput>;
export type LoadRequest = z.output<(typeof requests)['page:load']>;
export type ReconvertRequest = z.output<(typeof requests)['page:convert']>;
export type SaveRequest = z.output<(typeof requests)['export:save']>;
export type BatchSource = z.output<typeof batchSource>;
export type BatchStartRequest = z.output<(typeof requests)['batch:start']>;
export type BatchPollRequest = z.output<(typeof requests)['batch:poll']>;
export type BatchAction = z.output<(typeof requests)['batch:control']>['action'];

// ---- responses ----

/** A loaded page; `pageId` names its HTML in main, for re-conversion without sending it back. */
export interface LoadResponse {
  page: Page;
  pageId?: string;
}

export type ReconvertResponse = { ok: true; result: ConvertResult } | { ok: false; error: ScrapeError };

export interface RuleInfo {
  id: string;
  category: RuleCategory;
  action: RuleAction;
  describe: string;
}

export type SaveResponse = { saved: true; files: string[] } | { saved: false; reason: string };

export interface AppInfo {
  name: string;
  version: string;
  /** `electron`: the desktop app; `web`: the HTTP bridge in a browser. */
  mode: 'electron' | 'web';
}

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

export type BatchStartResponse = { ok: true; batchId: string; total: number } | { ok: false; error: string };

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
  /** In an update: how many pages are new, changed, unchanged and gone (each row says which it is). */
  changes?: Record<PageChange, number>;
  /** Pass it back to get only what changed after this answer. */
  cursor: number;
  rows: BatchRow[];
  /** More changed rows are waiting: poll again at once. */
  more: boolean;
}

interface Responses {
  'app:info': AppInfo;
  'rules:list': RuleInfo[];
  'page:load': LoadResponse;
  'page:convert': ReconvertResponse;
  'page:cancel': { cancelled: boolean };
  'page:progress': { progress: ScrapeProgress | null };
  'export:save': SaveResponse;
  'settings:get': { value: string | null };
  'settings:set': { ok: true };
  'batch:read-input': BatchInputResult;
  'batch:choose-folder': BatchFolder | { cancelled: true };
  'batch:start': BatchStartResponse;
  'batch:poll': BatchSnapshot;
  'batch:control': { state: BatchState };
  'batch:retry': { queued: number };
  'batch:open-folder': { opened: boolean; path: string };
  'batch:current': { batchId: string | null };
  'batch:queue-status': QueueStatusResponse;
}
// Exactly the channels: a response for each, and none for a channel that does not exist.
type _ResponsesCoverChannels = [keyof Responses] extends [Channel] ? ([Channel] extends [keyof Responses] ? true : never) : never;
const _responsesCoverChannels: _ResponsesCoverChannels = true;

/** Each channel: the request it takes and the response it resolves to. */
export type Contract = { [C in Channel]: { request: z.output<(typeof requests)[C]>; response: Responses[C] } };
export type RequestOf<C extends Channel> = Contract[C]['request'];
export type ResponseOf<C extends Channel> = Contract[C]['response'];

/** What the renderer calls: one async function per channel. */
export type Api = { [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> };

/** What the main process implements: one handler per channel. */
export type Handlers = { [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C> };

/** Runtime checks of each channel's request: the main process trusts no payload. */
export const validators = Object.fromEntries(
  CHANNELS.map((channel) => [
    channel,
    (request: unknown) => {
      const parsed = requests[channel].safeParse(request);
      if (!parsed.success) throw new InvalidRequest(describeIssue(parsed.error, channel));
      return parsed.data;
    },
  ]),
) as { [C in Channel]: (request: unknown) => RequestOf<C> };

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

/** Checks a request for a channel given by name (IPC and HTTP both arrive untyped). */
export function validateRequest(channel: unknown, request: unknown): { channel: Channel; request: unknown } {
  if (!isChannel(channel)) throw new InvalidRequest(`unknown channel ${JSON.stringify(String(channel).slice(0, 64))}`);
  return { channel, request: validators[channel](request) };
}
