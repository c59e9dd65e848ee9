// `openscraper batch` arguments: parsed with node:util's parseArgs, checked, and turned into the
// runner's options. Defaults come from the shared batch settings (fewer at once when rendering).
import { parseArgs } from 'node:util';
import { BATCH_DEFAULTS, BATCH_LIMITS, type BatchSettings, NAME_PLACEHOLDERS, RENDER_DEFAULTS } from '../../shared/batch';
import { RULE_CATEGORIES, type RuleCategory } from '../../shared/core/rules/types';
import { checkTemplate, TemplateError } from '../batch/names';
import type { BudgetLimits } from '../../shared/core/budget';
import { parseDuration, UsageError } from './args';
import { BUDGET_ARG_SPECS, BUDGET_USAGE, parseBudgetArgs } from './budget-args';

export interface BatchCliOptions {
  /** A list file, a sitemap file, a sitemap URL, or "-" (standard input); may be left out with --resume. */
  input?: string;
  output: string;
  resume: boolean;
  settings: BatchSettings;
  userAgent?: string;
  waitFor?: string;
  extraWaitMs?: number;
  rules: Partial<Record<RuleCategory, boolean>>;
  budget: Partial<BudgetLimits>;
  /** Article mode: only each page's main content. */
  article: boolean;
  help: boolean;
}

export const BATCH_USAGE = `Usage: openscraper batch <file|sitemap-url|-> -o <dir> [options]

Loads every URL of a list (one per line, or a CSV with a "url" column; gzip too) or of a sitemap
(a sitemap.xml or sitemap index, a file or a URL) and writes one Markdown file per page into <dir>,
with a manifest (index.json or index.csv) listing every URL: status, final URL, file, bytes, time,
error. A batch that was stopped or killed continues with --resume: nothing is done twice.

Options:
  -o, --output <dir>        the folder for the files (created if missing)
      --resume              continue the batch in <dir> (the input may then be left out;
                            URLs it does not have yet are added, failed ones are tried again)
      --concurrency <n>     pages loaded at once (default ${BATCH_DEFAULTS.concurrency}; ${RENDER_DEFAULTS.concurrency} with --render)
      --per-host <n>        pages loaded at once from one host (default ${BATCH_DEFAULTS.perHost}; ${RENDER_DEFAULTS.perHost} with --render)
      --delay <ms>          least time between two requests to one host (default ${BATCH_DEFAULTS.delayMs})
      --retries <n>         more attempts after a timeout, a reset, HTTP 429 or 5xx (default ${BATCH_DEFAULTS.retries})
      --timeout <seconds>   time allowed to load a page, per attempt (default ${BATCH_DEFAULTS.timeoutMs / 1000}; "500ms" also works)
${BUDGET_USAGE}
      --render              run each page's JavaScript in headless Chromium (one browser for all)
      --wait-for <selector> with --render: wait until this CSS selector matches
      --wait <ms>           with --render: wait this much longer after the page settled
      --user-agent <text>   the User-Agent to send
      --name-template <t>   file names from ${NAME_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}; a "/" makes
                            sub-folders (default "${BATCH_DEFAULTS.nameTemplate}"; e.g. "{host}/{index} {title}")
      --front-matter        start each file with YAML front matter (title, author, date, url)
      --cleaned-html        also write the cleaned HTML beside each Markdown file
      --images              download images into <name>.assets/ and link the Markdown to them
      --overwrite           replace files already in <dir> (default: choose a new name)
      --manifest <json|csv> the manifest's format (default json)
      --article             article mode: only the main content (what it cuts is listed, category "article")
${RULE_CATEGORIES.map((c) => `      --no-${c}`.padEnd(28) + `keep what the "${c}" rules would remove`).join('\n')}
  -h, --help                show this help

Exit status: 0 when every URL was written, 1 when any failed (the manifest lists them) or the batch
was stopped, 2 on a usage error.`;

function wholeNumber(text: string | undefined, option: string, limits: { min: number; max: number }): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(text)) throw new UsageError(`${option} must be a whole number: ${text}`);
  const value = Number(text);
  if (value < limits.min || value > limits.max) throw new UsageError(`${option} must be from ${limits.min} to ${limits.max}: ${text}`);
  return value;
}

export function parseBatchCli(argv: string[]): BatchCliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        output: { type: 'string', short: 'o' },
        resume: { type: 'boolean', default: false },
        concurrency: { type: 'string' },
        'per-host': { type: 'string' },
        delay: { type: 'string' },
        retries: { type: 'string' },
        timeout: { type: 'string' },
        render: { type: 'boolean', default: false },
        'wait-for': { type: 'string' },
        wait: { type: 'string' },
        'user-agent': { type: 'string' },
        'name-template': { type: 'string' },
        'front-matter': { type: 'boolean', default: false },
        'cleaned-html': { type: 'boolean', default: false },
        images: { type: 'boolean', default: false },
        overwrite: { type: 'boolean', default: false },
        manifest: { type: 'string' },
        ...BUDGET_ARG_SPECS,
        article: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        ...Object.fromEntries(RULE_CATEGORIES.map((c) => [`no-${c}`, { type: 'boolean' as const, default: false }])),
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const help = values.help as boolean;
  const rules: Partial<Record<RuleCategory, boolean>> = {};
  for (const category of RULE_CATEGORIES) if ((values as Record<string, unknown>)[`no-${category}`]) rules[category] = false;
  const article = values.article as boolean;
  if (help) return { output: '', resume: false, settings: BATCH_DEFAULTS, rules, article, budget: {}, help };

  if (positionals.length > 1) throw new UsageError(`one input at a time (a list file or a sitemap), not ${positionals.length}`);
  const resume = values.resume as boolean;
  const input = positionals[0];
  if (input === undefined && !resume) throw new UsageError('batch needs a list of URLs or a sitemap (a file, a URL, or "-")');
  const output = values.output as string | undefined;
  if (output === undefined || output.trim() === '') throw new UsageError('batch needs an output folder: -o <dir>');

  const render = values.render as boolean;
  const waitFor = values['wait-for'] as string | undefined;
  const wait = values.wait as string | undefined;
  if (!render && (waitFor !== undefined || wait !== undefined)) throw new UsageError('--wait-for and --wait need --render');
  const manifest = (values.manifest as string | undefined) ?? BATCH_DEFAULTS.manifest;
  if (manifest !== 'json' && manifest !== 'csv') throw new UsageError('--manifest must be "json" or "csv"');
  const userAgent = values['user-agent'] as string | undefined;
  if (userAgent !== undefined && (userAgent.trim() === '' || /[\r\n]/.test(userAgent))) throw new UsageError('--user-agent must be one non-empty line');
  const nameTemplate = (values['name-template'] as string | undefined) ?? BATCH_DEFAULTS.nameTemplate;
  if (nameTemplate.length > BATCH_LIMITS.maxTemplateChars) throw new UsageError(`--name-template is longer than ${BATCH_LIMITS.maxTemplateChars} characters`);
  try {
    checkTemplate(nameTemplate);
  } catch (error) {
    if (error instanceof TemplateError) throw new UsageError(`--name-template: ${error.message}`);
    throw error;
  }
  const timeout = values.timeout as string | undefined;
  const timeoutMs = timeout === undefined ? BATCH_DEFAULTS.timeoutMs : parseDuration(timeout, '--timeout');
  if (timeoutMs < 100 || timeoutMs > BATCH_LIMITS.timeoutMs.max) throw new UsageError(`--timeout must be from 0.1 to ${BATCH_LIMITS.timeoutMs.max / 1000} seconds`);
  const extraWaitMs = wholeNumber(wait, '--wait', { min: 0, max: 120_000 });

  const settings: BatchSettings = {
    concurrency: wholeNumber(values.concurrency as string | undefined, '--concurrency', BATCH_LIMITS.concurrency) ?? (render ? RENDER_DEFAULTS.concurrency : BATCH_DEFAULTS.concurrency),
    perHost: wholeNumber(values['per-host'] as string | undefined, '--per-host', BATCH_LIMITS.perHost) ?? (render ? RENDER_DEFAULTS.perHost : BATCH_DEFAULTS.perHost),
    delayMs: wholeNumber(values.delay as string | undefined, '--delay', BATCH_LIMITS.delayMs) ?? BATCH_DEFAULTS.delayMs,
    retries: wholeNumber(values.retries as string | undefined, '--retries', BATCH_LIMITS.retries) ?? BATCH_DEFAULTS.retries,
    timeoutMs,
    render,
    nameTemplate,
    frontMatter: values['front-matter'] as boolean,
    cleanedHtml: values['cleaned-html'] as boolean,
    images: values.images as boolean,
    overwrite: values.overwrite as boolean,
    manifest,
  };
  return { input, output, resume, settings, userAgent, waitFor, extraWaitMs, rules, article, budget: parseBudgetArgs(values), help };
}
