// Runs one extraction tool over a benchmark's pages and judges each page against its truth.
import type { Benchmark } from './benchmark';
import { bootstrap, type BootstrapSpread, pagePrecision, pageRecall, type PageCounts, type Scores } from './metric';
import type { ExtractionTool } from './tools';

export interface PageResult extends PageCounts {
  id: string;
  url?: string;
  precision: number;
  recall: number;
  /** Characters of plain text the tool produced, and in the ground truth (when the truth is a text). */
  predictedChars: number;
  truthChars: number;
  ms: number;
  /** Set when the tool threw: the page is scored as an empty prediction. */
  error?: string;
}

export interface ToolResult {
  tool: string;
  describe: string;
  scores: Scores;
  spread: BootstrapSpread;
  pages: PageResult[];
  errors: number;
  totalMs: number;
}

export interface ScoreOptions {
  bootstrapSamples?: number;
}

export function scorePages(tool: ExtractionTool, benchmark: Benchmark, options: ScoreOptions = {}): ToolResult {
  const results: PageResult[] = [];
  let totalMs = 0;
  for (const page of benchmark.pages) {
    if (!benchmark.hasTruth(page)) continue;
    const started = performance.now();
    let predicted = '';
    let error: string | undefined;
    try {
      predicted = tool.extract(page.html);
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    }
    const ms = performance.now() - started;
    totalMs += ms;
    const counts = benchmark.judge(page, predicted);
    results.push({
      id: page.id,
      url: page.url,
      ...counts,
      precision: pagePrecision(counts),
      recall: pageRecall(counts),
      predictedChars: predicted.length,
      truthChars: page.truth?.length ?? 0,
      ms,
      ...(error !== undefined ? { error } : {}),
    });
  }
  return {
    tool: tool.name,
    describe: tool.describe,
    scores: benchmark.aggregate(results),
    spread: bootstrap(results, options.bootstrapSamples ?? 1000, 0.95, 1, benchmark.aggregate),
    pages: results,
    errors: results.filter((page) => page.error !== undefined).length,
    totalMs,
  };
}
