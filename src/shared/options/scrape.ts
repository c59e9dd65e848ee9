// How to get one page — the library's ScrapeOptions — defined once: the type, the checks, the
// defaults and the command-line flags come from this schema (the CLI's options add their own fields
// to these, the app's load options narrow them for a renderer trusted less).
import * as z from 'zod';
import type { ConvertOptions } from '../core/types';
import { LoadError } from '../page';
import { describeIssue, flags, SINGLE_LINE } from './schema';

/** What a current desktop Chrome sends: some sites refuse or strip pages for unknown agents. */
export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';

const positive = (error: string) => z.number({ error }).positive({ error });
const zeroOrMore = (error: string) => z.number({ error }).min(0, { error }).transform(Math.floor);
const blankToUndefined = (text: string | undefined) => (text === undefined || text.trim() === '' ? undefined : text.trim());

/** The fields, each usable on its own (the CLI and the app's contract take some of them). */
export const scrapeFields = {
  /** Render the page with JavaScript in a headless browser before converting. */
  render: z.boolean({ error: 'must be true or false' }).default(false),
  /** When rendering: wait until this CSS selector matches (within the timeout). */
  waitFor: z.string({ error: 'must be a CSS selector' }).optional().transform(blankToUndefined),
  /** When rendering: extra milliseconds to wait after the page settled. */
  extraWaitMs: zeroOrMore('must be zero or more milliseconds').optional(),
  /** Total time allowed for loading one page, in milliseconds. */
  timeoutMs: positive('must be a positive number of milliseconds').default(30_000),
  /** Time allowed to connect, in milliseconds. */
  connectTimeoutMs: positive('must be a positive number of milliseconds').default(10_000),
  /** Largest response body accepted, in bytes. */
  maxBytes: positive('must be a positive number of bytes').default(20 * 1024 * 1024),
  /** Redirects followed before giving up. */
  maxRedirects: zeroOrMore('must be zero or more').default(10),
  /** The User-Agent header sent (default: a current desktop Chrome). */
  userAgent: z
    .string({ error: 'must be one line' })
    .regex(SINGLE_LINE, { error: 'must be one line' })
    .optional()
    .transform((text) => blankToUndefined(text) ?? DEFAULT_USER_AGENT),
  /** The Chromium executable used for rendering (default: $OPENSCRAPER_CHROMIUM or /usr/bin/chromium). */
  browserPath: z.string({ error: 'must be a path' }).optional(),
  /** Resolve links and images against this URL instead of the page's own (useful for local files). */
  baseUrl: z.string({ error: 'must be an absolute URL' }).refine((text) => URL.canParse(text), { error: 'must be an absolute URL' }).optional(),
  /** Options for the conversion itself (rules, keep, front matter, …). */
  convert: z.custom<Omit<ConvertOptions, 'url'>>((value) => typeof value === 'object' && value !== null, { error: 'must be an object' }).default({}),
};

export const scrapeOptionsSchema = z.strictObject(scrapeFields);

/** What a caller may pass: every field optional. */
export type ScrapeOptions = z.input<typeof scrapeOptionsSchema>;
/** The options with every default filled in and every field checked. */
export type ResolvedScrapeOptions = z.output<typeof scrapeOptionsSchema>;

/** Checks and completes the options; throws an `invalid-input` LoadError naming the first field that is wrong. */
export function resolveScrapeOptions(options: ScrapeOptions): ResolvedScrapeOptions {
  // An explicit undefined means "not given": it must not hide a default.
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const parsed = scrapeOptionsSchema.safeParse(given);
  if (!parsed.success) throw new LoadError('invalid-input', describeIssue(parsed.error, ''));
  return parsed.data;
}

/** What of a front's options (the CLI's, the app's) the Scraper takes, but `convert`: each front builds that its own way. */
export function loadingOptionsOf(options: object): Omit<ScrapeOptions, 'convert'> {
  const given = options as Record<string, unknown>;
  return Object.fromEntries(Object.keys(scrapeFields).flatMap((key) => (key === 'convert' || given[key] === undefined ? [] : [[key, given[key]]])));
}

const { timeoutMs, connectTimeoutMs, maxBytes, maxRedirects, userAgent } = resolveScrapeOptions({});
/** The defaults of the limits and the agent, as the library documents them. */
export const SCRAPE_DEFAULTS = { timeoutMs, connectTimeoutMs, maxBytes, maxRedirects, userAgent } as const;

// The flags these fields have on the command line (`openscraper batch` words the help of some its own way).
flags.add(scrapeFields.render, {
  flag: 'render',
  help: ['run the page\'s JavaScript in headless Chromium before converting', '(Chromium: $OPENSCRAPER_CHROMIUM, or /usr/bin/chromium)'],
});
flags.add(scrapeFields.waitFor, { flag: 'wait-for', arg: '<selector>', help: 'with --render: wait until this CSS selector matches' });
flags.add(scrapeFields.extraWaitMs, { flag: 'wait', arg: '<ms>', read: 'whole', help: 'with --render: wait this much longer after the page settled' });
flags.add(scrapeFields.timeoutMs, { flag: 'timeout', arg: '<seconds>', read: 'duration', help: 'time allowed per page (default 30; "500ms" also works)' });
flags.add(scrapeFields.userAgent, { flag: 'user-agent', arg: '<text>', help: 'the User-Agent to send (default: a current desktop Chrome)' });
flags.add(scrapeFields.baseUrl, { flag: 'base-url', arg: '<url>', help: 'make links and images absolute against this URL' });
