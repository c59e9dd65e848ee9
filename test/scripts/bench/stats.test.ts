import { describe, expect, it } from 'vitest';
import { scalingRows } from '../../../scripts/bench/aggregate';
import type { ScalingOutcome } from '../../../scripts/bench/protocol';
import { elementwiseMedian, growthExponent, median, quantile } from '../../../scripts/bench/stats';
import { syntheticPage } from '../../../scripts/bench/synthetic';
import { convert } from '../../../src/shared/core';
import { parseHtml } from '../../../src/shared/core/parse';

describe('order statistics', () => {
  it('interpolates quantiles and takes medians of odd and even lists', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50], 0.95)).toBeCloseTo(48);
    expect(Number.isNaN(median([]))).toBe(true);
  });

  it('takes each page’s median over passes', () => {
    expect(elementwiseMedian([[1, 10], [3, 30], [2, 90]])).toEqual([2, 30]);
  });

  it('measures growth as an exponent: 1 linear, 2 quadratic', () => {
    expect(growthExponent(1, 5, 10, 50)).toBeCloseTo(1);
    expect(growthExponent(1e5, 2, 1e6, 200)).toBeCloseTo(2);
    expect(Number.isNaN(growthExponent(1, 0, 10, 5))).toBe(true);
  });
});

describe('scalingRows', () => {
  const outcome = (bytes: number, ms: number, rss: number, parse5Ms?: number): ScalingOutcome => ({
    kind: 'scaling',
    bytes,
    oursMs: [ms * 2, ms * 3],
    oursCpuMs: [ms * 1.1, ms, ms * 1.3],
    parse5CpuMs: [parse5Ms ?? bytes / 1e5],
    baseRssMb: 100,
    peakRssMb: 100 + rss,
  });

  it('flags quadratic growth over a tenfold step and leaves linear growth alone', () => {
    const rows = scalingRows([outcome(1e5, 10, 1), outcome(1e6, 100, 10), outcome(1e7, 10_000, 100)]);
    expect(rows.map((row) => row.superLinear)).toEqual([false, false, true]);
    expect(rows[1].timeExponent).toBeCloseTo(1);
    expect(rows[2].timeExponent).toBeCloseTo(2);
    expect(rows[2].memoryExponent).toBeCloseTo(1);
  });

  it("does not blame the pipeline for growth the parser alone shows too", () => {
    // Both grow with an exponent of 1.4 from 100 KB to 1 MB (the collector's step), then linearly.
    const rows = scalingRows([outcome(1e5, 10, 1, 2), outcome(1e6, 251, 10, 50), outcome(1e7, 2510, 100, 500)]);
    expect(rows[1].timeExponent).toBeCloseTo(1.4, 1);
    expect(rows[1].parse5Exponent).toBeCloseTo(1.4, 1);
    expect(rows.map((row) => row.superLinear)).toEqual([false, false, false]);
    // Growth beyond the parser's is still ours.
    const worse = scalingRows([outcome(1e5, 10, 1, 2), outcome(1e6, 400, 10, 20)]);
    expect(worse[1].superLinear).toBe(true);
  });

  it('compares each size with the one ten times smaller, never with sizes dominated by fixed costs', () => {
    const rows = scalingRows([outcome(1e4, 5, 0), outcome(3e4, 30, 0), outcome(1e5, 10, 1), outcome(3e5, 90, 3), outcome(1e6, 100, 10)]);
    expect(rows.slice(0, 4).map((row) => row.timeExponent)).toEqual([undefined, undefined, undefined, undefined]);
    expect(rows[4].timeExponent).toBeCloseTo(1); // against 100 KB, not against the noisy 300 KB
    expect(rows[4].superLinear).toBe(false);
    expect(rows[0].oursCpuMs).toBe(5);
    expect(rows[0].oursMs).toBe(12.5); // median wall time
  });
});

describe('syntheticPage', () => {
  it('reaches the requested size with every kind of block, and differs section to section', () => {
    const page = syntheticPage(50_000);
    expect(page.length).toBeGreaterThanOrEqual(50_000);
    expect(page.length).toBeLessThan(55_000);
    for (const tag of ['<table>', '<ul>', '<ol>', '<p>', '<h2>', '<nav>']) expect(page).toContain(tag);
    const sections = page.match(/<section>[\s\S]*?<\/section>/g)!;
    expect(new Set(sections).size).toBe(sections.length);
  });

  it('flat: every block a child of <body>, noise among them, and our pipeline removes and unwraps it there', () => {
    const page = syntheticPage(50_000, 'flat');
    expect(page.length).toBeGreaterThanOrEqual(50_000);
    const result = convert(page);
    const body = parseHtml(page).getElementsByTagName('body')[0];
    const blocks = body.children.length;
    expect(blocks).toBeGreaterThan(200);
    const inBody = (rule: string) => result.removed.filter((r) => r.ruleId === rule && !r.path.slice('body > '.length).includes(' > ')).length;
    expect(inBody('unwanted-element')).toBeGreaterThan(30);
    expect(result.removed.filter((r) => r.ruleId === 'sponsored-link').length).toBeGreaterThan(30);
    expect(result.markdown).toMatch(/^### \[\w+ \w+ \w+\]\(\/card\/\d+\)$/m);
  });
});
