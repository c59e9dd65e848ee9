// Fuzz run (not a test): a thousand hostile documents through the pipeline as the CLI and the app
// run it (each page in a page worker, within its budget), and every output checked.
//
//   npm run fuzz -- [--cases 1000] [--seed 15] [--corpus ../shared/corpus] [--report DIR]
//
// Cases: mutated hostile fragments (mutation-XSS nestings, script URLs, code fences, raw HTML in
// text), real pages from the corpus cut and spliced with payloads (with --corpus), and pages shaped
// to make one stage work too hard, at several sizes. For each: the outcome (converted, stopped by
// the budget, another error, or stopped by the hard limit: a hang), and for what converted: lone
// surrogates in any output, live code in the Markdown as markdown-it renders it with raw HTML on
// and in the cleaned HTML, whether the cleaned HTML parses back to itself, and whether converting
// the cleaned HTML again removes more or changes the Markdown.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { BudgetExceeded, convert } from '../../src/shared/core';
import { serializeDocument } from '../../src/shared/core/dom/serialize';
import { parseHtml } from '../../src/shared/core/parse';
import type { ConvertResult } from '../../src/shared/core/types';
import { PagePool } from '../../src/main/isolation/page-pool';
import { LoadError } from '../../src/main/loaders/source';
import { hostileDocument, mutate } from './hostile';
import { liveCodeIn } from './live-code';
import { PATHOLOGICAL_KINDS, pathologicalPage } from './pathological';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '15' },
    corpus: { type: 'string' },
    report: { type: 'string', default: '.fuzz' },
  },
});
const CASES = Number(values.cases);
const SEED = Number(values.seed);

interface Case {
  kind: string;
  html: string;
}

function corpusPages(folder: string | undefined): string[] {
  if (folder === undefined) return [];
  const dir = join(resolve(folder), 'aeb', 'html');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.gz'))
    .sort()
    .map((name) => gunzipSync(readFileSync(join(dir, name))).toString('utf8'));
}

function cases(): Case[] {
  const pages = corpusPages(values.corpus);
  const random = fc.sample(fc.tuple(hostileDocument, fc.array(fc.nat(), { minLength: 2, maxLength: 12 }), fc.double({ min: 0.05, max: 1, noNaN: true })), { numRuns: CASES, seed: SEED });
  return random.map(([fragment, cuts, scale], i) => {
    const pick = i % 10;
    if (pick < 2) {
      const kind = PATHOLOGICAL_KINDS[i % PATHOLOGICAL_KINDS.length];
      return { kind: `pathological:${kind}`, html: pathologicalPage(kind, scale) };
    }
    if (pick < 5 && pages.length > 0) return { kind: 'corpus-mutated', html: mutate(pages[(i * 7) % pages.length] + fragment, cuts) };
    return { kind: 'hostile', html: fragment };
  });
}

const markdownIt = new MarkdownIt({ html: true });

/** The Markdown without its front matter (from the first line `---` to the next, and the blank line after). */
function withoutFrontMatter(markdown: string): string {
  if (!markdown.startsWith('---\n')) return markdown;
  const end = markdown.indexOf('\n---\n', 3);
  return end === -1 ? markdown : markdown.slice(end + 5).replace(/^\n/, '');
}

function strings(result: ConvertResult): string[] {
  return [result.markdown, result.cleanedHtml, ...result.removed.flatMap((r) => [r.excerpt, r.reason, r.path]), ...Object.values(result.metadata).filter((v): v is string => typeof v === 'string'), ...result.warnings.map((w) => w.message)];
}

interface Findings {
  cases: number;
  converted: number;
  budget: number;
  otherErrors: string[];
  hangs: number;
  memory: number;
  loneSurrogates: number;
  liveMarkdown: string[];
  liveCleanedHtml: string[];
  unstableCleanedHtml: number;
  removesMoreAgain: number;
  markdownChangesAgain: number;
  /** The body the same, the front matter not: metadata read from what cleaning removed (a byline, JSON-LD). */
  frontMatterChangesAgain: number;
  kinds: Record<string, Record<string, number>>;
}

async function main(): Promise<void> {
  const all = cases();
  const pool = new PagePool({ size: 2 });
  const findings: Findings = { cases: all.length, converted: 0, budget: 0, otherErrors: [], hangs: 0, memory: 0, loneSurrogates: 0, liveMarkdown: [], liveCleanedHtml: [], unstableCleanedHtml: 0, removesMoreAgain: 0, markdownChangesAgain: 0, frontMatterChangesAgain: 0, kinds: {} };
  const count = (kind: string, outcome: string) => {
    findings.kinds[kind] ??= {};
    findings.kinds[kind][outcome] = (findings.kinds[kind][outcome] ?? 0) + 1;
  };
  const started = performance.now();
  let done = 0;
  await Promise.all(
    all.map(async ({ kind, html }, index) => {
      let result: ConvertResult;
      // Every other page with front matter, every third with scripts and hidden content kept.
      const options = { frontMatter: index % 2 === 0, rules: index % 3 === 0 ? { unwanted: false, hidden: false } : {} };
      try {
        result = await pool.convert(html, options);
      } catch (error) {
        const message = (error as Error).message;
        if (error instanceof LoadError && error.code === 'budget') {
          if (/ran past .* and was stopped/.test(message)) findings.hangs++;
          else if (/more memory/.test(message)) findings.memory++;
          else findings.budget++;
        } else findings.otherErrors.push(`${kind} #${index}: ${message}`);
        count(kind, error instanceof LoadError ? error.code : 'error');
        return;
      } finally {
        if (++done % 100 === 0) process.stderr.write(`${done}/${all.length}\n`);
      }
      findings.converted++;
      count(kind, 'converted');
      if (strings(result).some((text) => !text.isWellFormed())) findings.loneSurrogates++;
      const liveMd = liveCodeIn(markdownIt.render(result.markdown), 'fragment');
      if (liveMd.length > 0) findings.liveMarkdown.push(`${kind} #${index}: ${liveMd[0]}`);
      const liveHtml = liveCodeIn(result.cleanedHtml);
      if (liveHtml.length > 0) findings.liveCleanedHtml.push(`${kind} #${index}: ${liveHtml[0]}`);
      if (serializeDocument(parseHtml(result.cleanedHtml)) !== result.cleanedHtml) findings.unstableCleanedHtml++;
      try {
        const again = convert(result.cleanedHtml, options);
        if (again.removed.length > 0) findings.removesMoreAgain++;
        if (withoutFrontMatter(again.markdown) !== withoutFrontMatter(result.markdown)) {
          findings.markdownChangesAgain++;
          count(kind, 'markdown changes again');
        } else if (again.markdown !== result.markdown) findings.frontMatterChangesAgain++;
      } catch (error) {
        if (!(error instanceof BudgetExceeded)) findings.otherErrors.push(`${kind} #${index} (again): ${(error as Error).message}`);
      }
    }),
  );
  await pool.close();
  const seconds = (performance.now() - started) / 1000;
  mkdirSync(values.report!, { recursive: true });
  const file = join(values.report!, `fuzz-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ seed: SEED, seconds, ...findings }, null, 2)}\n`);
  const line = (label: string, value: number | string) => console.log(`${label.padEnd(52)} ${value}`);
  line('cases', findings.cases);
  line('converted', findings.converted);
  line('stopped by the budget (BudgetExceeded)', findings.budget);
  line('stopped for memory (worker heap)', findings.memory);
  line('hangs (stopped by the hard limit)', findings.hangs);
  line('other exceptions', findings.otherErrors.length);
  line('outputs with lone surrogates', findings.loneSurrogates);
  line('Markdown with live code (markdown-it, html: true)', findings.liveMarkdown.length);
  line('cleaned HTML with live code', findings.liveCleanedHtml.length);
  line('cleaned HTML that does not parse back to itself', findings.unstableCleanedHtml);
  line('converted again: more removed', findings.removesMoreAgain);
  line('converted again: different Markdown (body)', findings.markdownChangesAgain);
  line('converted again: different front matter only', findings.frontMatterChangesAgain);
  line('seconds', seconds.toFixed(1));
  for (const sample of [...findings.otherErrors, ...findings.liveMarkdown, ...findings.liveCleanedHtml].slice(0, 10)) console.log(`  ${sample}`);
  for (const [kind, outcomes] of Object.entries(findings.kinds).sort()) console.log(`  ${kind}: ${JSON.stringify(outcomes)}`);
  console.log(`report: ${file}`);
}

await main();
