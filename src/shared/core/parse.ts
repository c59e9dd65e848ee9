// The one parse of a conversion: parse5 into our small DOM, within the budget.
import { parse as parse5Parse } from 'parse5';
import type { Budget } from './budget';
import type { Document } from './dom/nodes';
import { createTreeAdapter } from './dom/tree-adapter';
import { toWellFormed } from './text';

export interface ParseOptions {
  budget?: Budget | null;
  /** Record each element's [startOffset, endOffset) in the source, for highlighting. */
  sourceLocations?: boolean;
}

export function parseHtml(html: string, options: ParseOptions = {}): Document {
  const budget = options.budget ?? null;
  if (budget) budget.stage = 'parsing';
  return parse5Parse(toWellFormed(html), {
    treeAdapter: createTreeAdapter(budget),
    sourceCodeLocationInfo: options.sourceLocations ?? false,
  });
}
