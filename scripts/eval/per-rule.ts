// What each cleaning rule buys and costs: the pipeline scored with the rule on (the base options)
// and with it kept (`keep.rules = [id]`, i.e. off), so a rule that removes article text shows as
// recall lost.
import { convert, rulesOfMode } from '../../src/shared/core';
import type { ConvertOptions, RuleCategory } from '../../src/shared/core/types';
import type { Benchmark } from './benchmark';
import { scorePages, type ToolResult } from './score';
import { markdownToPlainText } from './plain-text';
import type { ExtractionTool } from './tools';

export interface RuleUsage {
  /** Pages where the rule removed (or unwrapped) something, elements and text characters it took. */
  pages: number;
  elements: number;
  textChars: number;
}

export interface RuleImpact {
  rule: string;
  category: RuleCategory;
  usage: RuleUsage;
  with: ToolResult['scores'];
  without: ToolResult['scores'];
  /** Pages whose recall rises by more than `PAGE_DELTA` when the rule is off: the pages it hurts. */
  pagesLosingRecall: { id: string; recallWith: number; recallWithout: number }[];
  /** Pages whose precision falls by more than `PAGE_DELTA` when the rule is off: the pages it helps. */
  pagesGainingPrecision: number;
}

export const PAGE_DELTA = 0.01;

function toolWith(options: ConvertOptions, name: string, onRemoved?: (ruleIds: Map<string, { elements: number; textChars: number }>) => void): ExtractionTool {
  return {
    name,
    describe: `convert(html, ${JSON.stringify(options)})`,
    extract(html) {
      const result = convert(html, options);
      if (onRemoved) {
        const byRule = new Map<string, { elements: number; textChars: number }>();
        for (const entry of result.removed) {
          const usage = byRule.get(entry.ruleId) ?? { elements: 0, textChars: 0 };
          usage.elements++;
          usage.textChars += entry.textLength;
          byRule.set(entry.ruleId, usage);
        }
        onRemoved(byRule);
      }
      return markdownToPlainText(result.markdown);
    },
  };
}

/**
 * Every rule of the options' mode, one at a time (`only` narrows them to some categories: article
 * mode measures its own rules, on top of the default ones).
 */
export function perRuleImpact(
  benchmark: Benchmark,
  base: ConvertOptions,
  progress: (message: string) => void = () => {},
  only?: ReadonlySet<RuleCategory>,
): { base: ToolResult; rules: RuleImpact[] } {
  const usage = new Map<string, RuleUsage>();
  const baseResult = scorePages(
    toolWith(base, 'base', (byRule) => {
      for (const [id, counts] of byRule) {
        const total = usage.get(id) ?? { pages: 0, elements: 0, textChars: 0 };
        total.pages++;
        total.elements += counts.elements;
        total.textChars += counts.textChars;
        usage.set(id, total);
      }
    }),
    benchmark,
    { bootstrapSamples: 0 },
  );
  const baseById = new Map(baseResult.pages.map((page) => [page.id, page]));
  const keptAlready = new Set(base.keep?.rules ?? []);
  const impacts: RuleImpact[] = [];
  for (const rule of rulesOfMode(base.mode)) {
    if (keptAlready.has(rule.id) || base.rules?.[rule.category] === false || (only !== undefined && !only.has(rule.category))) continue;
    progress(`  rule ${rule.id}: scoring without it…`);
    const options: ConvertOptions = { ...base, keep: { ...base.keep, rules: [...keptAlready, rule.id] } };
    const without = scorePages(toolWith(options, `without ${rule.id}`), benchmark, { bootstrapSamples: 0 });
    const pagesLosingRecall: RuleImpact['pagesLosingRecall'] = [];
    let pagesGainingPrecision = 0;
    for (const page of without.pages) {
      const withRule = baseById.get(page.id);
      if (!withRule) continue;
      if (page.recall - withRule.recall > PAGE_DELTA) {
        pagesLosingRecall.push({ id: page.id, recallWith: withRule.recall, recallWithout: page.recall });
      }
      if (withRule.precision - page.precision > PAGE_DELTA) pagesGainingPrecision++;
    }
    pagesLosingRecall.sort((a, b) => b.recallWithout - b.recallWith - (a.recallWithout - a.recallWith));
    impacts.push({
      rule: rule.id,
      category: rule.category,
      usage: usage.get(rule.id) ?? { pages: 0, elements: 0, textChars: 0 },
      with: baseResult.scores,
      without: without.scores,
      pagesLosingRecall,
      pagesGainingPrecision,
    });
  }
  impacts.sort((a, b) => b.without.recall - b.with.recall - (a.without.recall - a.with.recall));
  return { base: baseResult, rules: impacts };
}
