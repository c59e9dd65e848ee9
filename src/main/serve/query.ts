// `openscraper serve`'s query parameters are the CLI's page options, by the same names without the
// dashes (`?render&article&no-ads&keep-rule=…&timeout=10`): one schema, read and checked by the
// same code as the flags, so the server, the CLI and the OpenAPI description cannot drift apart.
import type * as z from 'zod';
import { RULE_CATEGORIES } from '../../shared/core/rules/types';
import { type FlagMeta, flagFields } from '../../shared/options/schema';
import { takeRuleSwitches } from '../../shared/options/convert';
import type { ScrapeOptions } from '../../shared/options/scrape';
import { cliSchema, scrapeOptions } from '../cli/args';
import { parseFlags, UsageError } from '../cli/flags';

/** The page options a request may set. */
export const querySchema = cliSchema.pick({
  render: true,
  waitFor: true,
  extraWaitMs: true,
  timeoutMs: true,
  baseUrl: true,
  articleMode: true,
  keepRules: true,
  frontMatter: true,
  dataImages: true,
  ...(Object.fromEntries(RULE_CATEGORIES.map((category) => [category, true])) as Record<(typeof RULE_CATEGORIES)[number], true>),
});

/** Parameters that are not page options. */
export const RESERVED_PARAMETERS = ['url', 'token'] as const;

const TRUE = /^(?:|1|true|yes|on)$/i;
const FALSE = /^(?:0|false|no|off)$/i;

/** The query parameters, each with the flag it stands for. */
export function queryParameters(): Array<{ key: string; schema: z.ZodType; meta: FlagMeta }> {
  return flagFields(querySchema.shape);
}

/** Query parameters → the Scraper's options; a UsageError names what is wrong. */
export function parseQuery(params: URLSearchParams): ScrapeOptions {
  const fields = new Map(queryParameters().map((field) => [field.meta.flag, field]));
  const argv: string[] = [];
  for (const [name, value] of params) {
    if ((RESERVED_PARAMETERS as readonly string[]).includes(name)) continue;
    const field = fields.get(name);
    if (!field) throw new UsageError(`unknown parameter "${name}" (see /openapi.json)`);
    if (field.meta.arg !== undefined) argv.push(`--${name}=${value}`);
    else if (TRUE.test(value)) argv.push(`--${name}`);
    else if (!FALSE.test(value)) throw new UsageError(`${name} must be true or false: ${value}`);
  }
  const { options, given } = parseFlags(querySchema, argv);
  if (!options.render && (given.waitFor !== undefined || given.extraWaitMs !== undefined)) throw new UsageError('wait-for and wait need render');
  const { rules, rest } = takeRuleSwitches(options);
  // The server's own time limit holds unless the request asks for another.
  const { timeoutMs, ...scrape } = scrapeOptions({ ...rest, rules });
  return given.timeoutMs === undefined ? scrape : { ...scrape, timeoutMs };
}
