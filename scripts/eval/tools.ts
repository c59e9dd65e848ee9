// What eval scores: each tool turns a page into plain text (via its Markdown where it writes any).
import { convert } from '../../src/shared/core';
import type { ConvertMode, ConvertOptions } from '../../src/shared/core/types';
import { readabilityTurndown, turndownGfm } from './peers';
import { htmlToPlainText, markdownToPlainText } from './plain-text';

export interface ExtractionTool {
  name: string;
  /** One line for the table legend. */
  describe: string;
  /** The page's plain text; throws when the tool fails on it. */
  extract(html: string): string;
}

export const WHOLE_PAGE = 'whole-page';
export const OURS = 'openscraper';

/** Our tool's name in the tables: one row per mode. */
export function oursName(mode: ConvertMode | undefined): string {
  return `${OURS} (${mode ?? 'default'})`;
}

export function wholePageTool(): ExtractionTool {
  return {
    name: WHOLE_PAGE,
    describe: 'all the text of the page, nothing removed (the published baseline: P ≈ 0.50, R ≈ 0.99)',
    extract: htmlToPlainText,
  };
}

export function oursTool(options: ConvertOptions, name = oursName(options.mode)): ExtractionTool {
  return {
    name,
    describe: `convert(html, ${JSON.stringify(options)}) → Markdown → text`,
    extract: (html) => markdownToPlainText(convert(html, options).markdown),
  };
}

export function peerTools(): ExtractionTool[] {
  const turndown = turndownGfm();
  const readability = readabilityTurndown();
  return [
    { name: 'turndown+gfm', describe: 'turndown + turndown-plugin-gfm on the raw page → text', extract: (html) => markdownToPlainText(turndown(html)) },
    { name: 'readability+turndown', describe: '@mozilla/readability on linkedom, then turndown + gfm → text', extract: (html) => markdownToPlainText(readability(html)) },
  ];
}
