// Command line of `npm run eval`: what to score and with which convert() options.
import { parseArgs } from 'node:util';
import { RULE_CATEGORIES, rulesOfMode } from '../../src/shared/core';
import type { ConvertMode, ConvertOptions, RuleCategory } from '../../src/shared/core/types';

export const BENCHMARKS = ['aeb', 'trafilatura', 'docs'] as const;
export type BenchmarkName = (typeof BENCHMARKS)[number];
export const MODES: readonly ConvertMode[] = ['default', 'article'];
export const DEFAULT_DOCS_DIR = '/usr/share/doc';

export const EVAL_USAGE = `npm run eval -- --corpus <dir> [options]

  --corpus <dir>            corpus root (with aeb/ and trafilatura/), or one of those folders
  --docs <dir>              where Debian installs documentation (default ${DEFAULT_DOCS_DIR}); the docs guard
                            reads the packages scripts/eval/docs-guard-install.sh installs, and is skipped
                            when none is there
  --docs-pages <n>          docs guard pages per generator (default 30)
  --benchmark <name>        only these benchmarks (repeatable): ${BENCHMARKS.join(', ')}
  --mode <mode>             only this mode of ours (repeatable): ${MODES.join(', ')} (default both)
  --report <file>           JSON report (default .eval/eval-report.json)
  --disable-rule <id>       keep what rule <id> removes (repeatable); ids: ${[...new Set(rulesOfMode('article').map((rule) => rule.id))].join(', ')}
  --disable-category <cat>  switch a rule category off (repeatable): ${RULE_CATEGORIES.join(', ')}
  --per-rule                also score each mode with each of its rules off, one at a time (on aeb and trafilatura)
  --only-ours               skip the peers and the whole-page baseline
  --worst <n>               worst pages to list (default 5)
  --bootstrap <n>           bootstrap samples for the spread (default 1000)
  --limit <n>               only the first n pages of each corpus (for a quick look)`;

export interface EvalArgs {
  corpus: string;
  docs: string;
  docsPages: number;
  benchmarks: ReadonlySet<BenchmarkName>;
  modes: readonly ConvertMode[];
  report: string;
  /** Options shared by every mode (rules switched off); the mode is added per run. */
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

function oneOf<T extends string>(name: string, values: readonly string[] | undefined, allowed: readonly T[]): T[] {
  for (const value of values ?? []) {
    if (!(allowed as readonly string[]).includes(value)) throw new Error(`unknown ${name} "${value}"; ${name}s: ${allowed.join(', ')}`);
  }
  return (values ?? []) as T[];
}

export function parseEvalArgs(argv: readonly string[]): EvalArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      corpus: { type: 'string' },
      docs: { type: 'string' },
      'docs-pages': { type: 'string' },
      benchmark: { type: 'string', multiple: true },
      mode: { type: 'string', multiple: true },
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
  const benchmarks = oneOf('benchmark', values.benchmark, BENCHMARKS);
  const onlyDocs = benchmarks.length > 0 && benchmarks.every((name) => name === 'docs');
  if (!help && !values.corpus && !onlyDocs) throw new Error('--corpus <dir> is required');

  const ruleIds = new Set(rulesOfMode('article').map((rule) => rule.id));
  const disabledRules = values['disable-rule'] ?? [];
  for (const id of disabledRules) {
    if (!ruleIds.has(id)) throw new Error(`unknown rule "${id}"; rules: ${[...ruleIds].join(', ')}`);
  }
  const rules: Partial<Record<RuleCategory, boolean>> = {};
  for (const category of oneOf('category', values['disable-category'], RULE_CATEGORIES)) rules[category] = false;
  const options: ConvertOptions = {
    ...(Object.keys(rules).length > 0 ? { rules } : {}),
    ...(disabledRules.length > 0 ? { keep: { rules: disabledRules } } : {}),
  };
  const modes = oneOf('mode', values.mode, MODES);
  return {
    corpus: values.corpus ?? '',
    docs: values.docs ?? DEFAULT_DOCS_DIR,
    docsPages: positiveInt('docs-pages', values['docs-pages'], 30),
    benchmarks: new Set(benchmarks.length > 0 ? benchmarks : BENCHMARKS),
    modes: modes.length > 0 ? [...new Set(modes)] : MODES,
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
