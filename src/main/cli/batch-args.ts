// `openscraper batch` arguments: the batch settings' schema (shared with the app) plus the page
// options a batch passes on and the command's own (output, --resume), one schema for the flags,
// the help, the checks and the defaults (fewer pages at once when rendering).
import * as z from 'zod';
import { BATCH_DEFAULTS, type BatchSettings, batchSettingsSchema, NAME_PLACEHOLDERS, RENDER_DEFAULTS } from '../../shared/batch';
import type { RuleCategory } from '../../shared/core/types';
import { budgetFields, budgetOf, type BudgetChoice } from '../../shared/options/budget';
import { articleSwitch, ruleSwitches, takeRuleSwitches } from '../../shared/options/convert';
import { withFlag } from '../../shared/options/schema';
import { scrapeFields } from '../../shared/options/scrape';
import { checkTemplate, TemplateError } from '../batch/names';
import { flagHelp, parseFlags, UsageError } from './flags';
import { queueFields } from './queue-flags';

const settings = batchSettingsSchema.shape;
withFlag(settings.concurrency, { flag: 'concurrency', arg: '<n>', read: 'whole', help: `pages loaded at once (default ${BATCH_DEFAULTS.concurrency}; ${RENDER_DEFAULTS.concurrency} with --render)` });
withFlag(settings.perHost, { flag: 'per-host', arg: '<n>', read: 'whole', help: `pages loaded at once from one host (default ${BATCH_DEFAULTS.perHost}; ${RENDER_DEFAULTS.perHost} with --render)` });
withFlag(settings.delayMs, { flag: 'delay', arg: '<ms>', read: 'whole', help: `least time between two requests to one host (default ${BATCH_DEFAULTS.delayMs})` });
withFlag(settings.retries, { flag: 'retries', arg: '<n>', read: 'whole', help: `more attempts after a timeout, a reset, HTTP 429 or 5xx (default ${BATCH_DEFAULTS.retries})` });
withFlag(settings.timeoutMs, { flag: 'timeout', arg: '<seconds>', read: 'duration', help: `time allowed per page and attempt (default ${BATCH_DEFAULTS.timeoutMs / 1000}; "1500ms" also works)` });
withFlag(settings.render, { flag: 'render', help: 'run each page\'s JavaScript in headless Chromium (one browser for all)' });
withFlag(settings.nameTemplate, {
  flag: 'name-template',
  arg: '<t>',
  help: [`file names from ${NAME_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}; a "/" makes`, `sub-folders (default "${BATCH_DEFAULTS.nameTemplate}"; e.g. "{host}/{index} {title}")`],
});
withFlag(settings.frontMatter, { flag: 'front-matter', help: 'start each file with YAML front matter (title, author, date, url)' });
withFlag(settings.cleanedHtml, { flag: 'cleaned-html', help: 'also write the cleaned HTML beside each Markdown file' });
withFlag(settings.images, { flag: 'images', help: 'download images into <name>.assets/ and link the Markdown to them' });
withFlag(settings.overwrite, { flag: 'overwrite', help: 'replace files already in <dir> (default: choose a new name)' });
withFlag(settings.manifest, { flag: 'manifest', arg: '<json|csv>', help: 'the manifest\'s format (default json)' });
withFlag(settings.keepSuspect, { flag: 'keep-suspect', help: ['write bot walls, soft 404s and near-empty pages as files', '(default: they fail, with the reason, in the manifest)'] });

const offSwitch = (flag: string, help: string | string[]) => withFlag(z.boolean().default(false), { flag, help });

/** The switches that turn off what is on by default (robots.txt, the site template), shared with `crawl`. */
export const exportSwitches = {
  ignoreRobots: offSwitch('ignore-robots', 'load what robots.txt disallows, without its Crawl-delay'),
  noSiteTemplate: offSwitch('no-site-template', ['keep each site\'s template (blocks repeated on most of its', 'pages; rule "site-template")']),
};

/** Every flag of `openscraper batch`, in the order the help lists them (`crawl` adds its own). */
export const batchCliSchema = z.strictObject({
  output: withFlag(z.string().optional(), { flag: 'output', short: 'o', arg: '<dir>', help: 'the folder for the files (created if missing)' }),
  resume: withFlag(z.boolean().default(false), {
    flag: 'resume',
    help: ['continue the batch in <dir> (the input may then be left out;', 'URLs it does not have yet are added, failed ones are tried again)'],
  }),
  update: withFlag(z.boolean().default(false), {
    flag: 'update',
    help: ['update the export in <dir>: every page again, conditionally (ETag,', 'Last-Modified); only changed pages are rewritten, gone ones marked'],
  }),
  concurrency: settings.concurrency,
  perHost: settings.perHost,
  delayMs: settings.delayMs,
  retries: settings.retries,
  timeoutMs: settings.timeoutMs,
  maxMs: budgetFields.maxMs,
  maxNodes: budgetFields.maxNodes,
  render: settings.render,
  waitFor: scrapeFields.waitFor,
  extraWaitMs: scrapeFields.extraWaitMs,
  userAgent: scrapeFields.userAgent,
  nameTemplate: settings.nameTemplate,
  frontMatter: settings.frontMatter,
  cleanedHtml: settings.cleanedHtml,
  images: settings.images,
  overwrite: settings.overwrite,
  manifest: settings.manifest,
  keepSuspect: settings.keepSuspect,
  ignoreRobots: exportSwitches.ignoreRobots,
  siteTemplate: withFlag(settings.siteTemplate, { flag: 'site-template', help: ['remove each site\'s template (blocks repeated on most of its', 'pages; rule "site-template"; not with --queue)'] }),
  /** Article mode: only each page's main content (`--article`; `--no-article` is the category switch). */
  articleMode: articleSwitch,
  ...ruleSwitches,
  ...queueFields,
  status: withFlag(z.boolean().default(false), { flag: 'status', help: 'with --queue: show how far the queued batch is, then exit' }),
  merge: withFlag(z.boolean().default(false), { flag: 'merge', help: 'with --queue: gather the workers\' files into <dir> with one manifest' }),
  help: withFlag(z.boolean().default(false), { flag: 'help', short: 'h', help: 'show this help' }),
});

export interface BatchCliOptions {
  /** A list file, a sitemap file, a sitemap URL, or "-" (standard input); may be left out with --resume. */
  input?: string;
  output: string;
  resume: boolean;
  /** Update the export in the folder: only what changed is rewritten. */
  update: boolean;
  settings: BatchSettings;
  userAgent?: string;
  waitFor?: string;
  extraWaitMs?: number;
  rules: Partial<Record<RuleCategory, boolean>>;
  budget: BudgetChoice;
  /** Article mode: only each page's main content. */
  articleMode: boolean;
  /** The batch goes on a queue in Redis (`openscraper worker` processes run it). */
  queue?: string;
  queueName: string;
  /** With a queue: show its progress, or gather its files into `output`. */
  status: boolean;
  merge: boolean;
  help: boolean;
}

export const BATCH_USAGE = `Usage: openscraper batch <file|sitemap-url|-> -o <dir> [options]
       openscraper batch <file|sitemap-url|-> --queue <redis-url> [-o <dir>] [options]
       openscraper batch --status --queue <redis-url>
       openscraper batch --merge --queue <redis-url> -o <dir>

Loads every URL of a list (one per line, or a CSV with a "url" column; gzip too) or of a sitemap
(a sitemap.xml or sitemap index, a file or a URL) and writes one Markdown file per page into <dir>,
with a manifest (index.json or index.csv) listing every URL: status, final URL, file, bytes, time,
error. A batch that was stopped or killed continues with --resume: nothing is done twice.

With --queue the URLs go on a queue in Redis instead, for any number of \`openscraper worker\`
processes on any machines; with -o the command waits for them and gathers their files into <dir>
(--merge does that later). --status shows how far a queued batch is.

Options:
${flagHelp(batchCliSchema.shape, { 'user-agent': 'the User-Agent to send' })}

Exit status: 0 when every URL was written, 1 when any failed (the manifest lists them) or the batch
was stopped, 2 on a usage error.`;

export function parseBatchCli(argv: string[]): BatchCliOptions {
  const { options, given, positionals } = parseFlags(batchCliSchema, argv);
  const { queue, queueName, status, merge, ...shared } = options;
  const queued = { queue, queueName, status, merge };
  if (!shared.help) {
    if (positionals.length > 1) throw new UsageError(`one input at a time (a list file or a sitemap), not ${positionals.length}`);
    if ((status || merge) && queue === undefined) throw new UsageError(`--${status ? 'status' : 'merge'} needs --queue <redis-url>`);
    if (status && merge) throw new UsageError('--status or --merge, not both');
    if (shared.update && queue !== undefined) throw new UsageError('--update re-exports a folder here: not with --queue');
    if (shared.siteTemplate && queue !== undefined) throw new UsageError('--site-template: not with --queue (each worker sees other pages of a site)');
    if (positionals[0] === undefined && !shared.resume && !shared.update && !status && !merge) throw new UsageError('batch needs a list of URLs or a sitemap (a file, a URL, or "-")');
  }
  // A queued batch may be only queued (the workers write); --merge gathers the files later.
  const needsFolder = queue === undefined || merge;
  const common = exportOptionsOf(shared, given, needsFolder ? `batch${merge ? ' --merge' : ''}` : false);
  return { ...common, input: common.help ? undefined : positionals[0], ...queued };
}

/** The flags of a batch that name its queue in Redis: `batch`'s own, not `crawl`'s. */
type QueueKeys = 'queue' | 'queueName' | 'status' | 'merge';

/**
 * What `batch` and `crawl` read alike from their flags (`crawl`'s schema takes `batch`'s, but the
 * queue's): the settings (fewer pages at once when rendering, unless the flags say otherwise), the
 * page options, the rule switches, the folder (`folder`: the command that needs one, for the
 * message; false when none is needed); checked.
 */
export function exportOptionsOf(options: Omit<z.output<typeof batchCliSchema>, QueueKeys | 'siteTemplate'> & { siteTemplate?: boolean; noSiteTemplate?: boolean }, given: Record<string, unknown>, folder: string | false = 'batch'): Omit<BatchCliOptions, 'input' | QueueKeys> {
  const { rules, rest } = takeRuleSwitches(options);
  const { output, resume, update, help, articleMode, waitFor, extraWaitMs, userAgent, concurrency, perHost, ignoreRobots, siteTemplate, noSiteTemplate, maxMs, maxNodes, ...chosen } = rest;
  const budget = budgetOf({ maxMs, maxNodes });
  if (help) return { output: '', resume: false, update: false, settings: BATCH_DEFAULTS, rules, articleMode, budget, help };
  if (update && resume) throw new UsageError('--update and --resume: choose one (--update goes over every page again)');
  if (folder !== false && (output === undefined || output.trim() === '')) throw new UsageError(`${folder} needs an output folder: -o <dir>`);
  if (!chosen.render && (given.waitFor !== undefined || given.extraWaitMs !== undefined)) throw new UsageError('--wait-for and --wait need --render');
  if (typeof given.userAgent === 'string' && given.userAgent.trim() === '') throw new UsageError('--user-agent must be one non-empty line');
  try {
    checkTemplate(chosen.nameTemplate);
  } catch (error) {
    if (error instanceof TemplateError) throw new UsageError(`--name-template: ${error.message}`);
    throw error;
  }
  // Rendering runs a browser page per URL: fewer at once unless the flags say otherwise.
  const atOnce = chosen.render ? RENDER_DEFAULTS : BATCH_DEFAULTS;
  const settings: BatchSettings = { ...chosen, robots: !ignoreRobots, siteTemplate: noSiteTemplate === undefined ? siteTemplate === true : !noSiteTemplate, concurrency: given.concurrency === undefined ? atOnce.concurrency : concurrency, perHost: given.perHost === undefined ? atOnce.perHost : perHost };
  return { output: output ?? '', resume, update, settings, userAgent: given.userAgent === undefined ? undefined : userAgent, waitFor, extraWaitMs, rules, articleMode, budget, help };
}
