// A Markdown rule, as turndown's rules are (a filter and a replacement), keyed by tag so the service
// finds a node's rule with one lookup instead of trying every rule on every node.
import type TurndownService from 'turndown';
import type { Element } from '../dom/nodes';

export interface MarkdownRule {
  /** Lower-case tag names the rule is for. */
  tags: readonly string[];
  /** A further condition on the element, when the tag alone does not decide. */
  when?: (el: Element) => boolean;
  replacement: (content: string, el: Element, options: TurndownService.Options) => string;
}

export type RulesByTag = ReadonlyMap<string, readonly MarkdownRule[]>;

export function indexByTag(rules: Iterable<MarkdownRule>): RulesByTag {
  const index = new Map<string, MarkdownRule[]>();
  for (const rule of rules) {
    for (const tag of rule.tags) {
      const list = index.get(tag) ?? [];
      list.push(rule);
      index.set(tag, list);
    }
  }
  return index;
}

export function ruleFor(index: RulesByTag, el: Element): MarkdownRule | undefined {
  const candidates = index.get(el.localName);
  if (candidates === undefined) return undefined;
  for (const rule of candidates) if (rule.when === undefined || rule.when(el)) return rule;
  return undefined;
}
