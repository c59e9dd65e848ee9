// A benchmark: pages with their truth, and how one page's output is judged and pages combined.
// Two are known: the article-extraction benchmark (shingles, mean over pages) and trafilatura's
// evaluation pages (segments, counts summed over pages); each metric is its corpus README's.
import type { CorpusPage } from './corpus';
import { aggregate, comparePage, type PageCounts, type Scores } from './metric';
import { aggregateSegments, judgeSegments } from './trafilatura';

export interface Benchmark {
  /** Short name, used in the report: 'aeb' or 'trafilatura'. */
  name: string;
  title: string;
  /** One line: how a page is judged and pages combined. */
  metric: string;
  /** Published figures of other tools on the full set, for the reader (not measured here). */
  published: string;
  /** Every loaded page; only those with a truth are scored. */
  pages: readonly CorpusPage[];
  hasTruth(page: CorpusPage): boolean;
  judge(page: CorpusPage, predicted: string): PageCounts;
  aggregate(pages: readonly PageCounts[], indices?: readonly number[]): Scores;
}

export function aebBenchmark(pages: readonly CorpusPage[]): Benchmark {
  return {
    name: 'aeb',
    title: 'article-extraction benchmark (dev pages)',
    metric: '4-token shingles per page against articleBody; precision and recall averaged over pages',
    published: 'on the full 181-page set: trafilatura 2.0 P 0.938 R 0.978 F1 0.958; Readability.js 0.914 / 0.982 / 0.947; whole page 0.500 / 0.994 / 0.665',
    pages,
    hasTruth: (page) => page.truth !== undefined,
    judge: (page, predicted) => comparePage(page.truth ?? '', predicted),
    aggregate,
  };
}

export function trafilaturaBenchmark(pages: readonly CorpusPage[]): Benchmark {
  return {
    name: 'trafilatura',
    title: "trafilatura's evaluation pages (the half we have)",
    metric: 'segments that must / must not appear in the text; counts summed over pages (tests/eval_common.py)',
    published: 'on all 990 pages: trafilatura 2.2.0 P 0.906 R 0.943 F1 0.924; readability-lxml 0.898 / 0.764 / 0.826; inscriptis (all text) 0.534 / 0.991 / 0.694',
    pages,
    hasTruth: (page) => page.segments !== undefined,
    judge: (page, predicted) => judgeSegments(page.segments ?? { with: [], without: [] }, predicted),
    aggregate: aggregateSegments,
  };
}
