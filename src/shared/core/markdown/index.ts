// The Markdown stage: prepares the cleaned body for turndown, then converts it without a re-parse.
// It consumes the tree: run it after everything else that reads the DOM.
import type { Budget } from '../budget';
import { type ChildNode, deferRemovals, DocumentFragment, Element, flushRemovals, hasStaleChildLists, HTML_NS, moveChildren, releaseTree } from '../dom/nodes';
import { separateAdjacentCode } from './code-adjacency';
import { unwrapInlineHoldingBlocks } from './inline-blocks';
import { prepareText } from './text-pass';
import { flattenDeepNesting } from './flatten';
import { postProcess } from './postprocess';
import { dropSilentVoids } from './silent-voids';
import { createTurndownService } from './service';
import { breakWhitespaceRunsInCode } from './whitespace-runs';
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

/**
 * Turndown clones its input, collapses its white space (removing blank text nodes one by one), then
 * converts it, starting from the root's child list. This root is handed over, so its clone is
 * itself; the removals are deferred from the clone until the root's child list is read again, when
 * every stale list is compacted at once (see deferRemovals).
 */
class TurndownRoot extends DocumentFragment {
  constructor() {
    super();
    let kids = this.childNodes;
    Object.defineProperty(this, 'childNodes', {
      get: () => {
        if (hasStaleChildLists()) flushRemovals();
        return kids;
      },
      set: (value: ChildNode[]) => {
        kids = value;
      },
    });
  }

  cloneNode(): this {
    deferRemovals();
    return this;
  }
}

/** The body's children moved into a root turndown takes as its input, as it would a browser's node. */
export function turndownInput(body: Element): DocumentFragment {
  const root = new TurndownRoot();
  moveChildren(body, root);
  return root;
}

export function toMarkdown(body: Element | null, options: MarkdownOptions): MarkdownOutput {
  if (body === null) return { markdown: '', flattened: 0 };
  if (options.budget) options.budget.stage = 'converting to Markdown';
  const root = turndownInput(body);
  const flattened = flattenDeepNesting(root, options.maxDepth);
  pushWrappersIntoBlocks(root);
  unwrapInlineHoldingBlocks(root);
  dropSilentVoids(root);
  prepareText(root);
  separateAdjacentCode(root);
  breakWhitespaceRunsInCode(root);
  // One block holding everything: its rule sees the whole Markdown before turndown's last pass
  // does, and breaks up the long runs of white space that pass would take minutes over.
  const whole = new Element('div', HTML_NS, []);
  moveChildren(root, whole);
  root.appendChild(whole);
  const service = createTurndownService(options.budget, whole);
  let markdown: string;
  try {
    markdown = service.turndown(root as unknown as HTMLElement);
  } finally {
    flushRemovals();
  }
  releaseTree(root);
  return { markdown: postProcess(markdown), flattened };
}
