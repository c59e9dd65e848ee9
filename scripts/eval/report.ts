// The eval tables: scores per tool, worst pages, and the per-rule impact.
import type { Interval } from './metric';
import type { RuleImpact } from './per-rule';
import type { PageResult, ToolResult } from './score';
import { fixed, formatTable } from './table';

function withSpread(value: number, interval: Interval, samples: number): string {
  return samples > 0 ? `${fixed(value)} [${fixed(interval.low)}–${fixed(interval.high)}]` : fixed(value);
}

export function scoresTable(results: readonly ToolResult[]): string {
  const rows = results.map((result) => [
    result.tool,
    withSpread(result.scores.precision, result.spread.precision, result.spread.samples),
    withSpread(result.scores.recall, result.spread.recall, result.spread.samples),
    withSpread(result.scores.f1, result.spread.f1, result.spread.samples),
    result.pages.length,
    result.errors,
    `${(result.totalMs / 1000).toFixed(1)} s`,
  ]);
  return formatTable(['tool', 'precision', 'recall', 'F1', 'pages', 'errors', 'time'], rows, {
    align: ['left', 'left', 'left', 'left', 'right', 'right', 'right'],
  });
}

function shortId(id: string): string {
  return id.length > 12 ? id.slice(0, 12) : id;
}

function host(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 40);
  }
}

export function worstPagesTable(pages: readonly PageResult[], by: 'precision' | 'recall', count: number): string {
  const eligible = pages.filter((page) => (by === 'precision' ? page.tp + page.fp > 0 : page.tp + page.fn > 0));
  const worst = [...eligible].sort((a, b) => a[by] - b[by]).slice(0, count);
  const rows = worst.map((page) => [
    shortId(page.id),
    host(page.url),
    fixed(page.precision),
    fixed(page.recall),
    page.predictedChars,
    page.truthChars,
    page.error ?? '',
  ]);
  return formatTable(['page', 'site', 'P', 'R', 'chars out', 'chars truth', 'error'], rows);
}

export function perRuleTable(impacts: readonly RuleImpact[]): string {
  const rows = impacts.map((impact) => [
    impact.rule,
    impact.category,
    impact.usage.pages,
    impact.usage.elements,
    impact.usage.textChars,
    fixed(impact.without.precision),
    fixed(impact.with.precision - impact.without.precision, 4),
    fixed(impact.without.recall),
    fixed(impact.without.recall - impact.with.recall, 4),
    impact.pagesLosingRecall.length,
    impact.pagesGainingPrecision,
  ]);
  return formatTable(
    ['rule', 'category', 'pages hit', 'removed', 'text chars', 'P without', 'P gain', 'R without', 'R cost', 'pages R cost', 'pages P gain'],
    rows,
  );
}
