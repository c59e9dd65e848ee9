// The bench tables.
import { fixed, formatTable } from '../eval/table';
import { type Ratio, type ScalingRow, SUPER_LINEAR_EXPONENT, type ToolSummary } from './aggregate';
import { growthExponent } from './stats';
import { STAGES, TOOL_LABELS } from './tools';

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));

export function speedTable(summaries: readonly ToolSummary[]): string {
  const rows: string[][] = [];
  for (const summary of summaries) {
    rows.push([
      summary.label,
      fixed(summary.cpu.mbPerSecond, 1),
      fixed(summary.wall.mbPerSecond, 1),
      fixed(summary.wall.bestMbPerSecond, 1),
      ms(summary.cpu.msPerPageMedian),
      ms(summary.cpu.msPerPageP95),
      ms(summary.wall.msPerPageMedian),
      ms(summary.wall.msPerPageP95),
      summary.peakRssMb.toFixed(0),
      (summary.peakRssMb - summary.loadedRssMb).toFixed(0),
      String(summary.errors),
    ]);
    if (!summary.stages) continue;
    for (const stage of STAGES) {
      const figures = summary.stages[stage];
      rows.push([
        `  stage ${stage} (${(figures.share * 100).toFixed(0)}%)`,
        '',
        fixed(figures.mbPerSecond, 1),
        fixed(figures.bestMbPerSecond, 1),
        '',
        '',
        ms(figures.msPerPageMedian),
        ms(figures.msPerPageP95),
        '',
        '',
        '',
      ]);
    }
  }
  return formatTable(
    ['tool', 'MB/s CPU', 'MB/s wall', 'best wall', 'CPU ms/page', 'p95', 'wall ms/page', 'p95', 'peak RSS MB', 'over loaded', 'errors'],
    rows,
    { align: ['left', ...Array<'right'>(10).fill('right')] },
  );
}

export function ratioLines(ratios: readonly Ratio[]): string {
  return ratios
    .map((ratio) => {
      const verdict =
        ratio.target === undefined ? '' : `  target ≥ ${ratio.target}× (CPU): ${ratio.cpu.ratio >= ratio.target ? 'met' : 'NOT MET'}`;
      return (
        `  ours / ${TOOL_LABELS[ratio.versus]}: CPU ${ratio.cpu.ratio.toFixed(2)}× (rounds ${ratio.cpu.low.toFixed(2)}–${ratio.cpu.high.toFixed(2)}), ` +
        `wall ${ratio.wall.ratio.toFixed(2)}× (rounds ${ratio.wall.low.toFixed(2)}–${ratio.wall.high.toFixed(2)})${verdict}`
      );
    })
    .join('\n');
}

function size(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(bytes >= 1e7 ? 0 : 1)} MB` : `${(bytes / 1e3).toFixed(0)} KB`;
}

export function scalingTable(rows: readonly ScalingRow[]): string {
  return formatTable(
    ['page size', 'wall ms (median)', 'CPU ms (best)', 'CPU ms per MB', 'parse5 CPU ms', '× parse5', 'peak RSS MB', 'RSS growth MB', 'time exp.', 'parse5 exp.', 'mem exp.', ''],
    rows.map((row) => [
      size(row.bytes),
      ms(row.oursMs),
      ms(row.oursCpuMs),
      row.cpuMsPerMb.toFixed(0),
      ms(row.parse5CpuMs),
      (row.oursCpuMs / row.parse5CpuMs).toFixed(1),
      row.peakRssMb.toFixed(0),
      row.rssGrowthMb.toFixed(0),
      row.timeExponent !== undefined ? row.timeExponent.toFixed(2) : '',
      row.parse5Exponent !== undefined ? row.parse5Exponent.toFixed(2) : '',
      row.memoryExponent !== undefined ? row.memoryExponent.toFixed(2) : '',
      row.error ? `error: ${row.error}` : row.superLinear ? `SUPER-LINEAR (> ${SUPER_LINEAR_EXPONENT}, beyond parse5's)` : '',
    ]),
    { align: [...Array<'right'>(11).fill('right'), 'left'] },
  );
}

/** Growth exponent of (best CPU) time over the whole measured range above fixed-cost sizes: ours, or parse5's. */
export function overallExponent(rows: readonly ScalingRow[], minBytes: number, of: 'ours' | 'parse5' = 'ours'): number {
  const large = rows.filter((row) => row.bytes >= minBytes);
  if (large.length < 2) return Number.NaN;
  const first = large[0];
  const last = large[large.length - 1];
  const time = (row: ScalingRow) => (of === 'ours' ? row.oursCpuMs : row.parse5CpuMs);
  return growthExponent(first.bytes, time(first), last.bytes, time(last));
}
