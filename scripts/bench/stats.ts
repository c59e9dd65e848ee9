// Order statistics for timings: medians resist the machine's noise far better than means.

/** The q-quantile (0 ≤ q ≤ 1) by linear interpolation between order statistics; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Per-index median over several runs of the same list (e.g. one page's time across passes). */
export function elementwiseMedian(runs: readonly (readonly number[])[]): number[] {
  if (runs.length === 0) return [];
  const length = runs[0].length;
  const result = new Array<number>(length);
  const column = new Array<number>(runs.length);
  for (let i = 0; i < length; i++) {
    for (let r = 0; r < runs.length; r++) column[r] = runs[r][i];
    result[i] = median(column);
  }
  return result;
}

/**
 * Growth exponent between two measurements: 1 is linear, 2 quadratic. log(y2/y1) / log(x2/x1).
 * NaN when either pair is not positive.
 */
export function growthExponent(x1: number, y1: number, x2: number, y2: number): number {
  if (!(x1 > 0 && x2 > 0 && y1 > 0 && y2 > 0) || x1 === x2) return Number.NaN;
  return Math.log(y2 / y1) / Math.log(x2 / x1);
}
