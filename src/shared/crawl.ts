// A crawl's own settings (besides the batch's), defined once: the CLI's flags, the app's request
// and the crawler's defaults come from these fields. Shared by main and renderer.
import * as z from 'zod';
import { BATCH_LIMITS } from './batch';
import { SINGLE_LINE, wholeNumber } from './options/schema';

export const CRAWL_LIMITS = { maxDepth: { min: 0, max: 1000 }, maxPages: { min: 1, max: BATCH_LIMITS.maxUrls }, maxUrlChars: 8192 } as const;

export const crawlFields = {
  /** Where the crawl starts (depth 0): an http(s) URL. */
  start: z.string({ error: 'must be a URL' }).max(CRAWL_LIMITS.maxUrlChars, { error: 'is too long' }).regex(SINGLE_LINE, { error: 'must be one line' }),
  /** Links are followed this many steps from the start at most (sitemap pages count as one step). */
  maxDepth: wholeNumber(CRAWL_LIMITS.maxDepth.min, CRAWL_LIMITS.maxDepth.max).default(10),
  /** URLs taken into the crawl at most (skipped and failed ones included). */
  maxPages: wholeNumber(CRAWL_LIMITS.maxPages.min, CRAWL_LIMITS.maxPages.max).default(1000),
  /** Only URLs whose path starts with this ("/docs/"). */
  prefix: z.string({ error: 'must be a path' }).max(2000, { error: 'is too long' }).regex(SINGLE_LINE, { error: 'must be one line' }).optional(),
};

export const crawlSettingsSchema = z.strictObject(crawlFields, { error: 'must be an object' });
export type CrawlSettings = z.output<typeof crawlSettingsSchema>;

export const CRAWL_DEFAULTS = { maxDepth: crawlFields.maxDepth.parse(undefined), maxPages: crawlFields.maxPages.parse(undefined) } as const;
