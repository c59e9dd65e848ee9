// convert(html, options): the whole pipeline, pure (string in, result out, no I/O).
//   parse (parse5, once) → metadata → clean (rules, every removal recorded) → URLs → serialize
//   → loss-check counts → Markdown (turndown on the same tree, no re-parse) → loss check.
import { Budget, BudgetExceeded, DEFAULT_BUDGET, limitsFor } from './budget';
import { cleanDocument } from './clean';
import { frontMatter } from './front-matter';
import { type StableHtml, stableHtml } from './inert/stable-html';
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
  const budget = new Budget(limitsFor(html.length, options.budget), options.budget?.cpuClock);
  const started = now();

  options.onStage?.('parse');
  const document = parseHtml(html, { budget, sourceLocations: options.sourceLocations ?? false });
  const parsed = now();

  options.onStage?.('clean');
  let elements = numberElements(document);
  const metadata = extractMetadata(document, options.url, elements);
  const normalized = normalizePage(document, elements, budget);
  if (normalized.changed) elements = numberElements(document);
  const disabledCategories = new Set(RULE_CATEGORIES.filter((category) => options.rules?.[category] === false));
  const cleanOptions = {
    rules: [...rulesOfMode(options.mode), ...(options.siteTemplate ? [siteTemplateRule(options.siteTemplate)] : []), ...(options.extraRules ?? [])],
    disabledCategories,
    keepRules: new Set(options.keep?.rules ?? []),
    keepPaths: new Set(options.keep?.paths ?? []),
    budget,
  };
  const { removed, kept, elementsBefore } = cleanDocument(document, { ...cleanOptions, elements });
  const notes = restoreFootnotes(document, normalized.footnotes);
  const base = documentBase(document, options.url);
  const dataImages = options.dataImages ?? 'drop';
  const urlStats = rewriteUrls(notes.length === 0 ? elements : [...elements, ...notes], base, dataImages);
  const cleaned = now();

  budget.stage = 'serializing';
  // The outputs come from the tree the cleaned HTML parses back to, made inert (see inert/).
  let stable = stableHtml(document, budget);
  const trees = [document];
  // Where that tree is not the one cleaned (markup that mutates between two parses), it is cleaned
  // too: what the outputs hold is then what converting the cleaned HTML again would keep.
  for (let pass = 0; stable.rounds > 1 && !stable.textOnly && pass < 2; pass++) {
    const reparsed = stable.document;
    trees.push(reparsed);
    const reparsedElements = numberElements(reparsed);
    for (const entry of cleanDocument(reparsed, { ...cleanOptions, elements: reparsedElements }).removed) removed.push({ ...entry, index: removed.length });
    urlStats.unsafeLinks += rewriteUrls(reparsedElements, base, dataImages).unsafeLinks;
    const next = stableHtml(reparsed, budget);
    stable = { ...next, inert: { elements: [...stable.inert.elements, ...next.inert.elements], attributes: stable.inert.attributes + next.inert.attributes } };
  }
  const cleanedHtml = stable.html;
  const tree = stable.document;
  const maxDepth = safeDepth(options.maxDepth);
  const { counts: domCounts, elements: elementsAfter } = countDomContent(tree, maxDepth);
  const serialized = now();

  options.onStage?.('markdown');
  const { markdown: bodyMarkdown, flattened } = toMarkdown(tree.body, { maxDepth, budget });
  for (const each of new Set([tree, ...trees])) releaseTree(each);
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
  warnings.push(...inertWarnings(stable));
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

/**
 * What the outputs left out so that they stay inert, in words: elements the rules were told to keep
 * (a script with the unwanted rules off). Attributes (event handlers, javascript: URLs) go silently,
 * as they always have: a page is not worse for losing them.
 */
function inertWarnings(stable: StableHtml): Warning[] {
  const warnings: Warning[] = [];
  const { elements } = stable.inert;
  if (elements.length > 0) {
    const tags = [...new Set(elements)].slice(0, 5).map((tag) => `<${tag}>`).join(', ');
    const verb = elements.length === 1 ? 'was' : 'were';
    warnings.push({ code: 'unsafe-content', message: `${count(elements.length, 'element')} that could run or embed code (${tags}) ${verb} left out of the outputs` });
  }
  if (stable.textOnly) {
    warnings.push({ code: 'unsafe-content', message: 'the cleaned HTML did not parse back to itself and holds only the page\'s text' });
  }
  return warnings;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * Turndown recurses, a few frames per level: deeper than this, a stack of Node's default size
 * (about 1 MB) overflows. A larger maxDepth is lowered to it (flattening more), never trusted.
 */
export const MAX_SAFE_DEPTH = 1000;

function safeDepth(maxDepth: number | undefined): number {
  if (maxDepth === undefined) return DEFAULT_MAX_DEPTH;
  if (!Number.isFinite(maxDepth) || maxDepth < 1) throw new RangeError(`maxDepth must be a positive number, not ${maxDepth}`);
  return Math.min(Math.floor(maxDepth), MAX_SAFE_DEPTH);
}

export { Budget, BudgetExceeded, DEFAULT_BUDGET };
export { ARTICLE_RULES, DEFAULT_RULES, rulesOfMode } from './rules';
export { RULE_CATEGORIES } from './rules/types';
export { SITE_TEMPLATE_RULE_ID, SITE_TEMPLATE_RULE_INFO } from './rules/site-template';
export { learnSiteTemplate, pageFingerprints, TEMPLATE_LIMITS } from './template';
export type * from './types';
