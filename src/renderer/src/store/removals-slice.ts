// What the user keeps of what the rules removed, per element, per rule or per category, and which
// removal is selected (highlighted in the original pane). Every change re-converts the page.
import type { StateCreator } from 'zustand';
import type { RemovedNode, RuleCategory } from '../../../shared/core/types';
import { allCategories } from '../lib/categories';
import type { KeepState } from '../lib/removals';
import type { AppState } from './types';

export interface RemovalsSlice {
  keep: KeepState;
  /** Path of the selected removal. */
  selectedPath: string | null;
  resetRemovals(categories: Record<RuleCategory, boolean>): void;
  toggleKeepElement(node: RemovedNode): void;
  toggleKeepRule(ruleId: string): void;
  setCategory(category: RuleCategory, on: boolean): void;
  select(path: string | null): void;
}

export const createRemovalsSlice: StateCreator<AppState, [], [], RemovalsSlice> = (set, get) => {
  const change = (keep: KeepState) => {
    set({ keep });
    void get().reconvert();
  };
  return {
    keep: { paths: {}, rules: {}, categories: allCategories() },
    selectedPath: null,

    resetRemovals: (categories) => set({ keep: { paths: {}, rules: {}, categories: { ...categories } }, selectedPath: null }),

    toggleKeepElement: (node) => {
      const { keep } = get();
      const paths = { ...keep.paths };
      if (node.path in paths) delete paths[node.path];
      else paths[node.path] = node;
      change({ ...keep, paths });
    },

    toggleKeepRule: (ruleId) => {
      const { keep, result } = get();
      const rules = { ...keep.rules };
      if (ruleId in rules) delete rules[ruleId];
      else rules[ruleId] = (result?.removed ?? []).filter((node) => node.ruleId === ruleId);
      change({ ...keep, rules });
    },

    setCategory: (category, on) => {
      const { keep } = get();
      change({ ...keep, categories: { ...keep.categories, [category]: on } });
    },

    select: (path) => set({ selectedPath: path }),
  };
};
