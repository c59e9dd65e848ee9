// npm run eval -- --corpus <dir>: extraction quality of both our modes and our peers, on the
// article-extraction benchmark and trafilatura's evaluation pages (each with its own metric), and
// the docs guard (documentation pages of other generators: how much of their content we keep).
// See args.ts for the options.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ConvertMode, RuleCategory } from '../../src/shared/core/types';
import { EVAL_USAGE, type EvalArgs, parseEvalArgs } from './args';
import { aebBenchmark, type Benchmark, trafilaturaBenchmark } from './benchmark';
import { loadCorpus, resolveAebDirOrNull } from './corpus';
import { docsGuardTable, loadDocsGuard, runDocsGuard } from './docs-guard';
import { perRuleImpact, PAGE_DELTA, type RuleImpact } from './per-rule';
import { perRuleTable, scoresTable, worstPagesTable } from './report';
import { scorePages, type ToolResult } from './score';
import { loadTrafilatura, resolveTrafilaturaDir } from './trafilatura';
import { oursName, oursTool, peerTools, wholePageTool } from './tools';

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function loadBenchmarks(args: EvalArgs): Benchmark[] {
  const benchmarks: Benchmark[] = [];
  if (args.benchmarks.has('aeb')) {
    const dir = resolveAebDirOrNull(args.corpus);
    if (dir !== null) benchmarks.push(aebBenchmark(loadCorpus(dir, { limit: args.limit })));
  }
  if (args.benchmarks.has('trafilatura')) {
    const dir = resolveTrafilaturaDir(args.corpus);
    if (dir !== null) benchmarks.push(trafilaturaBenchmark(loadTrafilatura(dir, { limit: args.limit })));
  }
  return benchmarks;
}

interface BenchmarkReport {
  benchmark: string;
  pages: number;
  megabytes: number;
  tools: ToolResult[];
  perRule?: Record<string, { base: ToolResult['scores']; rules: RuleImpact[] }>;
}

function printPerRule(mode: ConvertMode, result: { base: ToolResult; rules: RuleImpact[] }): void {
  const base = result.base.scores;
  console.log(`\nPer rule, ${mode} mode: the pipeline without each rule (keep.rules = [id]); with every rule: P ${base.precision.toFixed(3)}, R ${base.recall.toFixed(3)}, F1 ${base.f1.toFixed(3)}`);
  console.log(`"P gain" = precision with the rule − without it; "R cost" = recall without − with; "pages R cost" = pages whose recall rises by > ${PAGE_DELTA} without it\n`);
  console.log(perRuleTable(result.rules));
  for (const impact of result.rules.filter((rule) => rule.pagesLosingRecall.length > 0)) {
    const list = impact.pagesLosingRecall
      .slice(0, 5)
      .map((page) => `${page.id.slice(0, 24)} (${page.recallWith.toFixed(3)}→${page.recallWithout.toFixed(3)})`)
      .join(', ');
    console.log(`  ${impact.rule} costs recall on: ${list}${impact.pagesLosingRecall.length > 5 ? ', …' : ''}`);
  }
}

function evaluate(benchmark: Benchmark, args: EvalArgs): BenchmarkReport {
  const scored = benchmark.pages.filter((page) => benchmark.hasTruth(page)).length;
  const megabytes = benchmark.pages.reduce((sum, page) => sum + page.bytes, 0) / 1e6;
  console.log(`\n## ${benchmark.title} — ${benchmark.pages.length} pages (${megabytes.toFixed(1)} MB), ${scored} with a truth`);
  console.log(`Metric: ${benchmark.metric}`);
  console.log(`Published: ${benchmark.published}`);

  const ours = args.modes.map((mode) => oursTool({ ...args.options, mode }));
  const tools = args.onlyOurs ? ours : [wholePageTool(), ...ours, ...peerTools()];
  const results: ToolResult[] = [];
  for (const tool of tools) {
    log(`${benchmark.name}: scoring ${tool.name}…`);
    results.push(scorePages(tool, benchmark, { bootstrapSamples: args.bootstrap }));
  }
  const first = results.find((result) => result.spread.samples > 0);
  const spread = first ? `; [${Math.round(first.spread.coverage * 100)}% bootstrap interval over pages, ${first.spread.samples} samples]` : '';
  console.log(`\nExtraction quality${spread}\n`);
  console.log(scoresTable(results));
  console.log('\nTools:');
  for (const tool of tools) console.log(`  ${tool.name}: ${tool.describe}`);

  for (const mode of args.modes) {
    const mine = results.find((result) => result.tool === oursName(mode))!;
    console.log(`\n${mine.tool} — worst pages by precision\n`);
    console.log(worstPagesTable(mine.pages, 'precision', args.worst));
    console.log(`\n${mine.tool} — worst pages by recall\n`);
    console.log(worstPagesTable(mine.pages, 'recall', args.worst));
  }

  const report: BenchmarkReport = { benchmark: benchmark.name, pages: benchmark.pages.length, megabytes, tools: results };
  if (args.perRule) {
    report.perRule = {};
    for (const mode of args.modes) {
      log(`${benchmark.name}: per rule, ${mode} mode…`);
      // Article mode measures its own rules; the default ones are measured in default mode.
      const only: ReadonlySet<RuleCategory> | undefined = mode === 'article' ? new Set(['article']) : undefined;
      const impact = perRuleImpact(benchmark, { ...args.options, mode }, log, only);
      printPerRule(mode, impact);
      report.perRule[mode] = { base: impact.base.scores, rules: impact.rules };
    }
  }
  return report;
}

function main(): number {
  let args: EvalArgs;
  try {
    args = parseEvalArgs(process.argv.slice(2));
  } catch (error) {
    log(`eval: ${(error as Error).message}\n\n${EVAL_USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(EVAL_USAGE);
    return 0;
  }

  let benchmarks: Benchmark[];
  try {
    benchmarks = args.corpus === '' ? [] : loadBenchmarks(args);
  } catch (error) {
    log(`eval: ${(error as Error).message}`);
    return 2;
  }
  const wantsCorpus = args.benchmarks.has('aeb') || args.benchmarks.has('trafilatura');
  if (wantsCorpus && args.corpus !== '' && benchmarks.length === 0) {
    log(`eval: no aeb/ or trafilatura/ corpus in ${resolve(args.corpus)}: pass the corpus folder, e.g. --corpus ../shared/corpus`);
    return 2;
  }
  console.log(`Corpus: ${args.corpus === '' ? '(none)' : resolve(args.corpus)}; our options besides the mode: ${JSON.stringify(args.options)}`);

  const reports = benchmarks.map((benchmark) => evaluate(benchmark, args));

  let docs: ReturnType<typeof runDocsGuard> | undefined;
  if (args.benchmarks.has('docs')) {
    const guard = loadDocsGuard(args.docs, args.docsPages);
    if (guard.generators.length === 0) {
      console.log(`\n## Docs guard — skipped: no documentation package found under ${guard.root} (install them with: sudo bash scripts/eval/docs-guard-install.sh)`);
    } else {
      log('docs guard: converting…');
      docs = runDocsGuard(guard, args.modes.map((mode) => ({ ...args.options, mode })), !args.onlyOurs);
      console.log(`\n## Docs guard — documentation of other generators (${guard.root}), up to ${args.docsPages} pages each`);
      console.log('Truth: the text inside each generator\'s own content region. "kept" = share of its 4-word shingles found in the output;');
      console.log('"cells" = share of the region\'s data-table cells whose words appear in order in the output.\n');
      console.log(docsGuardTable(docs));
      if (guard.missing.length > 0) console.log(`\nNot installed here: ${guard.missing.join(', ')}`);
      for (const line of docs.notes) console.log(line);
    }
  }

  const reportPath = resolve(args.report);
  mkdirSync(dirname(reportPath), { recursive: true });
  writeFileSync(
    reportPath,
    JSON.stringify({ corpus: args.corpus === '' ? null : resolve(args.corpus), date: new Date().toISOString(), options: args.options, benchmarks: reports, docs }, null, 2),
  );
  console.log(`\nReport: ${reportPath}`);
  return 0;
}

process.exitCode = main();
