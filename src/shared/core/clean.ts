// Applies the cleaning rules to a parsed document and records every removal.
//
// Rules are tried on children before their parents (reverse document order), so a rule that asks
// what an element holds sees it without the noise inside it; then a second, top-down pass removes
// the outermost matches and records one entry per removed subtree.
//
// Keeping an element (by its path) keeps all of it: no rule removes it or anything inside it,
// except the rules for what is never content (scripts, styles, embeds), which still apply inside,
// so a kept element never brings live script into the outputs.
import type { Budget } from './budget';
import { type ChildNode, type Document, DROP, type Element, ELEMENT_NODE, KEEP, type Node, numberElements, type ParentNode, releaseTree, rewriteChildren, UNWRAP } from './dom/nodes';
import { elementAtPath, elementPathNamer, visibleTextLength } from './dom/query';
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
  /** Paths (as reported in `RemovedNode.path`) of elements to keep, each with everything inside it. */
  keepPaths?: ReadonlySet<string>;
  budget?: Budget | null;
  /** The document's elements as `numberElements` lists them, when the caller has them already. */
  elements?: readonly Element[];
}

const EXCERPT_CHARS = 240;
/** Rules of this category still apply inside a kept element: what they remove is never content. */
const APPLIES_INSIDE_KEPT: RuleCategory = 'unwanted';

interface Verdict {
  rule: CleaningRule;
  reason: string;
}

export interface CleanOutcome {
  removed: RemovedNode[];
  /** Kept elements a rule would have removed, as it would have reported them (document order). */
  kept: RemovedNode[];
  /** Elements in the document before cleaning. */
  elementsBefore: number;
}

export function cleanDocument(document: Document, options: CleanOptions): CleanOutcome {
  const rules = options.rules.filter(
    (rule) => !options.disabledCategories?.has(rule.category) && !options.keepRules?.has(rule.id),
  );
  const elementPath = elementPathNamer();
  const budget = options.budget ?? null;
  if (budget) budget.stage = 'cleaning';

  const elements = options.elements ?? numberElements(document);
  const keptRoots = findKept(document, elements, options.keepPaths);
  const sheltered = keptRoots.size > 0 ? insideKept(elements, keptRoots) : null;
  // What a rule would have removed from a kept element: reported, not done.
  const keptVerdicts: (Verdict | undefined)[] = keptRoots.size > 0 ? new Array(elements.length) : [];
  // Indexed by each element's position in document order (`order`): rules ask `skip` of every node
  // they walk, and an array answers faster than a map keyed by element.
  const verdicts: (Verdict | undefined)[] = new Array(elements.length);
  const verdictOf = (el: Element) => (el.order >= 0 && elements[el.order] === el ? verdicts[el.order] : undefined);
  const isRemoved = (el: Element) => {
    const verdict = verdictOf(el);
    return verdict !== undefined && verdict.rule.action !== 'unwrap';
  };
  let judged = 0;
  // Indices (`order`) of the elements each judging removed, in the order it removed them.
  let removedNow: number[] = [];
  /** Judges every element, children before parents — or only `only`, given in that order. */
  const judge = (passRules: readonly CleaningRule[], context: RuleContext, removedBefore: Uint8Array | null, only?: readonly number[]) => {
    const rulesFor = rulesByTag(passRules);
    const count = only === undefined ? elements.length : only.length;
    for (let k = 0; k < count; k++) {
      const i = only === undefined ? elements.length - 1 - k : only[k];
      budget?.tick();
      const el = elements[i];
      if (verdicts[i] !== undefined || (removedBefore !== null && removedBefore[i] === 1)) continue;
      const shelteredHere = sheltered !== null && sheltered[i] === 1;
      const { rules: candidates, tests } = rulesFor(el.localName);
      for (let r = 0; r < candidates.length; r++) {
        const rule = candidates[r];
        if (shelteredHere && rule.category !== APPLIES_INSIDE_KEPT) continue;
        const reason = tests[r].call(rule, el, context);
        if (reason === null) continue;
        if (keptRoots.has(el)) keptVerdicts[i] ??= { rule, reason };
        else {
          verdicts[i] = { rule, reason };
          judged++;
          if (rule.action !== 'unwrap') removedNow.push(i);
        }
        break;
      }
    }
  };
  /**
   * A later pass can take away what an earlier rule weighed inside an element: a consent banner is
   * kept for the heading it holds, and the orphan-heading rule later takes that heading. Cleaning
   * the cleaned page would then remove the banner. So the elements around each later removal are
   * judged again, by the earlier rules and then the later ones, until nothing more goes: cleaning
   * stays idempotent. Only ancestors can change their verdict (rules weigh what an element holds),
   * and they are few.
   */
  const settle = (fresh: number[], passes: readonly { rules: readonly CleaningRule[]; context: RuleContext }[]) => {
    for (let round = 0; round < SETTLE_ROUNDS && fresh.length > 0; round++) {
      const around = ancestorsOutsideRemoved(elements, fresh, isRemoved);
      if (around.length === 0) return;
      removedNow = [];
      for (const { rules: passRules, context } of passes) judge(passRules, context, null, around.filter((i) => verdicts[i] === undefined));
      fresh = removedNow;
    }
  };
  const passOf = (rule: CleaningRule) => rule.pass ?? 'early';
  let facts = pageFacts(document, isRemoved, undefined, elements);
  const earlyRules = rules.filter((rule) => passOf(rule) === 'early');
  const earlyContext: RuleContext = { document, skip: isRemoved, facts };
  judge(earlyRules, earlyContext, null);
  // Where the running text lies is found afresh for each later pass, without what the passes before removed.
  for (const pass of ['late', 'article'] as const) {
    const passRules = rules.filter((rule) => passOf(rule) === pass);
    if (passRules.length === 0) continue;
    facts = pageFacts(document, isRemoved, facts, elements);
    const context: RuleContext = { document, skip: isRemoved, facts };
    removedNow = [];
    judge(passRules, context, insideRemoved(elements, isRemoved));
    if (pass === 'late') settle(removedNow, [{ rules: earlyRules, context: earlyContext }, { rules: passRules, context }]);
  }
  const kept = keptRoots.size > 0 ? recordKept(keptVerdicts, keptRoots, isRemoved) : [];
  const removed = judged === 0 ? [] : removeJudged(document, verdictOf, isRemoved, elementPath);
  return { removed, kept, elementsBefore: elements.length };
}

/** The elements the keep paths name in this document (a path naming none is ignored), with their paths. */
function findKept(document: Document, elements: readonly Element[], paths: ReadonlySet<string> | undefined): Map<Element, string> {
  const found = new Map<Element, string>();
  if (paths === undefined) return found;
  for (const path of paths) {
    const el = elementAtPath(document, path);
    if (el !== null && elements[el.order] === el) found.set(el, path);
  }
  return found;
}

/** Marks (by `order`) every element strictly inside a kept one: in document order, parents come first. */
function insideKept(elements: readonly Element[], keptRoots: ReadonlyMap<Element, string>): Uint8Array {
  const inside = new Uint8Array(elements.length);
  for (let i = 0; i < elements.length; i++) {
    const parent = elements[i].parentElement;
    if (parent !== null && elements[parent.order] === parent && (inside[parent.order] === 1 || keptRoots.has(parent))) inside[i] = 1;
  }
  return inside;
}

/** Records for the kept elements a rule matched, leaving out any that a removed ancestor takes away. */
function recordKept(keptVerdicts: readonly (Verdict | undefined)[], keptRoots: ReadonlyMap<Element, string>, isRemoved: (el: Element) => boolean): RemovedNode[] {
  const kept: RemovedNode[] = [];
  for (const [el, path] of keptRoots) {
    const verdict = keptVerdicts[el.order];
    if (verdict === undefined) continue;
    let gone = false;
    for (let node = el.parentElement; node !== null && !gone; node = node.parentElement) gone = isRemoved(node);
    if (!gone) kept.push({ ...record(0, el, verdict, () => path, isRemoved), index: el.order });
  }
  // In document order, numbered in it.
  kept.sort((a, b) => a.index - b.index);
  return kept.map((node, index) => ({ ...node, index }));
}

/** Rounds of settling (see cleanDocument): each can only climb, and pages are seldom deeper than this in chains of such changes. */
const SETTLE_ROUNDS = 8;

/**
 * The ancestors of the elements at `indices` that are neither removed nor inside a removed one, as
 * indices from the deepest (last in document order) to the shallowest: the order rules are tried in.
 */
function ancestorsOutsideRemoved(elements: readonly Element[], indices: readonly number[], isRemoved: (el: Element) => boolean): number[] {
  const found = new Set<number>();
  for (const index of indices) {
    const chain: number[] = [];
    let inside = false;
    for (let node = elements[index].parentElement; node !== null; node = node.parentElement) {
      if (elements[node.order] !== node) break;
      if (isRemoved(node)) {
        inside = true;
        break;
      }
      if (found.has(node.order)) break;
      chain.push(node.order);
    }
    if (!inside) for (const at of chain) found.add(at);
  }
  return [...found].sort((a, b) => b - a);
}

/** Marks (by `order`) every element inside a removed subtree: in document order, parents come first. */
function insideRemoved(elements: readonly Element[], isRemoved: (el: Element) => boolean): Uint8Array {
  const inside = new Uint8Array(elements.length);
  for (let i = 0; i < elements.length; i++) {
    const parent = elements[i].parentElement;
    // Parents come first in document order, so the parent's mark is already set.
    if (parent !== null && elements[parent.order] === parent && (inside[parent.order] === 1 || isRemoved(parent))) inside[i] = 1;
  }
  return inside;
}

/** The rules that can match one tag, in rule order, with their tests alongside. */
interface TagRules {
  rules: readonly CleaningRule[];
  /**
   * Each rule's `matches`, read once: rules are object literals of many shapes, so reading the
   * property on every element (a dozen times each) is a slow, megamorphic load.
   */
  tests: readonly CleaningRule['matches'][];
}

/** The rules that can match a tag; computed once per tag name. */
function rulesByTag(rules: readonly CleaningRule[]): (tag: string) => TagRules {
  const cache = new Map<string, TagRules>();
  return (tag) => {
    let entry = cache.get(tag);
    if (entry === undefined) {
      const matching = rules.filter((rule) => rule.tags === undefined || rule.tags.includes(tag));
      entry = { rules: matching, tests: matching.map((rule) => rule.matches) };
      cache.set(tag, entry);
    }
    return entry;
  };
}

function removeJudged(
  document: Document,
  verdictOf: (el: Element) => Verdict | undefined,
  isRemoved: (el: Element) => boolean,
  elementPath: (el: Element) => string,
): RemovedNode[] {
  const removed: RemovedNode[] = [];
  // Parents of what goes, in the order first met: an unwrapped element is met (adding its parent)
  // before any child of it that goes (adding the element itself).
  const parents = new Set<ParentNode>();
  const stack: Node[] = [...document.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    const verdict = verdictOf(el);
    if (verdict !== undefined) {
      removed.push(record(removed.length, el, verdict, elementPath));
      parents.add(el.parentNode!);
      if (isRemoved(el)) continue;
    }
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  }
  const gone: Element[] = [];
  const fate = (child: ChildNode) => {
    const verdict = child.nodeType === ELEMENT_NODE ? verdictOf(child as Element) : undefined;
    if (verdict === undefined) return KEEP;
    if (verdict.rule.action === 'unwrap') return UNWRAP;
    gone.push(child as Element);
    return DROP;
  };
  // Innermost parents first, so an unwrapped element hands over children that are already final.
  for (const parent of [...parents].reverse()) rewriteChildren(parent, fate);
  // Nothing reads a removed subtree again (its record holds strings): see releaseTree.
  for (const el of gone) releaseTree(el);
  return removed;
}

function record(index: number, el: Element, verdict: Verdict, elementPath: (el: Element) => string, skip: ((el: Element) => boolean) | null = null): RemovedNode {
  const action = verdict.rule.action ?? 'remove';
  const location = el.sourceCodeLocation;
  return {
    index,
    ruleId: verdict.rule.id,
    category: verdict.rule.category,
    action,
    reason: verdict.reason,
    tag: el.localName,
    path: elementPath(el),
    // An unwrapped element loses only its tag: none of its text goes.
    textLength: action === 'unwrap' ? 0 : visibleTextLength(el, skip),
    excerpt: htmlExcerpt(el, EXCERPT_CHARS),
    ...(location ? { source: { start: location.startOffset, end: location.endOffset } } : {}),
  };
}
