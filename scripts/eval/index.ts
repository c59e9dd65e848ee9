// npm run eval -- --corpus <dir>: extraction quality of our pipeline and its peers on an
// article-extraction corpus, with the benchmark's shingle metric. See args.ts for the options.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { EVAL_USAGE, parseEvalArgs } from './args';
import { loadCorpus } from './corpus';
import { perRuleImpact, PAGE_DELTA } from './per-rule';
import { perRuleTable, scoresTable, worstPagesTable } from './report';
import { scorePages, type ToolResult } from './score';
import { OURS, oursTool, peerTools, wholePageTool } from './tools';

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function main(): number {
  let args;
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

  let pages;
  try {
    pages = loadCorpus(args.corpus, { limit: args.limit });
  } catch (error) {
    log(`eval: ${(error as Error).message}`);
    return 2;
  }
  const scored = pages.filter((page) => page.truth !== undefined).length;
  const megabytes = pages.reduce((sum, page) => sum + page.bytes, 0) / 1e6;
  console.log(`Corpus: ${resolve(args.corpus)} — ${pages.length} pages (${megabytes.toFixed(1)} MB), ${scored} with ground truth`);
  console.log(`Our options: ${JSON.stringify(args.options)}`);

  const tools = args.onlyOurs ? [oursTool(args.options)] : [wholePageTool(), oursTool(args.options), ...peerTools()];
  const results: ToolResult[] = [];
  for (const tool of tools) {
    log(`scoring ${tool.name}…`);
    results.push(scorePages(tool, pages, { bootstrapSamples: args.bootstrap }));
  }

  const ours = results.find((result) => result.tool === OURS)!;
  const spread = `${Math.round(ours.spread.coverage * 100)}% bootstrap interval over pages, ${ours.spread.samples} samples`;
  console.log(`\nExtraction quality (shingle metric; mean per page; [${spread}])\n`);
  console.log(scoresTable(results));
  console.log('\nTools:');
  for (const tool of tools) console.log(`  ${tool.name}: ${tool.describe}`);

  console.log(`\nOurs — worst pages by precision\n`);
  console.log(worstPagesTable(ours.pages, 'precision', args.worst));
  console.log(`\nOurs — worst pages by recall\n`);
  console.log(worstPagesTable(ours.pages, 'recall', args.worst));

  let perRule: ReturnType<typeof perRuleImpact> | undefined;
  if (args.perRule) {
    log('per-rule: scoring the base options, then each rule kept…');
    perRule = perRuleImpact(pages, args.options, log);
    const base = perRule.base.scores;
    console.log(`\nPer rule: the pipeline without each rule (keep.rules = [id]); with every rule: P ${base.precision.toFixed(3)}, R ${base.recall.toFixed(3)}`);
    console.log(`"R cost" = recall without the rule − recall with it; "pages R cost" = pages whose recall rises by > ${PAGE_DELTA} without it\n`);
    console.log(perRuleTable(perRule.rules));
    const costly = perRule.rules.filter((impact) => impact.pagesLosingRecall.length > 0);
    for (const impact of costly) {
      const list = impact.pagesLosingRecall
        .slice(0, 5)
        .map((page) => `${page.id.slice(0, 12)} (${page.recallWith.toFixed(3)}→${page.recallWithout.toFixed(3)})`)
        .join(', ');
      console.log(`  ${impact.rule} costs recall on: ${list}${impact.pagesLosingRecall.length > 5 ? ', …' : ''}`);
    }
  }

  const reportPath = resolve(args.report);
  mkdirSync(dirname(reportPath), { recursive: true });
  writeFileSync(
    reportPath,
    JSON.stringify(
      {
        corpus: resolve(args.corpus),
        date: new Date().toISOString(),
        options: args.options,
        pages: pages.length,
        megabytes,
        tools: results,
        ...(perRule ? { perRule: { base: perRule.base.scores, rules: perRule.rules } } : {}),
      },
      null,
      2,
    ),
  );
  console.log(`\nReport: ${reportPath}`);
  return 0;
}

process.exitCode = main();
