// npm run fidelity [-- --corpus <dir>] [--show-failures [section|id]]: the Markdown round trip on
// the CommonMark spec and the GFM examples, for our converter and turndown + gfm.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { commonmarkExamples, type Example, gfmExamples, resolveSpecDir } from './examples';
import { OURS, oursConverter, turndownConverter } from './converters';
import { describeFailure, sectionTable, summaryTable } from './report';
import { runRoundTrips } from './round-trip';
import { failuresBySection, summarize } from './summary';

const USAGE = `npm run fidelity -- [options]

  --corpus <dir>                 folder with markdown-spec/gfm-*.json (default ../shared/corpus when present)
  --show-failures [section|id]   print our failing examples (all, those of a section, or one id like cm-123)
  --only-ours                    skip turndown + gfm
  --report <file>                JSON report (default .eval/fidelity-report.json)`;

interface FidelityArgs {
  corpus?: string;
  showFailures: boolean;
  failureFilter?: string;
  onlyOurs: boolean;
  report: string;
  help: boolean;
}

// Hand-rolled: --show-failures takes an optional value, which node:util parseArgs cannot express.
function parseFidelityArgs(argv: readonly string[]): FidelityArgs {
  const args: FidelityArgs = { showFailures: false, onlyOurs: false, report: '.eval/fidelity-report.json', help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--corpus') args.corpus = value();
    else if (arg === '--report') args.report = value();
    else if (arg === '--only-ours') args.onlyOurs = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg === '--show-failures') {
      args.showFailures = true;
      if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) args.failureFilter = argv[++i];
    } else throw new Error(`unknown argument "${arg}"`);
  }
  return args;
}

function matchesFilter(example: Example, filter: string | undefined): boolean {
  if (filter === undefined) return true;
  const wanted = filter.toLowerCase();
  return example.id === wanted || example.section.toLowerCase().includes(wanted);
}

function main(): number {
  let args: FidelityArgs;
  try {
    args = parseFidelityArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`fidelity: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }

  const corpus = args.corpus ?? (existsSync('../shared/corpus') ? '../shared/corpus' : undefined);
  const specDir = corpus === undefined ? null : resolveSpecDir(corpus);
  if (args.corpus !== undefined && specDir === null) {
    process.stderr.write(`fidelity: no gfm-spec.json in ${args.corpus} or ${args.corpus}/markdown-spec\n`);
    return 2;
  }
  const examples = [...commonmarkExamples(), ...(specDir ? gfmExamples(specDir) : [])];
  const gfmCount = examples.filter((example) => example.suite === 'gfm').length;
  console.log(`Examples: ${examples.length - gfmCount} CommonMark 0.31.2 (commonmark-spec, rendered by commonmark.js)`);
  console.log(
    specDir
      ? `          ${gfmCount} GFM extension examples (${resolve(specDir)}, rendered by micromark + GFM)`
      : '          no GFM examples: pass --corpus <dir> with markdown-spec/gfm-*.json',
  );

  const converters = args.onlyOurs ? [oursConverter()] : [oursConverter(), turndownConverter()];
  const results = runRoundTrips(examples, converters);
  const summaries = converters.map((converter) => summarize(converter.name, results.get(converter.name)!));
  const ours = results.get(OURS)!;

  if (args.showFailures) {
    const failing = ours.filter((result) => (!result.pass || result.addedRawHtml) && matchesFilter(result.example, args.failureFilter));
    console.log(`\nOur failing examples${args.failureFilter ? ` matching "${args.failureFilter}"` : ''}: ${failing.length}\n`);
    for (const result of failing) console.log(describeFailure(result));
  }

  console.log('\nRound trip: Markdown → reference HTML → converter → Markdown → same renderer; normalised HTML compared');
  console.log('core = examples whose Markdown has no raw HTML, passed with Markdown only\n');
  console.log(summaryTable(summaries));
  console.log('\nConverters:');
  for (const converter of converters) console.log(`  ${converter.name}: ${converter.describe}`);
  console.log('\nPer section (passes/examples; core: Markdown-only passes/core examples)\n');
  console.log(sectionTable(summaries));

  console.log('\nOur failures by section (* = the example has raw HTML; (html) = passed only via raw HTML in our output)\n');
  for (const [section, numbers] of failuresBySection(ours)) console.log(`  ${section}: ${numbers.join(' ')}`);

  const reportPath = resolve(args.report);
  mkdirSync(dirname(reportPath), { recursive: true });
  writeFileSync(
    reportPath,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        examples: examples.length,
        summaries: summaries.map((summary) => ({ ...summary, bySection: Object.fromEntries(summary.bySection) })),
        failures: Object.fromEntries(
          [...results].map(([name, list]) => [name, list.filter((result) => !result.pass || result.addedRawHtml)]),
        ),
      },
      null,
      2,
    ),
  );
  console.log(`\nReport: ${reportPath}`);
  return 0;
}

// `npm run fidelity -- --show-failures | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.exitCode = main();
