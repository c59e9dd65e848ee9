// The removal inspector's model: what the rules removed on this conversion, plus what the user
// kept (still listed, so it can be dropped again), grouped by category and then by rule, led by
// what cut the most readable text. Scripts, styles and empty elements cut none: they sink to the
// bottom and start folded, so the removals that matter are the first thing in sight.
import type { RuleInfo } from '../../../shared/contract';
import type { RemovedNode, RuleCategory } from '../../../shared/core/types';
import { categoryLabel, CATEGORIES } from './categories';

export interface RemovalEntry {
  node: RemovedNode;
  /** Kept by the user: on its own, or because its whole rule is kept. */
  kept: false | 'element' | 'rule';
  /** Kept on every page of this site (settings). */
  site: boolean;
  /** Characters of readable text it removes (see readableLength). */
  readable: number;
}

export interface RuleGroup {
  ruleId: string;
  describe: string;
  entries: RemovalEntry[];
  ruleKept: boolean;
  readable: number;
  /** Removes no readable text at all (scripts, styles, empty elements): folded at first. */
  noise: boolean;
}

export interface CategoryGroup {
  category: RuleCategory;
  on: boolean;
  /** Elements this category removes now. */
  removed: number;
  readable: number;
  noise: boolean;
  rules: RuleGroup[];
}

export interface KeepState {
  /** Kept elements by path, with the removal record they had (to list them while kept). */
  paths: Record<string, RemovedNode>;
  /** Kept rules by id, with the elements they had removed. */
  rules: Record<string, RemovedNode[]>;
  categories: Record<RuleCategory, boolean>;
}

/**
 * The readable text an element takes away. The core counts a script's or a style sheet's source
 * as its text; no reader would, so what is never content counts nothing here.
 */
export function readableLength(node: RemovedNode): number {
  return node.category === 'unwanted' || node.action === 'unwrap' ? 0 : node.textLength;
}

export function readableRemoved(removed: readonly RemovedNode[]): number {
  let total = 0;
  for (const node of removed) total += readableLength(node);
  return total;
}

export interface GroupOptions {
  /** Paths kept on every page of this page's site. */
  sitePaths?: ReadonlySet<string>;
  /** Only entries whose tag, rule, reason, path or excerpt hold this (any case). */
  filter?: string;
}

function matcher(filter: string | undefined): ((entry: RemovalEntry, describe: string) => boolean) | null {
  const words = (filter ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return ({ node }, describe) => {
    const haystack = `<${node.tag}> ${node.ruleId} ${node.reason} ${node.path} ${node.excerpt} ${describe} ${categoryLabel(node.category)}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
}

const byReadable = <T extends { readable: number }>(a: T, b: T) => b.readable - a.readable;

export function groupRemovals(current: readonly RemovedNode[], keep: KeepState, rules: readonly RuleInfo[], options: GroupOptions = {}): CategoryGroup[] {
  const sitePaths = options.sitePaths ?? new Set<string>();
  const entry = (node: RemovedNode, kept: RemovalEntry['kept']): RemovalEntry => ({ node, kept, site: sitePaths.has(node.path), readable: readableLength(node) });
  const byPath = new Map<string, RemovalEntry>();
  for (const node of current) byPath.set(node.path, entry(node, false));
  for (const [ruleId, nodes] of Object.entries(keep.rules)) {
    for (const node of nodes) if (!byPath.has(node.path) && node.ruleId === ruleId) byPath.set(node.path, entry(node, 'rule'));
  }
  for (const node of Object.values(keep.paths)) if (!byPath.has(node.path)) byPath.set(node.path, entry(node, 'element'));

  const describe = new Map(rules.map((rule) => [rule.id, rule.describe]));
  const matches = matcher(options.filter);
  const groups = CATEGORIES.map((category): CategoryGroup => {
    const on = keep.categories[category] !== false;
    const ruleGroups = new Map<string, RuleGroup>();
    if (on) {
      for (const item of byPath.values()) {
        if (item.node.category !== category) continue;
        const id = item.node.ruleId;
        const text = describe.get(id) ?? item.node.reason;
        if (matches && !matches(item, text)) continue;
        let group = ruleGroups.get(id);
        if (!group) {
          group = { ruleId: id, describe: text, entries: [], ruleKept: id in keep.rules, readable: 0, noise: true };
          ruleGroups.set(id, group);
        }
        group.entries.push(item);
        group.readable += item.readable;
      }
    }
    const sorted = [...ruleGroups.values()];
    for (const group of sorted) {
      group.noise = group.readable === 0;
      // Most text first; equal ones (all the scripts) in document order.
      group.entries.sort((a, b) => b.readable - a.readable || (a.node.source?.start ?? a.node.index) - (b.node.source?.start ?? b.node.index));
    }
    sorted.sort(byReadable);
    const readable = sorted.reduce((sum, group) => sum + group.readable, 0);
    const removed = current.filter((node) => node.category === category).length;
    return { category, on, removed, readable, noise: sorted.length > 0 && sorted.every((group) => group.noise), rules: sorted };
  });
  // Categories by the text they cut; the core's order among equals (Array.prototype.sort is stable).
  return groups.sort(byReadable);
}

/** The convert options for the keep state. */
export function keepOptions(keep: KeepState): { rules: Record<RuleCategory, boolean>; keep: { paths: string[]; rules: string[] } } {
  return { rules: { ...keep.categories }, keep: { paths: Object.keys(keep.paths), rules: Object.keys(keep.rules) } };
}
