// What the user keeps of what the rules removed, per element, per rule or per category, and which
// removal is selected (highlighted in the original pane). Every change re-converts the page, and
// says once it is done what it changed (see page-slice's reconvert).
import type { StateCreator } from 'zustand';
import type { RemovedNode, RuleCategory } from '../../../shared/core/types';
import { siteOf } from '../../../shared/site-keeps';
import { allCategories, categoryLabel } from '../lib/categories';
import { type KeepState, readableRemoved } from '../lib/removals';
import type { AppState } from './types';

/** A keep change on its way: what it is called, and the page as it was before it. */
export interface PendingChange {
  label: string;
  before: { readable: number; markdown: string } | null;
}

export interface RemovalsSlice {
  keep: KeepState;
  /** Path of the selected removal. */
  selectedPath: string | null;
  pendingChange: PendingChange | null;
  resetRemovals(categories: Record<RuleCategory, boolean>, kept?: readonly RemovedNode[]): void;
  toggleKeepElement(node: RemovedNode): void;
  toggleKeepRule(ruleId: string): void;
  setCategory(category: RuleCategory, on: boolean): void;
  /** "Always keep this on <site>": remembered in settings, and kept on this page now. */
  toggleSiteKeep(node: RemovedNode): void;
  select(path: string | null): void;
}

export const createRemovalsSlice: StateCreator<AppState, [], [], RemovalsSlice> = (set, get) => {
  const change = (keep: KeepState, label: string) => {
    const { result, pendingChange } = get();
    // Changes made while one converts are told as one, against the page before the first.
    const before = pendingChange?.before ?? (result ? { readable: readableRemoved(result.removed), markdown: result.markdown } : null);
    set({ keep, pendingChange: { label, before } });
    void get().reconvert();
  };
  return {
    keep: { paths: {}, rules: {}, categories: allCategories() },
    selectedPath: null,
    pendingChange: null,

    resetRemovals: (categories, kept = []) =>
      set({ keep: { paths: Object.fromEntries(kept.map((node) => [node.path, node])), rules: {}, categories: { ...categories } }, selectedPath: null, pendingChange: null }),

    toggleKeepElement: (node) => {
      const { keep } = get();
      const paths = { ...keep.paths };
      const keeping = !(node.path in paths);
      if (keeping) paths[node.path] = node;
      else delete paths[node.path];
      change({ ...keep, paths }, keeping ? `Kept <${node.tag}>` : `Dropped <${node.tag}> again`);
    },

    toggleKeepRule: (ruleId) => {
      const { keep, result } = get();
      const rules = { ...keep.rules };
      const keeping = !(ruleId in rules);
      if (keeping) rules[ruleId] = (result?.removed ?? []).filter((node) => node.ruleId === ruleId);
      else delete rules[ruleId];
      change({ ...keep, rules }, keeping ? `Kept everything ${ruleId} removes` : `${ruleId} removes again`);
    },

    setCategory: (category, on) => {
      const { keep } = get();
      change({ ...keep, categories: { ...keep.categories, [category]: on } }, `${categoryLabel(category)} ${on ? 'on' : 'off'}`);
    },

    toggleSiteKeep: (node) => {
      const { page, settings, keep } = get();
      const site = siteOf(page?.url) ?? siteOf(page?.finalUrl);
      if (site === null) return;
      const always = !(settings.siteKeeps[site] ?? []).some((k) => k.path === node.path);
      get().setSiteKeep(site, node, always);
      if (always && !(node.path in keep.paths)) change({ ...keep, paths: { ...keep.paths, [node.path]: node } }, `Kept <${node.tag}> on every page of ${site}`);
      else get().say(always ? `<${node.tag}> is kept on every page of ${site}` : `<${node.tag}> is no longer kept on every page of ${site} (still kept here)`, 'info');
    },

    select: (path) => set({ selectedPath: path }),
  };
};
