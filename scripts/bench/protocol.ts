// What the bench parent asks of a child process, and what the child sends back. Each measurement
// runs in a fresh process, so one tool's heap and JIT state never slow another's.
import type { BenchToolName, Stage } from './tools';

export interface CorpusJob {
  kind: 'corpus';
  tool: BenchToolName;
  corpus: string;
  limit?: number;
  warmups: number;
  passes: number;
}

/** `article`: sections nested in an article; `flat`: every block a sibling of the others in <body>. */
export type ScalingShape = 'article' | 'flat';

export interface ScalingJob {
  kind: 'scaling';
  shape: ScalingShape;
  bytes: number;
  runs: number;
}

export type BenchJob = CorpusJob | ScalingJob;

export interface TimedPass {
  /** Wall-clock and CPU milliseconds for the whole pass. */
  totalMs: number;
  totalCpuMs: number;
  /** Wall-clock and CPU milliseconds per page, in corpus order. */
  pageMs: number[];
  pageCpuMs: number[];
  /** Ours only: wall-clock milliseconds per page in each stage (convert()'s own timings). */
  stageMs?: Record<Stage, number[]>;
  errors: number;
}

export interface CorpusOutcome {
  kind: 'corpus';
  tool: BenchToolName;
  pageBytes: number[];
  passes: TimedPass[];
  /** RSS once the pages are loaded, before any work; and the process's peak RSS. */
  loadedRssMb: number;
  peakRssMb: number;
  firstError?: string;
}

export interface ScalingOutcome {
  kind: 'scaling';
  bytes: number;
  /** Per run: our wall-clock and CPU milliseconds, and parse5's CPU milliseconds on the same page. */
  oursMs: number[];
  oursCpuMs: number[];
  parse5CpuMs: number[];
  /** RSS of the fresh process before its first conversion of the page, and the peak RSS of that conversion. */
  baseRssMb: number;
  peakRssMb: number;
  error?: string;
}

export type BenchOutcome = CorpusOutcome | ScalingOutcome;
