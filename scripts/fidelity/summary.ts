// Pass rates of the round trip: overall, on the core examples (no raw HTML in the Markdown), per
// suite and per section. A core pass whose Markdown used raw HTML is counted apart: passing HTML
// through is not converting it.
import type { Suite } from './examples';
import type { RoundTrip } from './round-trip';

export interface Tally {
  examples: number;
  passes: number;
  core: number;
  /** Core examples passed with Markdown only. */
  corePasses: number;
  /** Core examples passed, but only because the output carried raw HTML. */
  corePassesWithRawHtml: number;
  errors: number;
}

export function tally(results: readonly RoundTrip[]): Tally {
  const counts: Tally = { examples: 0, passes: 0, core: 0, corePasses: 0, corePassesWithRawHtml: 0, errors: 0 };
  for (const result of results) {
    counts.examples++;
    if (result.pass) counts.passes++;
    if (result.error !== undefined) counts.errors++;
    if (!result.core) continue;
    counts.core++;
    if (result.pass && result.addedRawHtml) counts.corePassesWithRawHtml++;
    else if (result.pass) counts.corePasses++;
  }
  return counts;
}

export interface ConverterSummary {
  converter: string;
  overall: Tally;
  bySuite: Record<Suite, Tally>;
  bySection: Map<string, Tally>;
}

export function summarize(converter: string, results: readonly RoundTrip[]): ConverterSummary {
  const sections = new Map<string, RoundTrip[]>();
  for (const result of results) {
    const list = sections.get(result.example.section) ?? [];
    list.push(result);
    sections.set(result.example.section, list);
  }
  return {
    converter,
    overall: tally(results),
    bySuite: {
      commonmark: tally(results.filter((result) => result.example.suite === 'commonmark')),
      gfm: tally(results.filter((result) => result.example.suite === 'gfm')),
    },
    bySection: new Map([...sections].map(([section, list]) => [section, tally(list)])),
  };
}

/**
 * Failing example numbers per section, in spec order: "*" marks examples with raw HTML in them,
 * "(html)" core examples that passed only through raw HTML in the output.
 */
export function failuresBySection(results: readonly RoundTrip[]): Map<string, string[]> {
  const failures = new Map<string, string[]>();
  for (const result of results) {
    // A pass counts unless it was a core example passed with raw HTML the example did not have.
    if (result.pass && !result.addedRawHtml) continue;
    const list = failures.get(result.example.section) ?? [];
    const label = result.example.id.replace(/^(cm|gfm-ext|gfm)-/, '');
    list.push(`${label}${result.core ? '' : '*'}${result.pass ? '(html)' : ''}`);
    failures.set(result.example.section, list);
  }
  return failures;
}
