// From raw child measurements to the figures the bench prints: medians across passes, ratios of
// medians (and per-round paired ratios, which cancel slow drift of the machine), growth exponents.
// Two clocks: wall time (what a user waits) and CPU time of the process (what the work costs; it
// hardly moves when other processes compete for the cores, so ratios and growth are judged on it).
import type { CorpusOutcome, ScalingOutcome, TimedPass } from './protocol';
import { elementwiseMedian, growthExponent, median, quantile } from './stats';
import { type BenchToolName, STAGES, type Stage, TOOL_LABELS } from './tools';

const MB = 1e6; // throughput in MB of HTML per second, decimal as the issue states it

export interface Figures {
  /** MB/s: median over timed passes, and the best pass. */
  mbPerSecond: number;
  bestMbPerSecond: number;
  /** Per page: its median time over passes; then the median and 95th percentile over pages. */
  msPerPageMedian: number;
  msPerPageP95: number;
}

export type Clock = 'cpu' | 'wall';

export interface ToolSummary {
  tool: BenchToolName;
  label: string;
  passes: number;
  cpu: Figures;
  wall: Figures;
  /** Median throughput of each round (each round is one fresh child process), per clock. */
  roundMbPerSecond: Record<Clock, number[]>;
  peakRssMb: number;
  loadedRssMb: number;
  errors: number;
  firstError?: string;
  /** Ours: wall-clock figures of each stage, and its share of the pipeline's wall time. */
  stages?: Record<Stage, Figures & { share: number }>;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function throughput(totalBytes: number, ms: number): number {
  return totalBytes / MB / (ms / 1000);
}

function figures(totalBytes: number, passTotals: readonly number[], pageRuns: readonly (readonly number[])[]): Figures {
  const throughputs = passTotals.map((ms) => throughput(totalBytes, ms));
  const perPage = elementwiseMedian(pageRuns);
  return {
    mbPerSecond: median(throughputs),
    bestMbPerSecond: Math.max(...throughputs),
    msPerPageMedian: median(perPage),
    msPerPageP95: quantile(perPage, 0.95),
  };
}

const clockOf = {
  cpu: (pass: TimedPass) => ({ total: pass.totalCpuMs, pages: pass.pageCpuMs }),
  wall: (pass: TimedPass) => ({ total: pass.totalMs, pages: pass.pageMs }),
};

export function summarizeTool(tool: BenchToolName, rounds: readonly CorpusOutcome[]): ToolSummary {
  const totalBytes = sum(rounds[0].pageBytes);
  const passes = rounds.flatMap((round) => round.passes);
  const clockFigures = (clock: Clock) =>
    figures(
      totalBytes,
      passes.map((pass) => clockOf[clock](pass).total),
      passes.map((pass) => clockOf[clock](pass).pages),
    );
  const roundThroughput = (clock: Clock) =>
    rounds.map((round) => median(round.passes.map((pass) => throughput(totalBytes, clockOf[clock](pass).total))));
  const firstError = rounds.find((round) => round.firstError)?.firstError;
  const summary: ToolSummary = {
    tool,
    label: TOOL_LABELS[tool],
    passes: passes.length,
    cpu: clockFigures('cpu'),
    wall: clockFigures('wall'),
    roundMbPerSecond: { cpu: roundThroughput('cpu'), wall: roundThroughput('wall') },
    peakRssMb: median(rounds.map((round) => round.peakRssMb)),
    loadedRssMb: median(rounds.map((round) => round.loadedRssMb)),
    errors: Math.max(...passes.map((pass) => pass.errors)),
    ...(firstError !== undefined ? { firstError } : {}),
  };
  if (passes.every((pass) => pass.stageMs !== undefined)) {
    const wholeMs = median(passes.map((pass) => pass.totalMs));
    summary.stages = Object.fromEntries(
      STAGES.map((stage) => {
        const stageTotals = passes.map((pass) => sum(pass.stageMs![stage]));
        const stageFigures = figures(totalBytes, stageTotals, passes.map((pass) => pass.stageMs![stage]));
        return [stage, { ...stageFigures, share: median(stageTotals) / wholeMs }];
      }),
    ) as Record<Stage, Figures & { share: number }>;
  }
  return summary;
}

export interface ClockRatio {
  /** Our median throughput over theirs: above 1, ours is faster. */
  ratio: number;
  /** The ratio within each round (same machine state): smallest and largest. */
  low: number;
  high: number;
}

export interface Ratio {
  versus: BenchToolName;
  cpu: ClockRatio;
  wall: ClockRatio;
  target?: number;
}

export const TARGETS: Partial<Record<BenchToolName, number>> = { 'turndown+gfm': 2, parse5: 0.5 };

function clockRatio(ours: ToolSummary, other: ToolSummary, clock: Clock): ClockRatio {
  const paired = ours.roundMbPerSecond[clock].map((value, round) => value / other.roundMbPerSecond[clock][round]).filter(Number.isFinite);
  return { ratio: ours[clock].mbPerSecond / other[clock].mbPerSecond, low: Math.min(...paired), high: Math.max(...paired) };
}

export function ratios(ours: ToolSummary, others: readonly ToolSummary[]): Ratio[] {
  return others.map((other) => ({
    versus: other.tool,
    cpu: clockRatio(ours, other, 'cpu'),
    wall: clockRatio(ours, other, 'wall'),
    ...(TARGETS[other.tool] !== undefined ? { target: TARGETS[other.tool] } : {}),
  }));
}

export interface ScalingRow {
  bytes: number;
  /** Our median wall time, and best CPU time of the runs (growth is judged on the latter). */
  oursMs: number;
  oursCpuMs: number;
  cpuMsPerMb: number;
  parse5CpuMs: number;
  peakRssMb: number;
  /** Peak RSS above the RSS before the first conversion: the memory this page's conversion needed. */
  rssGrowthMb: number;
  /** Growth exponents from the size ten times smaller (1 = linear), when both are large enough to tell. */
  timeExponent?: number;
  /** The same for parse5 alone: the floor, whose own growth (the garbage collector's, mostly) we share. */
  parse5Exponent?: number;
  memoryExponent?: number;
  superLinear: boolean;
  error?: string;
}

/** Below these sizes fixed costs (and timer and RSS granularity) dominate: no exponent starts there. */
export const MIN_BYTES_FOR_TIME_EXPONENT = 100_000;
export const MIN_BYTES_FOR_MEMORY_EXPONENT = 300_000;
/**
 * Growth is measured against the size about ten times smaller: over a tenfold step, ±30% noise
 * moves the exponent by about ±0.1, where over a threefold step it moves it by ±0.25.
 */
export const EXPONENT_SPAN = 10;
/** Exponents above this are flagged. */
export const SUPER_LINEAR_EXPONENT = 1.25;
/**
 * Time growth counts as ours only beyond the parser's: from 100 KB to 1 MB parse5 alone grows with
 * an exponent of about 1.4 here (pages stop dying young and the collector promotes them), and any
 * pipeline built on it shares that step.
 */
export const BEYOND_PARSER_EXPONENT = 0.25;

function tenfoldSmaller<T extends { bytes: number }>(rows: readonly T[], bytes: number, minBytes: number): T | undefined {
  return rows.find((row) => row.bytes >= minBytes && Math.abs(Math.log(bytes / row.bytes / EXPONENT_SPAN)) < Math.log(1.5));
}

export function scalingRows(outcomes: readonly ScalingOutcome[]): ScalingRow[] {
  const rows: ScalingRow[] = [];
  for (const outcome of outcomes) {
    const oursCpuMs = outcome.oursCpuMs.length > 0 ? Math.min(...outcome.oursCpuMs) : Number.NaN;
    const rssGrowthMb = Math.max(0, outcome.peakRssMb - outcome.baseRssMb);
    const timeBase = tenfoldSmaller(rows, outcome.bytes, MIN_BYTES_FOR_TIME_EXPONENT);
    const memoryBase = tenfoldSmaller(rows, outcome.bytes, MIN_BYTES_FOR_MEMORY_EXPONENT);
    const timeExponent = timeBase ? growthExponent(timeBase.bytes, timeBase.oursCpuMs, outcome.bytes, oursCpuMs) : undefined;
    const parse5CpuMs = Math.min(...outcome.parse5CpuMs);
    const parse5Exponent = timeBase ? growthExponent(timeBase.bytes, timeBase.parse5CpuMs, outcome.bytes, parse5CpuMs) : undefined;
    const timeSuperLinear = timeExponent !== undefined && timeExponent > SUPER_LINEAR_EXPONENT && timeExponent - (parse5Exponent ?? 1) > BEYOND_PARSER_EXPONENT;
    const memoryExponent = memoryBase ? growthExponent(memoryBase.bytes, memoryBase.rssGrowthMb, outcome.bytes, rssGrowthMb) : undefined;
    rows.push({
      bytes: outcome.bytes,
      oursMs: median(outcome.oursMs),
      oursCpuMs,
      cpuMsPerMb: oursCpuMs / (outcome.bytes / MB),
      parse5CpuMs,
      peakRssMb: outcome.peakRssMb,
      rssGrowthMb,
      ...(timeExponent !== undefined ? { timeExponent } : {}),
      ...(parse5Exponent !== undefined ? { parse5Exponent } : {}),
      ...(memoryExponent !== undefined ? { memoryExponent } : {}),
      superLinear: timeSuperLinear || (memoryExponent ?? 0) > SUPER_LINEAR_EXPONENT,
      ...(outcome.error ? { error: outcome.error } : {}),
    });
  }
  return rows;
}
