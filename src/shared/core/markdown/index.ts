// The Markdown stage: prepares the cleaned body for turndown, then converts it without a re-parse.
// It consumes the tree: run it after everything else that reads the DOM.
import type { Budget } from '../budget';
import { DocumentFragment, type Element, releaseTree } from '../dom/nodes';
import { prepareText } from './text-pass';
import { flattenDeepNesting } from './flatten';
import { postProcess } from './postprocess';
import { createTurndownService } from './service';
import { pushWrappersIntoBlocks } from './wrappers';

export interface MarkdownOptions {
  maxDepth: number;
  budget: Budget | null;
}

export interface MarkdownOutput {
  markdown: string;
  /** Elements unwrapped because they nested deeper than `maxDepth`. */
  flattened: number;
}

/** Turndown clones its input before converting; this root is handed over, so its clone is itself. */
class TurndownRoot extends DocumentFragment {
  cloneNode(): this {
    return this;
  }
}

export function toMarkdown(body: Element | null, options: MarkdownOptions): MarkdownOutput {
  if (body === null) return { markdown: '', flattened: 0 };
  if (options.budget) options.budget.stage = 'converting to Markdown';
  const root = new TurndownRoot();
  for (const child of [...body.childNodes]) root.appendChild(child);
  const flattened = flattenDeepNesting(root, options.maxDepth);
  pushWrappersIntoBlocks(root);
  prepareText(root);
  const service = createTurndownService(options.budget);
  const markdown = service.turndown(root as unknown as HTMLElement);
  releaseTree(root);
  return { markdown: postProcess(markdown), flattened };
}
