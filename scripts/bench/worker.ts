// A bench child process: runs one job (see protocol.ts) and sends its measurements to the parent.
// Started by run.ts with --expose-gc: the heap is collected once, after the corpus is loaded.
import { parse } from 'parse5';
import { convert } from '../../src/shared/core';
import { loadCorpus } from '../eval/corpus';
import type { BenchJob, CorpusJob, CorpusOutcome, ScalingJob, ScalingOutcome, TimedPass } from './protocol';
import { syntheticPage } from './synthetic';
import { createBenchTool, STAGES, type Stage } from './tools';

const MB = 1024 * 1024;

/**
 * A full collection, then a pause: V8 sweeps and frees in background threads after gc() returns,
 * and that work would otherwise be billed (in CPU and wall time) to whatever is measured next.
 */
async function settle(): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

const SETTLE_MS = 30;

/** CPU time of this process (all its threads) since `since`, in ms: unlike wall time, it barely
 *  moves when other processes compete for the cores. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function peakRssMb(): number {
  return (process.resourceUsage().maxRSS * 1024) / MB; // maxRSS is in kilobytes
}

async function runCorpus(job: CorpusJob): Promise<CorpusOutcome> {
  const pages = loadCorpus(job.corpus, { limit: job.limit });
  // One collection, before the warm-up, so no tool pays for loading the corpus. None between passes:
  // gc() shrinks V8's young generation, and the pass after it ran every tool at about half its
  // steady-state speed (parse5 alone: 15 MB/s of CPU instead of 32), the more so the more a tool
  // allocates. Callers convert page after page without collecting in between: that is what is timed.
  await settle();
  const loadedRssMb = process.memoryUsage().rss / MB;
  const run = createBenchTool(job.tool);
  const staged = job.tool === 'openscraper';
  let firstError: string | undefined;

  const pass = async (): Promise<TimedPass> => {
    const pageMs: number[] = [];
    const pageCpuMs: number[] = [];
    const stageMs = Object.fromEntries(STAGES.map((stage) => [stage, [] as number[]])) as Record<Stage, number[]>;
    let errors = 0;
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    for (const page of pages) {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      let stages: Record<Stage, number> | undefined;
      try {
        stages = run(page.html);
      } catch (error) {
        errors++;
        firstError ??= `${page.id}: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (staged) for (const stage of STAGES) stageMs[stage].push(stages?.[stage] ?? 0);
      pageMs.push(performance.now() - t0);
      pageCpuMs.push(cpuMs(cpu0));
    }
    const totalMs = performance.now() - started;
    return { totalMs, totalCpuMs: cpuMs(startedCpu), pageMs, pageCpuMs, errors, ...(staged ? { stageMs } : {}) };
  };

  for (let i = 0; i < job.warmups; i++) await pass();
  const passes: TimedPass[] = [];
  for (let i = 0; i < job.passes; i++) passes.push(await pass());
  return {
    kind: 'corpus',
    tool: job.tool,
    pageBytes: pages.map((page) => page.bytes),
    passes,
    loadedRssMb,
    peakRssMb: peakRssMb(),
    ...(firstError !== undefined ? { firstError } : {}),
  };
}

/** The scaling line measures growth, so the budget that guards real conversions is lifted. */
const UNBOUNDED = { budget: { maxNodes: Number.MAX_SAFE_INTEGER, maxMs: 3_600_000 } };
const WARMUP_BYTES = 300_000;
/** About this much HTML goes through the pipeline before timing: enough for the JIT to settle. */
const WARMUP_TOTAL_BYTES = 2_000_000;

function tryConvert(page: string): string | undefined {
  try {
    convert(page, UNBOUNDED);
    return undefined;
  } catch (cause) {
    return cause instanceof Error ? cause.message : String(cause);
  }
}

async function runScaling(job: ScalingJob): Promise<ScalingOutcome> {
  const page = syntheticPage(job.bytes, job.shape);
  // Memory first, in the fresh process: the peak RSS of one conversion over the RSS before it.
  // (Measured after a warm-up instead, the warm-up's own peak would hide small pages' needs.)
  await settle();
  const baseRssMb = process.memoryUsage().rss / MB;
  let error = tryConvert(page);
  const peak = peakRssMb();

  // Then time: the JIT warmed on a page no larger than the measured one, then several runs.
  const warmup = syntheticPage(Math.min(job.bytes, WARMUP_BYTES), job.shape);
  const warmupRuns = Math.max(3, Math.ceil(WARMUP_TOTAL_BYTES / warmup.length));
  for (let i = 0; i < warmupRuns && error === undefined; i++) error = tryConvert(warmup);
  const oursMs: number[] = [];
  const oursCpuMs: number[] = [];
  // One collection before the timed runs, not before each: a full collection shrinks the young
  // generation, and the next few conversions then pay for growing it back (a 10 KB page took 10×
  // its steady-state time right after gc()), which would swamp the small sizes.
  await settle();
  for (let i = 0; i < job.runs && error === undefined; i++) {
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    error = tryConvert(page);
    oursMs.push(performance.now() - started);
    oursCpuMs.push(cpuMs(startedCpu));
  }
  const parse5CpuMs: number[] = [];
  for (let i = 0; i < warmupRuns; i++) parse(warmup);
  await settle();
  for (let i = 0; i < job.runs; i++) {
    const startedCpu = process.cpuUsage();
    parse(page);
    parse5CpuMs.push(cpuMs(startedCpu));
  }
  return { kind: 'scaling', bytes: page.length, oursMs, oursCpuMs, parse5CpuMs, baseRssMb, peakRssMb: peak, ...(error ? { error } : {}) };
}

function runJob(job: BenchJob): Promise<CorpusOutcome | ScalingOutcome> {
  return job.kind === 'corpus' ? runCorpus(job) : runScaling(job);
}

const job = JSON.parse(process.argv[2] ?? 'null') as BenchJob | null;
if (job === null || typeof process.send !== 'function') {
  process.stderr.write('bench worker: start it through scripts/bench/index.ts\n');
  process.exitCode = 2;
} else {
  const send = process.send.bind(process);
  runJob(job).then(
    (outcome) => send(outcome, () => process.disconnect()),
    (error: unknown) => {
      process.stderr.write(`bench worker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
      process.disconnect();
    },
  );
}
