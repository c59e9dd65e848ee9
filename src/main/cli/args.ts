// `openscraper` arguments: the CLI's option set is one schema — the library's scrape options and the
// conversion options it offers, plus its own (output, --json, help) — from which the flags, the
// help, the checks and the defaults come.
import * as z from 'zod';
import type { RuleCategory } from '../../shared/core/types';
import { budgetFields, budgetOf, type BudgetChoice } from '../../shared/options/budget';
import { articleSwitch, convertFields, ruleSwitches, takeRuleSwitches } from '../../shared/options/convert';
import { withFlag } from '../../shared/options/schema';
import { loadingOptionsOf, scrapeFields, type ScrapeOptions } from '../../shared/options/scrape';
import { flagHelp, parseFlags, UsageError } from './flags';

export { UsageError } from './flags';

const switchField = (flag: string, help: string, short?: string) => withFlag(z.boolean().default(false), { flag, short, help });

/** Every flag of `openscraper`, in the order the help lists them. */
export const cliSchema = z.strictObject({
  output: withFlag(z.string().optional(), { flag: 'output', short: 'o', arg: '<file|dir>', help: 'write to this file; with several inputs, a folder (one file each)' }),
  json: switchField('json', 'print the whole result: markdown, removed elements, metadata, stats'),
  frontMatter: convertFields.frontMatter,
  render: scrapeFields.render,
  waitFor: scrapeFields.waitFor,
  extraWaitMs: scrapeFields.extraWaitMs,
  timeoutMs: scrapeFields.timeoutMs,
  maxMs: budgetFields.maxMs,
  maxNodes: budgetFields.maxNodes,
  userAgent: scrapeFields.userAgent,
  baseUrl: scrapeFields.baseUrl,
  /** Article mode: only the main content (`--article`; `--no-article` below is the category switch). */
  articleMode: articleSwitch,
  ...ruleSwitches,
  keepRules: withFlag(z.array(z.string()).default([]), { flag: 'keep-rule', arg: '<id>', read: 'repeated', help: 'keep what one rule would remove (repeatable; ids as in --json "removed")' }),
  dataImages: convertFields.dataImages,
  help: switchField('help', 'show this help', 'h'),
  version: switchField('version', 'show the version', 'v'),
});

export interface CliOptions extends Omit<z.output<typeof cliSchema>, RuleCategory | 'maxMs' | 'maxNodes'> {
  inputs: string[];
  /** The categories switched off (`--no-ads` → `{ ads: false }`). */
  rules: Partial<Record<RuleCategory, boolean>>;
  /** --max-time and --max-nodes; left out, the core's defaults for the page's size. */
  budget: BudgetChoice;
}

export const USAGE = `Usage: openscraper [options] <url|file|->...
       openscraper batch <file|sitemap-url|-> -o <dir> [options]   (see openscraper batch --help)
       openscraper crawl <url> -o <dir> [options]                  (see openscraper crawl --help)
       openscraper worker --queue <redis-url> -o <dir>              (a queued batch's worker)
       openscraper serve [options]                                   (a local HTTP API)
       openscraper mcp                                               (an MCP server on stdio)

Turns web pages, HTML files and PDFs into clean Markdown. Loads each URL (http, https) or file
(.html, .htm, .xhtml, .pdf; "-" or no input reads standard input) and writes Markdown to standard
output, or to a file or folder with -o.

Options:
${flagHelp(cliSchema.shape)}

Exit status: 0 when every input converted, 1 when any failed, 2 on a usage error.`;

export function parseCli(argv: string[]): CliOptions {
  const { options, given, positionals } = parseFlags(cliSchema, argv);
  if (!options.render && (given.waitFor !== undefined || given.extraWaitMs !== undefined)) throw new UsageError('--wait-for and --wait need --render');
  if (given.waitFor !== undefined && options.waitFor === undefined) throw new UsageError('--wait-for needs a CSS selector');
  if (typeof given.userAgent === 'string' && given.userAgent.trim() === '') throw new UsageError('--user-agent must be one non-empty line');
  const { rules, rest } = takeRuleSwitches(options);
  const { maxMs, maxNodes, ...chosen } = rest;
  return { ...chosen, inputs: positionals.length > 0 ? positionals : ['-'], rules, budget: budgetOf({ maxMs, maxNodes }) };
}

/** The Scraper's options from the CLI's (and from `serve`'s query parameters, a subset of them). */
export function scrapeOptions(options: Pick<CliOptions, 'articleMode' | 'rules' | 'keepRules' | 'frontMatter' | 'dataImages'> & { budget?: BudgetChoice }): ScrapeOptions {
  return {
    ...loadingOptionsOf(options),
    convert: {
      mode: options.articleMode ? 'article' : 'default',
      rules: options.rules,
      keep: { rules: options.keepRules },
      frontMatter: options.frontMatter,
      dataImages: options.dataImages,
      budget: options.budget,
    },
  };
}
