// The benchmarked tools, each a function from a page's HTML to (for ours) its stage timings.
import { parse } from 'parse5';
import { convert } from '../../src/shared/core';
import { parseHtml } from '../../src/shared/core/parse';
import type { ConvertOptions } from '../../src/shared/core/types';
import { readabilityTurndown, turndownGfm } from '../eval/peers';

export const BENCH_TOOLS = ['parse5', 'our-parse', 'openscraper', 'turndown+gfm', 'readability+turndown'] as const;
export type BenchToolName = (typeof BENCH_TOOLS)[number];

export const STAGES = ['parse', 'clean', 'serialize', 'markdown'] as const;
export type Stage = (typeof STAGES)[number];
export type StageTimes = Record<Stage, number>;

export const TOOL_LABELS: Record<BenchToolName, string> = {
  parse5: 'parse5 parse alone',
  // Our parse stage by itself: parse5 taking runs of text at once (dom/tokenizer.ts), into our DOM.
  'our-parse': 'our parse alone',
  openscraper: 'openscraper convert()',
  'turndown+gfm': 'turndown+gfm (raw page)',
  'readability+turndown': 'readability+turndown',
};

/** Runs the tool on one page; ours also reports how long each stage took (convert's own timings). */
export type BenchRun = (html: string) => StageTimes | undefined;

export function createBenchTool(name: BenchToolName, options: ConvertOptions = {}): BenchRun {
  switch (name) {
    case 'parse5':
      return (html) => {
        parse(html);
        return undefined;
      };
    case 'our-parse':
      return (html) => {
        parseHtml(html);
        return undefined;
      };
    case 'openscraper':
      return (html) => {
        const { parse: parseMs, clean, serialize, markdown } = convert(html, options).stats.timingsMs;
        return { parse: parseMs, clean, serialize, markdown };
      };
    case 'turndown+gfm': {
      const run = turndownGfm();
      return (html) => {
        run(html);
        return undefined;
      };
    }
    case 'readability+turndown': {
      const run = readabilityTurndown();
      return (html) => {
        run(html);
        return undefined;
      };
    }
  }
}
