// convert(html, options): the whole pipeline, pure (string in, result out, no I/O).
//   parse (parse5, once) → metadata → clean (rules, every removal recorded) → URLs → serialize
//   → loss-check counts → Markdown (turndown on the same tree, no re-parse) → loss check.
import { Budget, BudgetExceeded, DEFAULT_BUDGET, nodeLimitFor } from './budget';
import { cleanDocument } from './clean';
import { serializeDocument } from './dom/serialize';
import { frontMatter } from './front-matter';
import { numberElements, releaseTree } from './dom/nodes';
import { compareCounts, countDomContent, countMarkdownContent } from './loss-check';
import { toMarkdown } from './markdown';
import { extractMetadata } from './metadata';
import { normalizePage, restoreFootnotes } from './normalize';
import { parseHtml } from './parse';
import { rulesOfMode } from './rules';
import { siteTemplateRule } from './rules/site-template';
import { RULE_CATEGORIES, type RuleCategory } from './rules/types';
import { utf8Length } from './text';
import type { ConvertOptions, ConvertResult, Stats, Warning } from './types';
import { documentBase, rewriteUrls } from './urls';

export const DEFAULT_MAX_DEPTH = 256;

function now(): number {
  return performance.now();
}

export function convert(html: string, options: ConvertOptions = {}): ConvertResult {
  if (typeof html !== 'string') throw new TypeError('convert(html): html must be a string');
  const budget = new Budget({
    maxMs: options.budget?.maxMs ?? DEFAULT_BUDGET.maxMs,
    maxNodes: options.budget?.maxNodes ?? nodeLimitFor(html.length),
  });
  const started = now();

  options.onStage?.('parse');
  const document = parseHtml(html, { budget, sourceLocations: options.sourceLocations ?? false });
  const parsed = now();

  options.onStage?.('clean');
  let elements = numberElements(document);
  const metadata = extractMetadata(document, options.url, elements);
  const normalized = normalizePage(document, elements);
  if (normalized.changed) elements = numberElements(document);
  const disabledCategories = new Set(RULE_CATEGORIES.filter((category) => options.rules?.[category] === false));
  const { removed, kept, elementsBefore } = cleanDocument(document, {
    rules: [...rulesOfMode(options.mode), ...(options.siteTemplate ? [siteTemplateRule(options.siteTemplate)] : []), ...(options.extraRules ?? [])],
    disabledCategories,
    keepRules: new Set(options.keep?.rules ?? []),
    keepPaths: new Set(options.keep?.paths ?? []),
    budget,
    elements,
  });
  const notes = restoreFootnotes(document, normalized.footnotes);
  const urlStats = rewriteUrls(notes.length === 0 ? elements : [...elements, ...notes], documentBase(document, options.url), options.dataImages ?? 'drop');
  const cleaned = now();

  budget.stage = 'serializing';
  const cleanedHtml = serializeDocument(document);
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const { counts: domCounts, elements: elementsAfter } = countDomContent(document, maxDepth);
  const serialized = now();

  options.onStage?.('markdown');
  const { markdown: bodyMarkdown, flattened } = toMarkdown(document.body, { maxDepth, budget });
  releaseTree(document);
  // A large page's list is allocated old (in large-object space): emptied, it keeps no element alive.
  elements.length = 0;
  budget.checkTime();
  const converted = now();

  const { loss, warnings: lossWarnings } = compareCounts(domCounts, countMarkdownContent(bodyMarkdown));
  const warnings: Warning[] = [...lossWarnings];
  if (flattened > 0) {
    warnings.push({
      code: 'flattened',
      message: `${flattened} elements nested deeper than ${maxDepth} levels were flattened: their text is kept, their structure is not`,
    });
  }
  if (urlStats.unsafeLinks > 0) {
    warnings.push({ code: 'invalid-url', message: `${urlStats.unsafeLinks} javascript:/vbscript:/data: links were dropped (their text is kept)` });
  }

  const markdown = options.frontMatter
    ? frontMatter({ ...metadata, source: options.url !== undefined && options.url !== metadata.canonicalUrl ? options.url : undefined }) + bodyMarkdown
    : bodyMarkdown;

  const removedByCategory = Object.fromEntries(RULE_CATEGORIES.map((c) => [c, 0])) as Record<RuleCategory, number>;
  for (const entry of removed) removedByCategory[entry.category]++;
  const stats: Stats = {
    inputBytes: utf8Length(html),
    outputBytes: utf8Length(markdown),
    elementsBefore,
    elementsAfter,
    removedByCategory,
    removedTextLength: removed.reduce((sum, entry) => sum + entry.textLength, 0),
    flattened,
    loss,
    timingsMs: {
      parse: parsed - started,
      clean: cleaned - parsed,
      serialize: serialized - cleaned,
      markdown: converted - serialized,
      total: now() - started,
    },
  };
  return { markdown, cleanedHtml, removed, kept, metadata, stats, warnings };
}

export { Budget, BudgetExceeded, DEFAULT_BUDGET };
export { ARTICLE_RULES, DEFAULT_RULES, rulesOfMode } from './rules';
export { RULE_CATEGORIES } from './rules/types';
export { SITE_TEMPLATE_RULE_ID, SITE_TEMPLATE_RULE_INFO } from './rules/site-template';
export { learnSiteTemplate, pageFingerprints, TEMPLATE_LIMITS } from './template';
export type * from './types';
