// The removal inspector's model: what the rules removed on this conversion, plus what the user
// kept (still listed, so it can be dropped again), grouped by category and then by rule.
import type { RuleInfo } from '../../../shared/contract';
import type { RemovedNode, RuleCategory } from '../../../shared/core/types';
import { CATEGORIES } from './categories';

export interface RemovalEntry {
  node: RemovedNode;
  /** Kept by the user: on its own, or because its whole rule is kept. */
  kept: false | 'element' | 'rule';
}

export interface RuleGroup {
  ruleId: string;
  describe: string;
  entries: RemovalEntry[];
  ruleKept: boolean;
}

export interface CategoryGroup {
  category: RuleCategory;
  on: boolean;
  /** Elements this category removes now. */
  removed: number;
  rules: RuleGroup[];
}

export interface KeepState {
  /** Kept elements by path, with the removal record they had (to list them while kept). */
  paths: Record<string, RemovedNode>;
  /** Kept rules by id, with the elements they had removed. */
  rules: Record<string, RemovedNode[]>;
  categories: Record<RuleCategory, boolean>;
}

export function groupRemovals(current: readonly RemovedNode[], keep: KeepState, rules: readonly RuleInfo[]): CategoryGroup[] {
  const byPath = new Map<string, RemovalEntry>();
  for (const node of current) byPath.set(node.path, { node, kept: false });
  for (const [ruleId, nodes] of Object.entries(keep.rules)) {
    for (const node of nodes) if (!byPath.has(node.path) && node.ruleId === ruleId) byPath.set(node.path, { node, kept: 'rule' });
  }
  for (const node of Object.values(keep.paths)) if (!byPath.has(node.path)) byPath.set(node.path, { node, kept: 'element' });

  const describe = new Map(rules.map((rule) => [rule.id, rule.describe]));
  const order = new Map(rules.map((rule, index) => [rule.id, index]));
  return CATEGORIES.map((category) => {
    const on = keep.categories[category] !== false;
    const groups = new Map<string, RuleGroup>();
    if (on) {
      const entries = [...byPath.values()].filter((entry) => entry.node.category === category);
      entries.sort((a, b) => (a.node.source?.start ?? a.node.index) - (b.node.source?.start ?? b.node.index));
      for (const entry of entries) {
        const id = entry.node.ruleId;
        let group = groups.get(id);
        if (!group) {
          group = { ruleId: id, describe: describe.get(id) ?? entry.node.reason, entries: [], ruleKept: id in keep.rules };
          groups.set(id, group);
        }
        group.entries.push(entry);
      }
    }
    const sorted = [...groups.values()].sort((a, b) => (order.get(a.ruleId) ?? 999) - (order.get(b.ruleId) ?? 999));
    return { category, on, removed: current.filter((node) => node.category === category).length, rules: sorted };
  });
}

/** The convert options for the keep state. */
export function keepOptions(keep: KeepState): { rules: Record<RuleCategory, boolean>; keep: { paths: string[]; rules: string[] } } {
  return { rules: { ...keep.categories }, keep: { paths: Object.keys(keep.paths), rules: Object.keys(keep.rules) } };
}
