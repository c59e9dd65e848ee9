// The public types of the core: what convert() takes and what it returns.
import type { BudgetLimits, BudgetOptions } from './budget';
import type { CleaningRule, RuleAction, RuleCategory } from './rules/types';

export type { BudgetLimits, BudgetOptions, CleaningRule, RuleAction, RuleCategory };

/**
 * default: remove only what is unambiguously noise, keep everything else. article: the main content
 * only, as a reader wants it (found by scoring; every cut recorded in the "article" category).
 */
export type ConvertMode = 'default' | 'article';

export interface ConvertOptions {
  /** What to keep: everything but noise (default), or the main content only ('article'). */
  mode?: ConvertMode;
  /** The page's URL: links and images are made absolute against it (and against `<base href>`). */
  url?: string;
  /** Rule categories to apply; every category is on unless set to false here. */
  rules?: Partial<Record<RuleCategory, boolean>>;
  /**
   * Keep what the rules would remove: whole rules by id, or elements by `RemovedNode.path` — each
   * with everything inside it (only scripts, styles and embeds inside are still removed).
   */
  keep?: { rules?: readonly string[]; paths?: readonly string[] };
  /**
   * The site's template, learned by a crawl or a batch from the site's other pages: blocks found
   * there are removed by rule `site-template` (never set for a single page).
   */
  siteTemplate?: SiteTemplate;
  /** Extra rules, tried after the built-in ones. */
  extraRules?: readonly CleaningRule[];
  /** `data:` images: kept inline or dropped (default: dropped, they bloat Markdown). */
  dataImages?: 'keep' | 'drop';
  /** Prefix the Markdown with YAML front matter built from the metadata. */
  frontMatter?: boolean;
  /** Record where each removed element stands in the source HTML (`RemovedNode.source`). */
  sourceLocations?: boolean;
  /**
   * Limits on work for pathological input; a page over them fails with `BudgetExceeded`.
   * Default: twice the input's length in nodes and attributes (at least 50,000, at most 4
   * million), and 10 s plus 3 s per MiB of input (at most 60 s) of CPU time where `cpuClock` is
   * given (the CLI and the app give it), else of wall time.
   */
  budget?: BudgetOptions;
  /** Nesting deeper than this is flattened before Markdown conversion (turndown recurses); at most 1,000. */
  maxDepth?: number;
  /** Told as each stage starts, so a caller can show progress on a large page. */
  onStage?: (stage: ConvertStage) => void;
}

/** Blocks repeated on most pages of one site (see core/template): plain data, so it crosses threads. */
export interface SiteTemplate {
  /** The site, as reasons name it ("example.com"). */
  site: string;
  /** The pages the template was learned from. */
  pages: number;
  /** Fingerprint of a repeated block → on how many of those pages it stood. */
  blocks: Record<string, number>;
}

/** The stages of convert(): parsing, cleaning (with serializing the cleaned DOM), Markdown. */
export type ConvertStage = 'parse' | 'clean' | 'markdown';

export interface RemovedNode {
  /** Position in the removal list (document order). */
  index: number;
  ruleId: string;
  category: RuleCategory;
  action: RuleAction;
  /** Why the rule removed it, in words a user understands. */
  reason: string;
  tag: string;
  /** A short CSS-like path, stable for the same HTML; pass it in `keep.paths` to keep the element. */
  path: string;
  /** Characters of text removed (whitespace collapsed). */
  textLength: number;
  /** The start of the removed HTML, bounded. */
  excerpt: string;
  /** Offsets of the element in the source HTML, when `sourceLocations` was asked for. */
  source?: { start: number; end: number };
}

export interface Metadata {
  title?: string;
  description?: string;
  author?: string;
  published?: string;
  canonicalUrl?: string;
  language?: string;
  siteName?: string;
}

export interface LossCount {
  /** Found in the cleaned DOM. */
  dom: number;
  /** Found in the Markdown. */
  markdown: number;
}

export type LossKind = 'headings' | 'tableCells' | 'listItems' | 'codeBlocks' | 'images' | 'links';

export interface Stats {
  inputBytes: number;
  outputBytes: number;
  elementsBefore: number;
  elementsAfter: number;
  removedByCategory: Record<RuleCategory, number>;
  removedTextLength: number;
  /** Elements that were flattened because they nested deeper than `maxDepth`. */
  flattened: number;
  loss: Record<LossKind, LossCount>;
  timingsMs: { parse: number; clean: number; serialize: number; markdown: number; total: number };
}

export interface Warning {
  /**
   * loss/flattened/invalid-url/unsafe-content come from convert() (unsafe-content: what the outputs
   * left out to stay inert, such as a kept <script>); the loaders add: empty-shell (almost no text,
   * the page is probably built by JavaScript), network-busy (a rendered page's network never went
   * idle), no-text (a PDF without a text layer, e.g. scanned).
   */
  code: 'loss' | 'flattened' | 'invalid-url' | 'unsafe-content' | 'empty-shell' | 'network-busy' | 'no-text';
  message: string;
}

export interface ConvertResult {
  markdown: string;
  cleanedHtml: string;
  removed: RemovedNode[];
  /** The elements `keep.paths` saved from a rule, as that rule would have reported them. */
  kept: RemovedNode[];
  metadata: Metadata;
  stats: Stats;
  warnings: Warning[];
}
