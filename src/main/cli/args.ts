// Command-line arguments: parsed with node:util's parseArgs, checked, and turned into typed options.
import { parseArgs } from 'node:util';
import { RULE_CATEGORIES, type RuleCategory } from '../../shared/core/rules/types';

export interface CliOptions {
  inputs: string[];
  output?: string;
  json: boolean;
  frontMatter: boolean;
  baseUrl?: string;
  rules: Partial<Record<RuleCategory, boolean>>;
  keepRules: string[];
  dataImages: 'keep' | 'drop';
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: openscraper [options] <file|->...

Turns HTML into clean Markdown. Reads each file (or standard input for "-" or no input) and
writes Markdown to standard output, or to a file or folder with -o.

Options:
  -o, --output <file|dir>   write to this file; with several inputs, a folder (one file each)
      --json                print the whole result: markdown, removed elements, metadata, stats
      --front-matter        start the Markdown with YAML front matter (title, author, date, url)
      --base-url <url>      make links and images absolute against this URL
${RULE_CATEGORIES.map((c) => `      --no-${c}`.padEnd(28) + `keep what the "${c}" rules would remove`).join('\n')}
      --keep-rule <id>      keep what one rule would remove (repeatable; ids as in --json "removed")
      --data-images <keep|drop>  keep inline data: images (default: drop)
  -h, --help                show this help
  -v, --version             show the version

Exit status: 0 when every input converted, 1 when any failed, 2 on a usage error.`;

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
        'keep-rule': { type: 'string', multiple: true, default: [] },
        'data-images': { type: 'string', default: 'drop' },
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
  const rules: Partial<Record<RuleCategory, boolean>> = {};
  for (const category of RULE_CATEGORIES) if ((values as Record<string, unknown>)[`no-${category}`]) rules[category] = false;
  return {
    inputs: positionals.length > 0 ? positionals : ['-'],
    output: values.output as string | undefined,
    json: values.json as boolean,
    frontMatter: values['front-matter'] as boolean,
    baseUrl,
    rules,
    keepRules: values['keep-rule'] as string[],
    dataImages,
    help: values.help as boolean,
    version: values.version as boolean,
  };
}
