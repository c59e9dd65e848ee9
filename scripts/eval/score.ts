// Runs one extraction tool over the pages and scores each page against its ground truth.
import type { CorpusPage } from './corpus';
import { aggregate, bootstrap, type BootstrapSpread, comparePage, pagePrecision, pageRecall, type PageCounts, type Scores } from './metric';
import type { ExtractionTool } from './tools';

export interface PageResult extends PageCounts {
  id: string;
  url?: string;
  precision: number;
  recall: number;
  /** Characters of plain text the tool produced, and in the ground truth. */
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

export function scorePages(tool: ExtractionTool, pages: readonly CorpusPage[], options: ScoreOptions = {}): ToolResult {
  const results: PageResult[] = [];
  let totalMs = 0;
  for (const page of pages) {
    if (page.truth === undefined) continue;
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
    const counts = comparePage(page.truth, predicted);
    results.push({
      id: page.id,
      url: page.url,
      ...counts,
      precision: pagePrecision(counts),
      recall: pageRecall(counts),
      predictedChars: predicted.length,
      truthChars: page.truth.length,
      ms,
      ...(error !== undefined ? { error } : {}),
    });
  }
  return {
    tool: tool.name,
    describe: tool.describe,
    scores: aggregate(results),
    spread: bootstrap(results, options.bootstrapSamples ?? 1000),
    pages: results,
    errors: results.filter((page) => page.error !== undefined).length,
    totalMs,
  };
}
