// A cleaning rule is data, as turndown's rules are: an id, a category, and a `matches` test that
// returns a human reason when the element is noise (and null when it is not). The engine in
// clean.ts applies them; callers switch them off by id or by category.
import type { Document, Element } from '../dom/nodes';
import type { Skip } from '../dom/query';
import type { PageFacts } from './page-facts';

/**
 * unwanted: never content (scripts, styles, embeds); boilerplate: site chrome named by semantic tags;
 * ads: ads and overlays; hidden: what the page itself hides; chrome: page furniture found by
 * structure (outside the declared main region, landmarks, link lists, share bars, comments, …);
 * article: what article mode cuts as outside the main content (only in that mode).
 */
export type RuleCategory = 'unwanted' | 'boilerplate' | 'ads' | 'hidden' | 'chrome' | 'article';

export const RULE_CATEGORIES: readonly RuleCategory[] = ['unwanted', 'boilerplate', 'ads', 'hidden', 'chrome', 'article'];

export type RulePass = 'early' | 'late' | 'article';

/** `remove` drops the element and its subtree; `unwrap` drops only the element and keeps its children. */
export type RuleAction = 'remove' | 'unwrap';

/**
 * What a rule may look at besides the element. Rules are tried on children before their parents,
 * and `skip` names the subtrees already judged to be noise, so a rule that asks what an element
 * holds sees it as it will be after cleaning (and cleaning twice changes nothing).
 */
export interface RuleContext {
  readonly document: Document;
  readonly skip: Skip;
  /** Page-wide facts (main region, where the running text lies), computed when first asked. */
  readonly facts: PageFacts;
}

export interface CleaningRule {
  /** Stable identifier, shown in the removal report and used by `keep.rules`. */
  readonly id: string;
  readonly category: RuleCategory;
  /** One line for the inspector: what the rule removes and why that is safe. */
  readonly describe: string;
  readonly action?: RuleAction;
  /** The tags the rule can match, when it only looks at some: lets the engine skip it elsewhere. */
  readonly tags?: readonly string[];
  /**
   * 'late' rules run in a second pass, after every other rule, and see page facts computed without
   * what the first pass removed (so where the running text ends does not move between two cleanings).
   * 'article' rules run last, on what the default rules left (article mode only).
   */
  readonly pass?: RulePass;
  /** The reason this element is noise, or null when the rule does not apply. */
  matches(el: Element, context: RuleContext): string | null;
}
