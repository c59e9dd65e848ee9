// The article-extraction-benchmark metric (see the corpus README): 4-token shingles counted as a
// multiset, per-page (tp, fp, fn) normalised to sum 1, precision and recall averaged over pages.

export const SHINGLE_SIZE = 4;

/**
 * Python's Unicode `\w` (letters, numbers, underscore). JavaScript's `\w` is ASCII-only even with
 * the `u` flag, so it would split "café" and drop Cyrillic or CJK text entirely. Combining marks
 * (\p{M}) count as word characters too, as the corpus README says, so Devanagari words stay whole.
 */
const TOKEN = /[\p{L}\p{N}\p{M}_]+/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Shingles of `size` consecutive tokens with their counts; fewer tokens than `size` give one shorter shingle. */
export function shingles(text: string, size = SHINGLE_SIZE): Map<string, number> {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  const windows = Math.max(1, tokens.length - size + 1);
  for (let i = 0; i < windows; i++) {
    const window = tokens.slice(i, i + size);
    if (window.length === 0) break; // an empty text has no shingle at all
    // U+0001 never occurs inside a \w token, so the key is unambiguous.
    const key = window.join('\u0001');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export interface PageCounts {
  /** Normalised so that tp + fp + fn = 1 (all 0 when both texts are empty). */
  tp: number;
  fp: number;
  fn: number;
  /** Boilerplate segments rightly left out (trafilatura's metric only). */
  tn?: number;
}

export function comparePage(truth: string, predicted: string): PageCounts {
  const truthShingles = shingles(truth);
  const predictedShingles = shingles(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, t] of truthShingles) {
    const p = predictedShingles.get(key) ?? 0;
    tp += Math.min(t, p);
    fn += Math.max(0, t - p);
  }
  for (const [key, p] of predictedShingles) {
    fp += Math.max(0, p - (truthShingles.get(key) ?? 0));
  }
  const sum = tp + fp + fn;
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn };
}

export function pagePrecision({ tp, fp, fn }: PageCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

export function pageRecall({ tp, fp, fn }: PageCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

export interface Scores {
  precision: number;
  recall: number;
  f1: number;
  /** Pages that entered each mean (pages with nothing predicted have no precision). */
  precisionPages: number;
  recallPages: number;
}

/** Means over pages as the benchmark computes them; `indices` picks (and may repeat) pages. */
export function aggregate(pages: readonly PageCounts[], indices?: readonly number[]): Scores {
  let precisionSum = 0;
  let precisionPages = 0;
  let recallSum = 0;
  let recallPages = 0;
  const count = indices ? indices.length : pages.length;
  for (let i = 0; i < count; i++) {
    const page = pages[indices ? indices[i] : i];
    if (page.tp + page.fp > 0) {
      precisionSum += pagePrecision(page);
      precisionPages++;
    }
    if (page.tp + page.fn > 0) {
      recallSum += pageRecall(page);
      recallPages++;
    }
  }
  const precision = precisionPages > 0 ? precisionSum / precisionPages : 0;
  const recall = recallPages > 0 ? recallSum / recallPages : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, precisionPages, recallPages };
}

export interface Interval {
  low: number;
  high: number;
}

export interface BootstrapSpread {
  precision: Interval;
  recall: Interval;
  f1: Interval;
  samples: number;
  /** Central coverage of the interval, e.g. 0.95. */
  coverage: number;
}

/** Small seeded PRNG (mulberry32), so a report is reproducible run to run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Percentile bootstrap over pages: how much the means move if the corpus were drawn again. */
export function bootstrap(
  pages: readonly PageCounts[],
  samples = 1000,
  coverage = 0.95,
  seed = 1,
  combine: (pages: readonly PageCounts[], indices?: readonly number[]) => Scores = aggregate,
): BootstrapSpread {
  const random = seededRandom(seed);
  const precision: number[] = [];
  const recall: number[] = [];
  const f1: number[] = [];
  const indices = new Array<number>(pages.length);
  for (let s = 0; s < samples && pages.length > 0; s++) {
    for (let i = 0; i < pages.length; i++) indices[i] = Math.floor(random() * pages.length);
    const scores = combine(pages, indices);
    precision.push(scores.precision);
    recall.push(scores.recall);
    f1.push(scores.f1);
  }
  const tail = (1 - coverage) / 2;
  const interval = (values: number[]): Interval => {
    if (values.length === 0) return { low: 0, high: 0 };
    values.sort((a, b) => a - b);
    const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.round(q * (values.length - 1))))];
    return { low: at(tail), high: at(1 - tail) };
  };
  return { precision: interval(precision), recall: interval(recall), f1: interval(f1), samples, coverage };
}
