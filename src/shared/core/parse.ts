// The one parse of a conversion: parse5 (taking runs of plain text at once) into our small DOM, within the budget.
import type { Budget } from './budget';
import type { Document } from './dom/nodes';
import { parseDocument } from './dom/tokenizer';
import { createTreeAdapter } from './dom/tree-adapter';
import { toWellFormed } from './text';

export interface ParseOptions {
  budget?: Budget | null;
  /** Record each element's [startOffset, endOffset) in the source, for highlighting. */
  sourceLocations?: boolean;
}

export function parseHtml(html: string, options: ParseOptions = {}): Document {
  const budget = options.budget ?? null;
  return parseDocument(
    toWellFormed(html),
    {
      treeAdapter: createTreeAdapter(budget),
      sourceCodeLocationInfo: options.sourceLocations ?? false,
    },
    undefined,
    budget === null ? null : () => budget.tick(),
  );
}
