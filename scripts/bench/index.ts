// npm run bench -- --corpus <dir>: speed and memory of our pipeline (and its stages) against
// parse5 alone and the peers, plus a size-scaling line. The machine is noisy, so: pages are
// loaded first, every measurement runs in a fresh child process after a warm-up pass, the tools
// take turns in interleaved rounds (rotating who goes first), and medians are compared.
import { cpus, loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MIN_BYTES_FOR_TIME_EXPONENT, ratios, scalingRows, summarizeTool, type ToolSummary } from './aggregate';
import type { CorpusOutcome, ScalingOutcome, ScalingShape } from './protocol';
import { overallExponent, ratioLines, scalingTable, speedTable } from './report';
import { runInChild } from './run';
import { BENCH_TOOLS, type BenchToolName } from './tools';

const USAGE = `npm run bench -- --corpus <dir> [options]

  --corpus <dir>       corpus root (with aeb/) or an aeb-like folder of html/*.html.gz
  --rounds <n>         interleaved rounds, each tool once per round in a fresh process (default 5)
  --passes <n>         timed passes per tool per round, after one warm-up pass (default 3)
  --tools <a,b>        subset of: ${BENCH_TOOLS.join(', ')}
  --limit <n>          only the first n pages
  --no-scaling         skip the size-scaling line
  --scaling-only       only the size-scaling line (no corpus needed)
  --max-size <bytes>   largest synthetic page (default 10000000)
  --json               print the summary as JSON (for the README) instead of tables
  --report <file>      full JSON report (default .bench/bench-report.json)`;

const SCALING_SIZES = [10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000];
const SCALING_SHAPES: readonly ScalingShape[] = ['article', 'flat'];
const SHAPE_TITLES: Record<ScalingShape, string> = {
  article: 'one synthetic article (sections of headings, paragraphs, nested lists, tables)',
  flat: 'one synthetic flat page (every block a child of <body>, with scripts, comments, ads, sponsored links, empty spans and link cards among them)',
};

/** Enough runs that small sizes get a stable median, few enough that 10 MB stays quick. */
function scalingRuns(bytes: number): number {
  return Math.min(30, Math.max(2, Math.round(3_000_000 / bytes)));
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a whole number above 0, got "${value}"`);
  return n;
}

function parseBenchArgs(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      corpus: { type: 'string' },
      rounds: { type: 'string' },
      passes: { type: 'string' },
      tools: { type: 'string' },
      limit: { type: 'string' },
      'no-scaling': { type: 'boolean' },
      'scaling-only': { type: 'boolean' },
      'max-size': { type: 'string' },
      json: { type: 'boolean' },
      report: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const tools = (values.tools?.split(',').map((tool) => tool.trim()) ?? [...BENCH_TOOLS]) as BenchToolName[];
  for (const tool of tools) if (!BENCH_TOOLS.includes(tool)) throw new Error(`unknown tool "${tool}"; tools: ${BENCH_TOOLS.join(', ')}`);
  const scalingOnly = values['scaling-only'] ?? false;
  if (!values.help && !scalingOnly && !values.corpus) throw new Error('--corpus <dir> is required (or --scaling-only)');
  return {
    corpus: values.corpus,
    rounds: positiveInt('rounds', values.rounds, 5),
    passes: positiveInt('passes', values.passes, 3),
    tools,
    limit: values.limit === undefined ? undefined : positiveInt('limit', values.limit, 1),
    scaling: !(values['no-scaling'] ?? false),
    scalingOnly,
    maxSize: positiveInt('max-size', values['max-size'], 10_000_000),
    json: values.json ?? false,
    report: values.report ?? '.bench/bench-report.json',
    help: values.help ?? false,
  };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseBenchArgs>;
  try {
    args = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    log(`bench: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const started = performance.now();
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version };
  // With --json the tables are not printed: stdout is the JSON summary alone.
  const print = (line = '') => {
    if (!args.json) console.log(line);
  };
  const loadBefore = loadavg()[0];

  let summaries: ToolSummary[] = [];
  let corpusInfo: { pages: number; megabytes: number } | undefined;
  if (!args.scalingOnly) {
    const rounds = new Map<BenchToolName, CorpusOutcome[]>(args.tools.map((tool) => [tool, []]));
    for (let round = 0; round < args.rounds; round++) {
      // Rotate the order, so no tool always runs right after the same neighbour or first.
      const order = args.tools.map((_, i) => args.tools[(i + round) % args.tools.length]);
      for (const tool of order) {
        log(`round ${round + 1}/${args.rounds}: ${tool}…`);
        const outcome = await runInChild<CorpusOutcome>({
          kind: 'corpus',
          tool,
          corpus: resolve(args.corpus!),
          limit: args.limit,
          warmups: 1,
          passes: args.passes,
        });
        rounds.get(tool)!.push(outcome);
      }
    }
    summaries = args.tools.map((tool) => summarizeTool(tool, rounds.get(tool)!));
    const first = rounds.get(args.tools[0])![0];
    corpusInfo = { pages: first.pageBytes.length, megabytes: first.pageBytes.reduce((a, b) => a + b, 0) / 1e6 };
    print(
      `Corpus: ${resolve(args.corpus!)} — ${corpusInfo.pages} pages, ${corpusInfo.megabytes.toFixed(1)} MB of HTML; ` +
        `${args.rounds} interleaved rounds × ${args.passes} timed pass(es) after 1 warm-up pass, each in a fresh process`,
    );
    print(`Machine: ${machine.cpus} × ${machine.cpu}, Node ${machine.node}; load average ${loadBefore.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} now\n`);
    print(speedTable(summaries));
    print('\nMB/s CPU = MB per second of the process’s CPU time (robust to other load); wall = elapsed time. Medians over passes;');
    print('ms/page: each page’s median over passes, then median and p95 over pages. Stage rows: convert()’s own per-stage');
    print('(wall) timings in the same runs, % = share of the pipeline. Peak RSS includes the loaded corpus (“over loaded” excludes it).');
    for (const summary of summaries) if (summary.firstError) print(`  ${summary.label} first error: ${summary.firstError}`);
    if (Math.max(loadBefore, loadavg()[0]) > machine.cpus) {
      print(`\nNote: the machine was busy (load average above ${machine.cpus}); wall-clock figures are unreliable, CPU-time figures much less affected.`);
    }
  }

  const ours = summaries.find((summary) => summary.tool === 'openscraper');
  const ratioList = ours ? ratios(ours, summaries.filter((summary) => summary !== ours)) : [];
  if (ratioList.length > 0) {
    print('\nRatios of median throughput (ours over theirs; above 1 = ours faster; "rounds" = range of the per-round ratios)');
    print(ratioLines(ratioList));
  }

  const scalingByShape: Record<ScalingShape, ReturnType<typeof scalingRows>> = { article: [], flat: [] };
  const scalingOutcomes: ScalingOutcome[] = [];
  if (args.scaling) {
    for (const shape of SCALING_SHAPES) {
      const outcomes: ScalingOutcome[] = [];
      for (const bytes of SCALING_SIZES.filter((bytes) => bytes <= args.maxSize)) {
        log(`scaling (${shape}): ${bytes} bytes…`);
        outcomes.push(await runInChild<ScalingOutcome>({ kind: 'scaling', shape, bytes, runs: scalingRuns(bytes) }));
      }
      scalingOutcomes.push(...outcomes);
      const rows = scalingRows(outcomes);
      scalingByShape[shape] = rows;
      print(`\nSize scaling: ${SHAPE_TITLES[shape]} grown 10 KB → 10 MB`);
      print('(each size in a fresh process after a warm-up; several runs; node/time budget lifted; growth exponents (1 = linear) from the best CPU time and the RSS growth, against the size 10× smaller)\n');
      print(scalingTable(rows));
      const exponent = overallExponent(rows, MIN_BYTES_FOR_TIME_EXPONENT);
      const parserExponent = overallExponent(rows, MIN_BYTES_FOR_TIME_EXPONENT, 'parse5');
      const flagged = rows.filter((row) => row.superLinear).length;
      print(
        `\nTime growth exponent, ${MIN_BYTES_FOR_TIME_EXPONENT / 1000} KB → largest: ours ${exponent.toFixed(2)}, parse5 alone ${parserExponent.toFixed(2)}; ` +
          `${flagged === 0 ? 'no super-linear step beyond the parser' : `${flagged} super-linear step(s)`}`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  print(`\nBench took ${seconds.toFixed(0)} s`);

  const summary = {
    date: new Date().toISOString(),
    machine,
    corpus: corpusInfo,
    rounds: args.rounds,
    passesPerRound: args.passes,
    tools: Object.fromEntries(
      summaries.map((s) => [
        s.tool,
        {
          cpuMbPerSecond: round2(s.cpu.mbPerSecond),
          wallMbPerSecond: round2(s.wall.mbPerSecond),
          bestWallMbPerSecond: round2(s.wall.bestMbPerSecond),
          cpuMsPerPageMedian: round2(s.cpu.msPerPageMedian),
          cpuMsPerPageP95: round2(s.cpu.msPerPageP95),
          wallMsPerPageMedian: round2(s.wall.msPerPageMedian),
          wallMsPerPageP95: round2(s.wall.msPerPageP95),
          peakRssMb: Math.round(s.peakRssMb),
          ...(s.stages
            ? { stages: Object.fromEntries(Object.entries(s.stages).map(([stage, f]) => [stage, { wallMbPerSecond: round2(f.mbPerSecond), share: round2(f.share) }])) }
            : {}),
        },
      ]),
    ),
    ratios: Object.fromEntries(
      ratioList.map((r) => [
        `openscraper/${r.versus}`,
        { cpu: round2(r.cpu.ratio), cpuRounds: [round2(r.cpu.low), round2(r.cpu.high)], wall: round2(r.wall.ratio), wallRounds: [round2(r.wall.low), round2(r.wall.high)], target: r.target },
      ]),
    ),
    scaling: Object.fromEntries(SCALING_SHAPES.map((shape) => [shape, scalingByShape[shape].map((row) => ({
      bytes: row.bytes,
      wallMs: round2(row.oursMs),
      cpuMs: round2(row.oursCpuMs),
      cpuMsPerMb: Math.round(row.cpuMsPerMb),
      rssGrowthMb: Math.round(row.rssGrowthMb),
      superLinear: row.superLinear,
    }))])),
    loadAverage: { start: round2(loadBefore), end: round2(loadavg()[0]) },
    seconds: Math.round(seconds),
  };
  const reportPath = resolve(args.report);
  mkdirSync(dirname(reportPath), { recursive: true });
  writeFileSync(reportPath, JSON.stringify({ ...summary, summaries, scalingRows: scalingByShape, scalingOutcomes }, null, 2));
  if (args.json) console.log(JSON.stringify(summary, null, 2));
  else console.log(`Report: ${reportPath}`);
  return 0;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
