// Command-line arguments: parsed with node:util's parseArgs, checked, and turned into typed options.
import { parseArgs } from 'node:util';
import type { BudgetLimits } from '../../shared/core/budget';
import { RULE_CATEGORIES, type RuleCategory } from '../../shared/core/rules/types';
import { BUDGET_ARG_SPECS, BUDGET_USAGE, parseBudgetArgs } from './budget-args';

export interface CliOptions {
  inputs: string[];
  output?: string;
  json: boolean;
  frontMatter: boolean;
  baseUrl?: string;
  rules: Partial<Record<RuleCategory, boolean>>;
  /** Article mode: only the main content. */
  article: boolean;
  keepRules: string[];
  dataImages: 'keep' | 'drop';
  render: boolean;
  waitFor?: string;
  extraWaitMs?: number;
  timeoutMs?: number;
  userAgent?: string;
  budget: Partial<BudgetLimits>;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: openscraper [options] <url|file|->...
       openscraper batch <file|sitemap-url|-> -o <dir> [options]   (see openscraper batch --help)

Turns web pages, HTML files and PDFs into clean Markdown. Loads each URL (http, https) or file
(.html, .htm, .xhtml, .pdf; "-" or no input reads standard input) and writes Markdown to standard
output, or to a file or folder with -o.

Options:
  -o, --output <file|dir>   write to this file; with several inputs, a folder (one file each)
      --json                print the whole result: markdown, removed elements, metadata, stats
      --front-matter        start the Markdown with YAML front matter (title, author, date, url)
      --render              run the page's JavaScript in headless Chromium before converting
                            (Chromium: $OPENSCRAPER_CHROMIUM, or /usr/bin/chromium)
      --wait-for <selector> with --render: wait until this CSS selector matches
      --wait <ms>           with --render: wait this much longer after the page settled
      --timeout <seconds>   time allowed to load a page (default 30; "500ms" also works)
${BUDGET_USAGE}
      --user-agent <text>   the User-Agent to send (default: a current desktop Chrome)
      --base-url <url>      make links and images absolute against this URL
      --article             article mode: only the main content (what it cuts is listed, category "article")
${RULE_CATEGORIES.map((c) => `      --no-${c}`.padEnd(28) + `keep what the "${c}" rules would remove`).join('\n')}
      --keep-rule <id>      keep what one rule would remove (repeatable; ids as in --json "removed")
      --data-images <keep|drop>  keep inline data: images (default: drop)
  -h, --help                show this help
  -v, --version             show the version

Exit status: 0 when every input converted, 1 when any failed, 2 on a usage error.`;

/** "30", "2.5", "30s", "500ms" → milliseconds. */
export function parseDuration(text: string, option: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$/i.exec(text);
  const value = match ? Number(match[1]) * (match[2]?.toLowerCase() === 'ms' ? 1 : 1000) : NaN;
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${option} must be a positive duration in seconds (or "…ms"): ${text}`);
  return Math.round(value);
}

function parseMilliseconds(text: string, option: string): number {
  if (!/^\s*\d+\s*$/.test(text)) throw new UsageError(`${option} must be a whole number of milliseconds: ${text}`);
  return Number(text);
}

export function parseCli(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        output: { type: 'string', short: 'o' },
        json: { type: 'boolean', default: false },
        'front-matter': { type: 'boolean', default: false },
        'base-url': { type: 'string' },
        render: { type: 'boolean', default: false },
        'wait-for': { type: 'string' },
        wait: { type: 'string' },
        timeout: { type: 'string' },
        'user-agent': { type: 'string' },
        'keep-rule': { type: 'string', multiple: true, default: [] },
        article: { type: 'boolean', default: false },
        'data-images': { type: 'string', default: 'drop' },
        ...BUDGET_ARG_SPECS,
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
        ...Object.fromEntries(RULE_CATEGORIES.map((c) => [`no-${c}`, { type: 'boolean' as const, default: false }])),
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const dataImages = values['data-images'];
  if (dataImages !== 'keep' && dataImages !== 'drop') throw new UsageError('--data-images must be "keep" or "drop"');
  const baseUrl = values['base-url'] as string | undefined;
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) throw new UsageError(`--base-url is not an absolute URL: ${baseUrl}`);
  const render = values.render as boolean;
  const waitFor = values['wait-for'] as string | undefined;
  const wait = values.wait as string | undefined;
  if (!render && (waitFor !== undefined || wait !== undefined)) throw new UsageError('--wait-for and --wait need --render');
  if (waitFor !== undefined && waitFor.trim() === '') throw new UsageError('--wait-for needs a CSS selector');
  const userAgent = values['user-agent'] as string | undefined;
  if (userAgent !== undefined && (userAgent.trim() === '' || /[\r\n]/.test(userAgent))) throw new UsageError('--user-agent must be one non-empty line');
  const timeout = values.timeout as string | undefined;
  const rules: Partial<Record<RuleCategory, boolean>> = {};
  for (const category of RULE_CATEGORIES) if ((values as Record<string, unknown>)[`no-${category}`]) rules[category] = false;
  return {
    inputs: positionals.length > 0 ? positionals : ['-'],
    output: values.output as string | undefined,
    json: values.json as boolean,
    frontMatter: values['front-matter'] as boolean,
    baseUrl,
    rules,
    article: values.article as boolean,
    keepRules: values['keep-rule'] as string[],
    dataImages,
    render,
    waitFor,
    extraWaitMs: wait === undefined ? undefined : parseMilliseconds(wait, '--wait'),
    timeoutMs: timeout === undefined ? undefined : parseDuration(timeout, '--timeout'),
    userAgent,
    budget: parseBudgetArgs(values),
    help: values.help as boolean,
    version: values.version as boolean,
  };
}
