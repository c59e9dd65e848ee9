// Learning a site's template from some of its pages: each page's block fingerprints (parsed and
// normalised as convert() does, so the rule sees the same blocks), and the blocks found on most of
// them. Pure: the crawl or batch that has the pages calls these and passes the result to convert().
import { Budget, DEFAULT_BUDGET, nodeLimitFor } from '../budget';
import { numberElements } from '../dom/nodes';
import { normalizePage } from '../normalize';
import { parseHtml } from '../parse';
import type { SiteTemplate } from '../types';
import { blockFingerprints } from './fingerprints';

export const TEMPLATE_LIMITS = {
  /** Fewer pages than this say nothing about a site's template. */
  minPages: 5,
  /** A block is template when it stands on more than this share of the pages. */
  minShare: 0.5,
} as const;

/** The distinct block fingerprints of one page's HTML; a page over the budget throws BudgetExceeded, as convert() does. */
export function pageFingerprints(html: string): string[] {
  const budget = new Budget({ maxMs: DEFAULT_BUDGET.maxMs, maxNodes: nodeLimitFor(html.length) });
  const document = parseHtml(html, { budget });
  normalizePage(document, numberElements(document));
  budget.checkTime();
  return [...new Set(blockFingerprints(document).values())];
}

/** The blocks on most of a site's pages (each page's fingerprints as pageFingerprints gives them); undefined when too few pages. */
export function learnSiteTemplate(site: string, pages: readonly (readonly string[])[]): SiteTemplate | undefined {
  if (pages.length < TEMPLATE_LIMITS.minPages) return undefined;
  const counts = new Map<string, number>();
  for (const page of pages) for (const fingerprint of new Set(page)) counts.set(fingerprint, (counts.get(fingerprint) ?? 0) + 1);
  const blocks: Record<string, number> = {};
  for (const [fingerprint, count] of counts) if (count > pages.length * TEMPLATE_LIMITS.minShare) blocks[fingerprint] = count;
  return { site, pages: pages.length, blocks };
}
