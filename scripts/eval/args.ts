// Command line of `npm run eval`: what to score and with which convert() options.
import { parseArgs } from 'node:util';
import { DEFAULT_RULES, RULE_CATEGORIES } from '../../src/shared/core';
import type { ConvertOptions, RuleCategory } from '../../src/shared/core/types';

export const EVAL_USAGE = `npm run eval -- --corpus <dir> [options]

  --corpus <dir>            corpus root (with aeb/) or an aeb-like folder: html/<id>.html.gz + ground-truth.json
  --report <file>           JSON report (default .eval/eval-report.json)
  --disable-rule <id>       keep what rule <id> removes (repeatable); ids: ${DEFAULT_RULES.map((rule) => rule.id).join(', ')}
  --disable-category <cat>  switch a rule category off (repeatable): ${RULE_CATEGORIES.join(', ')}
  --per-rule                also score the pipeline with each rule off, one at a time
  --only-ours               skip the peers and the whole-page baseline
  --worst <n>               worst pages to list (default 5)
  --bootstrap <n>           bootstrap samples for the spread (default 1000)
  --limit <n>               only the first n pages (for a quick look)`;

export interface EvalArgs {
  corpus: string;
  report: string;
  options: ConvertOptions;
  perRule: boolean;
  onlyOurs: boolean;
  worst: number;
  bootstrap: number;
  limit?: number;
  help: boolean;
}

function positiveInt(name: string, value: string | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) throw new Error(`--${name} needs a whole number${allowZero ? '' : ' above 0'}, got "${value}"`);
  return n;
}

export function parseEvalArgs(argv: readonly string[]): EvalArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      corpus: { type: 'string' },
      report: { type: 'string' },
      'disable-rule': { type: 'string', multiple: true },
      'disable-category': { type: 'string', multiple: true },
      'per-rule': { type: 'boolean' },
      'only-ours': { type: 'boolean' },
      worst: { type: 'string' },
      bootstrap: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const help = values.help ?? false;
  if (!help && !values.corpus) throw new Error('--corpus <dir> is required');

  const ruleIds = new Set(DEFAULT_RULES.map((rule) => rule.id));
  const disabledRules = values['disable-rule'] ?? [];
  for (const id of disabledRules) {
    if (!ruleIds.has(id)) throw new Error(`unknown rule "${id}"; rules: ${[...ruleIds].join(', ')}`);
  }
  const rules: Partial<Record<RuleCategory, boolean>> = {};
  for (const category of values['disable-category'] ?? []) {
    if (!(RULE_CATEGORIES as readonly string[]).includes(category)) {
      throw new Error(`unknown category "${category}"; categories: ${RULE_CATEGORIES.join(', ')}`);
    }
    rules[category as RuleCategory] = false;
  }
  const options: ConvertOptions = {
    ...(Object.keys(rules).length > 0 ? { rules } : {}),
    ...(disabledRules.length > 0 ? { keep: { rules: disabledRules } } : {}),
  };
  return {
    corpus: values.corpus ?? '',
    report: values.report ?? '.eval/eval-report.json',
    options,
    perRule: values['per-rule'] ?? false,
    onlyOurs: values['only-ours'] ?? false,
    worst: positiveInt('worst', values.worst, 5),
    bootstrap: positiveInt('bootstrap', values.bootstrap, 1000, true),
    limit: values.limit === undefined ? undefined : positiveInt('limit', values.limit, 0),
    help,
  };
}
