// Settings the user expects to find again: loading defaults, rule categories, export options,
// theme, preview permissions, the pane layout, recently loaded pages and the elements kept on
// every page of a site. Persisted (see index.ts).
import type { StateCreator } from 'zustand';
import { BATCH_DEFAULTS, type BatchSettings, mergeBatchSettings } from '../../../shared/batch';
import { LIMITS } from '../../../shared/contract';
import type { RemovedNode, RuleCategory } from '../../../shared/core/types';
import type { SiteKeeps } from '../../../shared/site-keeps';
import { allCategories, CATEGORIES } from '../lib/categories';
import type { AppState } from './types';

export type Theme = 'system' | 'light' | 'dark';
export type PaneView = 'source' | 'view';

export interface Layout {
  /** Widths of the original, cleaned and Markdown panes, as fractions. */
  sizes: [number, number, number];
  collapsed: [boolean, boolean, boolean];
  inspectorHeight: number;
  inspectorOpen: boolean;
}

export interface RecentPage {
  /** What was typed: a URL or a path (only those can be loaded again). */
  input: string;
  title?: string;
  at: number;
}

/** An element kept on every page of a site: its path, and enough to recognise it in a list. */
export interface SiteKeep {
  path: string;
  tag: string;
  ruleId: string;
  excerpt: string;
  at: number;
}

export interface Settings {
  render: boolean;
  timeoutMs: number;
  userAgent: string;
  waitFor: string;
  extraWaitMs: number;
  categories: Record<RuleCategory, boolean>;
  /** Article mode: the main content only (pages and batch runs). */
  article: boolean;
  frontMatter: boolean;
  includeCleanedHtml: boolean;
  theme: Theme;
  remoteImages: boolean;
  originalView: PaneView;
  cleanedView: PaneView;
  markdownView: PaneView;
  layout: Layout;
  recent: RecentPage[];
  /** The Batch view's options, as last used. */
  batch: BatchSettings;
  /** A page's conversion budget, as the CLI's --max-time (seconds of CPU) and --max-nodes; 0 is the default. */
  maxTimeS: number;
  maxNodes: number;
  /** "Always keep this on example.com", by site (see siteOf). */
  siteKeeps: Record<string, SiteKeep[]>;
}

export const MAX_RECENT = 12;

export const DEFAULT_SETTINGS: Settings = {
  render: false,
  timeoutMs: 30_000,
  userAgent: '',
  waitFor: '',
  extraWaitMs: 0,
  categories: allCategories(),
  article: false,
  frontMatter: false,
  includeCleanedHtml: false,
  theme: 'system',
  remoteImages: false,
  originalView: 'source',
  cleanedView: 'source',
  markdownView: 'source',
  layout: { sizes: [0.36, 0.32, 0.32], collapsed: [false, false, false], inspectorHeight: 230, inspectorOpen: true },
  recent: [],
  batch: BATCH_DEFAULTS,
  maxTimeS: 0,
  maxNodes: 0,
  siteKeeps: {},
};

/** The budget the settings ask for, or undefined for the defaults (the CLI's). */
export function budgetOf(settings: Pick<Settings, 'maxTimeS' | 'maxNodes'>): { maxMs?: number; maxNodes?: number } | undefined {
  const budget: { maxMs?: number; maxNodes?: number } = {};
  if (settings.maxTimeS > 0) budget.maxMs = Math.round(settings.maxTimeS * 1000);
  if (settings.maxNodes > 0) budget.maxNodes = Math.round(settings.maxNodes);
  return Object.keys(budget).length > 0 ? budget : undefined;
}

export interface SettingsSlice {
  settings: Settings;
  updateSettings(patch: Partial<Settings>): void;
  updateLayout(patch: Partial<Layout>): void;
  addRecent(page: Omit<RecentPage, 'at'>): void;
  /** Keeps (or stops keeping) an element on every page of a site. */
  setSiteKeep(site: string, node: RemovedNode, on: boolean): void;
}

/** The paths of the site keeps, as the batch and the conversion take them. */
export function siteKeepPaths(siteKeeps: Settings['siteKeeps']): SiteKeeps {
  return Object.fromEntries(Object.entries(siteKeeps).map(([site, keeps]) => [site, keeps.map((keep) => keep.path)]));
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set) => ({
  settings: DEFAULT_SETTINGS,
  updateSettings: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
  updateLayout: (patch) => set((state) => ({ settings: { ...state.settings, layout: { ...state.settings.layout, ...patch } } })),
  addRecent: (page) =>
    set((state) => {
      const recent = [{ ...page, at: Date.now() }, ...state.settings.recent.filter((r) => r.input !== page.input)].slice(0, MAX_RECENT);
      return { settings: { ...state.settings, recent } };
    }),
  setSiteKeep: (site, node, on) =>
    set((state) => {
      const siteKeeps = { ...state.settings.siteKeeps };
      const others = (siteKeeps[site] ?? []).filter((keep) => keep.path !== node.path);
      const keeps = on ? [...others, { path: node.path, tag: node.tag, ruleId: node.ruleId, excerpt: node.excerpt.slice(0, 240), at: Date.now() }].slice(-LIMITS.maxKeepsPerSite) : others;
      if (keeps.length > 0) siteKeeps[site] = keeps;
      else delete siteKeeps[site];
      return { settings: { ...state.settings, siteKeeps } };
    }),
});

const SITE = /^[\w.:[\]-]{1,260}$/;

function siteKeepsOf(value: unknown): Settings['siteKeeps'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const sites = Object.entries(value as Record<string, unknown>).filter(([site, keeps]) => SITE.test(site) && Array.isArray(keeps));
  return Object.fromEntries(
    sites.slice(0, LIMITS.maxKeepSites).map(([site, keeps]) => [
      site,
      (keeps as unknown[])
        .filter((k): k is SiteKeep => typeof k === 'object' && k !== null && typeof (k as SiteKeep).path === 'string' && (k as SiteKeep).path.length <= 4096)
        .slice(0, LIMITS.maxKeepsPerSite)
        .map((k) => ({ path: k.path, tag: String(k.tag ?? ''), ruleId: String(k.ruleId ?? ''), excerpt: String(k.excerpt ?? '').slice(0, 240), at: typeof k.at === 'number' ? k.at : 0 })),
    ]),
  );
}

function same<T>(value: unknown, fallback: T): T {
  return typeof value === typeof fallback && value !== null ? (value as T) : fallback;
}

/** Within the range the app's requests allow (a stored value from an older version may lie outside). */
function within(limits: { min: number; max: number }, value: number): number {
  return Math.min(limits.max, Math.max(limits.min, value));
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function fractions(value: unknown, fallback: [number, number, number]): [number, number, number] {
  if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'number' && v > 0.02 && v < 1)) return fallback;
  const total = value.reduce((a: number, b: number) => a + b, 0);
  return value.map((v: number) => v / total) as [number, number, number];
}

/** Stored settings over the defaults, field by field: old or damaged data never breaks the app. */
export function mergeSettings(stored: unknown, defaults: Settings = DEFAULT_SETTINGS): Settings {
  if (typeof stored !== 'object' || stored === null) return defaults;
  const s = stored as Record<string, unknown>;
  const layout = (typeof s.layout === 'object' && s.layout !== null ? s.layout : {}) as Record<string, unknown>;
  const categories = (typeof s.categories === 'object' && s.categories !== null ? s.categories : {}) as Record<string, unknown>;
  const collapsed = Array.isArray(layout.collapsed) && layout.collapsed.length === 3 ? layout.collapsed.map(Boolean) : defaults.layout.collapsed;
  return {
    render: same(s.render, defaults.render),
    timeoutMs: within(LIMITS.timeoutMs, same(s.timeoutMs, defaults.timeoutMs)),
    userAgent: same(s.userAgent, defaults.userAgent),
    waitFor: same(s.waitFor, defaults.waitFor),
    extraWaitMs: within(LIMITS.extraWaitMs, same(s.extraWaitMs, defaults.extraWaitMs)),
    categories: Object.fromEntries(CATEGORIES.map((c) => [c, same(categories[c], defaults.categories[c] ?? true)])) as Record<RuleCategory, boolean>,
    article: same(s.article, defaults.article),
    frontMatter: same(s.frontMatter, defaults.frontMatter),
    includeCleanedHtml: same(s.includeCleanedHtml, defaults.includeCleanedHtml),
    theme: oneOf(s.theme, ['system', 'light', 'dark'], defaults.theme),
    remoteImages: same(s.remoteImages, defaults.remoteImages),
    originalView: oneOf(s.originalView, ['source', 'view'], defaults.originalView),
    cleanedView: oneOf(s.cleanedView, ['source', 'view'], defaults.cleanedView),
    markdownView: oneOf(s.markdownView, ['source', 'view'], defaults.markdownView),
    layout: {
      sizes: fractions(layout.sizes, defaults.layout.sizes),
      collapsed: collapsed as [boolean, boolean, boolean],
      inspectorHeight: Math.min(2000, Math.max(80, same(layout.inspectorHeight, defaults.layout.inspectorHeight))),
      inspectorOpen: same(layout.inspectorOpen, defaults.layout.inspectorOpen),
    },
    recent: Array.isArray(s.recent)
      ? s.recent
          .filter((r): r is RecentPage => typeof r === 'object' && r !== null && typeof (r as RecentPage).input === 'string' && typeof (r as RecentPage).at === 'number')
          .map((r) => ({ input: r.input, title: typeof r.title === 'string' ? r.title : undefined, at: r.at }))
          .slice(0, MAX_RECENT)
      : defaults.recent,
    batch: mergeBatchSettings(s.batch, defaults.batch),
    maxTimeS: Math.min(600, Math.max(0, same(s.maxTimeS, defaults.maxTimeS))),
    maxNodes: Math.min(100_000_000, Math.max(0, Math.round(same(s.maxNodes, defaults.maxNodes)))),
    siteKeeps: s.siteKeeps === undefined ? defaults.siteKeeps : siteKeepsOf(s.siteKeeps),
  };
}

/** The convert() mode the settings ask for. */
export function modeOf(settings: Pick<Settings, 'article'>): 'default' | 'article' {
  return settings.article ? 'article' : 'default';
}
