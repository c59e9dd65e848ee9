// `openscraper crawl` arguments: every flag of `batch` (the same settings, page options and rule
// switches: a crawl is a batch that grows) plus the crawl's own — depth, pages, scope, --update.
import * as z from 'zod';
import { CRAWL_DEFAULTS, crawlFields } from '../../shared/crawl';
import { withFlag } from '../../shared/options/schema';
import { type BatchCliOptions, batchCliSchema, exportOptionsOf, exportSwitches } from './batch-args';
import { flagHelp, parseFlags, UsageError } from './flags';

// A crawl's batch runs here: the flags that queue a batch in Redis are `batch`'s alone.
const { output, queue: _queue, queueName: _queueName, status: _status, merge: _merge, siteTemplate: _siteTemplate, ...batchFlags } = batchCliSchema.shape;

/** Every flag of `openscraper crawl`: the folder, the crawl's own, then the batch's, in the order the help lists them. */
const crawlCliSchema = z.strictObject({
  output,
  maxDepth: withFlag(crawlFields.maxDepth, { flag: 'max-depth', arg: '<n>', read: 'whole', help: `follow links this many steps from the start (default ${CRAWL_DEFAULTS.maxDepth})` }),
  maxPages: withFlag(crawlFields.maxPages, { flag: 'max-pages', arg: '<n>', read: 'whole', help: `take this many URLs at most (default ${CRAWL_DEFAULTS.maxPages})` }),
  prefix: withFlag(crawlFields.prefix, { flag: 'prefix', arg: '<path>', help: 'only URLs whose path starts with this (e.g. /docs/)' }),
  include: withFlag(z.array(z.string()).default([]), { flag: 'include', arg: '<glob>', read: 'repeated', help: ['only URLs whose path matches one of these globs', '(repeatable; e.g. "/blog/**"; a glob with a scheme matches the whole URL)'] }),
  exclude: withFlag(z.array(z.string()).default([]), { flag: 'exclude', arg: '<glob>', read: 'repeated', help: 'never URLs whose path matches one of these (repeatable)' }),
  noSitemaps: withFlag(z.boolean().default(false), { flag: 'no-sitemaps', help: 'do not read the sitemaps (robots.txt\'s and /sitemap.xml)' }),
  noSiteTemplate: exportSwitches.noSiteTemplate,
  ...batchFlags,
});

/** The crawl's own options; those not given are left out (a resume or an update takes the folder's). */
export interface CrawlCliOptions extends Omit<BatchCliOptions, 'input' | 'queue' | 'queueName' | 'status' | 'merge'> {
  start?: string;
  maxDepth?: number;
  maxPages?: number;
  prefix?: string;
  include?: string[];
  exclude?: string[];
  sitemaps?: boolean;
}

export const CRAWL_USAGE = `Usage: openscraper crawl <url> -o <dir> [options]
       openscraper crawl [<url>] -o <dir> --update   (re-export what changed; --resume to go on)

Crawls a site from <url>, breadth-first: every page of the same host (and path prefix) that links
reach within --max-depth, plus the pages its sitemaps list, one Markdown file each in <dir>, with a
manifest (index.json or index.csv). robots.txt is honoured (Disallow, Allow, Crawl-delay); bot walls,
soft 404s and near-empty pages fail with their reason instead of being written; blocks repeated on
most pages (the site's template) are removed. --update loads every page again with conditional
requests and rewrites only those whose Markdown changed; it, and --resume, crawl from the start and
within the scope the folder's crawl was given, unless told otherwise.

Options:
${flagHelp(crawlCliSchema.shape, { 'user-agent': 'the User-Agent to send', resume: 'continue the crawl in <dir> where it stopped', update: ['update the crawl in <dir>: every page again, conditionally (ETag,', 'Last-Modified); only changed pages are rewritten, gone ones marked'] })}

Exit status: 0 when every page was written (or skipped by robots.txt), 1 when any failed (the
manifest lists them) or the crawl was stopped, 2 on a usage error.`;

export function parseCrawlCli(argv: string[]): CrawlCliOptions {
  const { options, given, positionals } = parseFlags(crawlCliSchema, argv);
  const { maxDepth, maxPages, prefix, include, exclude, noSitemaps, ...shared } = options;
  const common = exportOptionsOf(shared, given, 'crawl');
  const ifGiven = <T>(key: string, value: T) => (given[key] === undefined ? undefined : value);
  const crawl = { maxDepth: ifGiven('maxDepth', maxDepth), maxPages: ifGiven('maxPages', maxPages), prefix, include: ifGiven('include', include), exclude: ifGiven('exclude', exclude), sitemaps: noSitemaps ? false : undefined };
  if (common.help) return { ...common, ...crawl };
  if (positionals.length > 1) throw new UsageError(`one start URL, not ${positionals.length}`);
  const start = positionals[0];
  if (start === undefined && !common.resume && !common.update) throw new UsageError('crawl needs a start URL');
  return { ...common, ...crawl, start };
}
