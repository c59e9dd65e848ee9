// Applies the cleaning rules to a parsed document and records every removal.
//
// Rules are tried on children before their parents (reverse document order), so a rule that asks
// what an element holds sees it without the noise inside it; then a second, top-down pass removes
// the outermost matches and records one entry per removed subtree.
import type { Budget } from './budget';
import { collectElements, type Document, type Element, ELEMENT_NODE, type Node } from './dom/nodes';
import { elementPath, visibleTextLength } from './dom/query';
import { htmlExcerpt } from './dom/serialize';
import { pageFacts } from './rules/page-facts';
import type { CleaningRule, RuleCategory, RuleContext } from './rules/types';
import type { RemovedNode } from './types';

export interface CleanOptions {
  rules: readonly CleaningRule[];
  /** Categories switched off entirely. */
  disabledCategories?: ReadonlySet<RuleCategory>;
  /** Rule ids whose matches are kept. */
  keepRules?: ReadonlySet<string>;
  /** Paths (as reported in `RemovedNode.path`) of elements to keep. */
  keepPaths?: ReadonlySet<string>;
  budget?: Budget | null;
  /** The document's elements in order, when the caller has them already. */
  elements?: readonly Element[];
}

const EXCERPT_CHARS = 240;

interface Verdict {
  rule: CleaningRule;
  reason: string;
  path: string;
}

export interface CleanOutcome {
  removed: RemovedNode[];
  /** Elements in the document before cleaning. */
  elementsBefore: number;
}

export function cleanDocument(document: Document, options: CleanOptions): CleanOutcome {
  const rules = options.rules.filter(
    (rule) => !options.disabledCategories?.has(rule.category) && !options.keepRules?.has(rule.id),
  );
  const keepPaths = options.keepPaths ?? new Set<string>();
  const budget = options.budget ?? null;
  if (budget) budget.stage = 'cleaning';

  const verdicts = new Map<Element, Verdict>();
  const isRemoved = (el: Element) => {
    const verdict = verdicts.get(el);
    return verdict !== undefined && verdict.rule.action !== 'unwrap';
  };
  const elements = options.elements ?? collectElements(document);
  const judge = (passRules: readonly CleaningRule[], context: RuleContext, removedBefore: ReadonlySet<Element>) => {
    const rulesFor = rulesByTag(passRules);
    for (let i = elements.length - 1; i >= 0; i--) {
      budget?.tick();
      const el = elements[i];
      if (verdicts.has(el) || removedBefore.has(el)) continue;
      const candidates = rulesFor(el.localName);
      for (let r = 0; r < candidates.length; r++) {
        const rule = candidates[r];
        const reason = rule.matches(el, context);
        if (reason === null) continue;
        const path = elementPath(el);
        if (!keepPaths.has(path)) verdicts.set(el, { rule, reason, path });
        break;
      }
    }
  };
  const early = rules.filter((rule) => rule.pass !== 'late');
  const late = rules.filter((rule) => rule.pass === 'late');
  const facts = pageFacts(document, isRemoved, undefined, elements);
  judge(early, { document, skip: isRemoved, facts }, new Set());
  // Where the running text lies is found afresh for the late pass, without what the first removed.
  if (late.length > 0) judge(late, { document, skip: isRemoved, facts: pageFacts(document, isRemoved, facts, elements) }, insideRemoved(elements, isRemoved));
  const removed = verdicts.size === 0 ? [] : removeJudged(document, verdicts, isRemoved);
  return { removed, elementsBefore: elements.length };
}

/** Every element inside a removed subtree: in document order, parents come before their children. */
function insideRemoved(elements: readonly Element[], isRemoved: (el: Element) => boolean): Set<Element> {
  const inside = new Set<Element>();
  for (const el of elements) {
    const parent = el.parentElement;
    if (parent !== null && (inside.has(parent) || isRemoved(parent))) inside.add(el);
  }
  return inside;
}

/** The rules that can match a tag, in rule order; computed once per tag name. */
function rulesByTag(rules: readonly CleaningRule[]): (tag: string) => readonly CleaningRule[] {
  const cache = new Map<string, readonly CleaningRule[]>();
  return (tag) => {
    let list = cache.get(tag);
    if (list === undefined) {
      list = rules.filter((rule) => rule.tags === undefined || rule.tags.includes(tag));
      cache.set(tag, list);
    }
    return list;
  };
}

function removeJudged(document: Document, verdicts: Map<Element, Verdict>, isRemoved: (el: Element) => boolean): RemovedNode[] {
  const removed: RemovedNode[] = [];
  const toRemove: Element[] = [];
  const toUnwrap: Element[] = [];
  const stack: Node[] = [...document.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    const verdict = verdicts.get(el);
    if (verdict !== undefined) {
      removed.push(record(removed.length, el, verdict));
      if (isRemoved(el)) {
        toRemove.push(el);
        continue;
      }
      toUnwrap.push(el);
    }
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  }
  for (const el of toRemove) el.parentNode?.removeChild(el);
  // Innermost first, so each unwrap moves children that are already final.
  for (let i = toUnwrap.length - 1; i >= 0; i--) toUnwrap[i].parentNode?.unwrapChild(toUnwrap[i]);
  return removed;
}

function record(index: number, el: Element, verdict: Verdict): RemovedNode {
  const action = verdict.rule.action ?? 'remove';
  const location = el.sourceCodeLocation;
  return {
    index,
    ruleId: verdict.rule.id,
    category: verdict.rule.category,
    action,
    reason: verdict.reason,
    tag: el.localName,
    path: verdict.path,
    // An unwrapped element loses only its tag: none of its text goes.
    textLength: action === 'unwrap' ? 0 : visibleTextLength(el),
    excerpt: htmlExcerpt(el, EXCERPT_CHARS),
    ...(location ? { source: { start: location.startOffset, end: location.endOffset } } : {}),
  };
}
