// The fidelity tables and the failure listing.
import { percent, formatTable } from '../eval/table';
import type { RoundTrip } from './round-trip';
import { normalizeHtml } from './normalize';
import type { ConverterSummary, Tally } from './summary';

function rate(passes: number, total: number): string {
  return `${passes}/${total} ${percent(passes, total)}`;
}

export function summaryTable(summaries: readonly ConverterSummary[]): string {
  const rows = summaries.map((summary) => [
    summary.converter,
    rate(summary.overall.corePasses, summary.overall.core),
    summary.overall.corePassesWithRawHtml,
    rate(summary.bySuite.commonmark.corePasses, summary.bySuite.commonmark.core),
    rate(summary.bySuite.gfm.corePasses, summary.bySuite.gfm.core),
    rate(summary.overall.passes, summary.overall.examples),
    summary.overall.errors,
  ]);
  return formatTable(
    ['converter', 'core (CM+GFM)', '+core via raw HTML', 'core CommonMark', 'core GFM', 'all examples', 'errors'],
    rows,
    { align: ['left', 'right', 'right', 'right', 'right', 'right', 'right'] },
  );
}

const SECTION_WIDTH = 48;

export function sectionTable(summaries: readonly ConverterSummary[]): string {
  const sections = [...summaries[0].bySection.keys()];
  const cell = (tally: Tally | undefined) => (tally ? `${tally.passes}/${tally.examples}` : '—');
  const coreCell = (tally: Tally | undefined) => (tally && tally.core > 0 ? `${tally.corePasses}/${tally.core}` : '—');
  const rows = sections.map((section) => [
    section.length > SECTION_WIDTH ? `${section.slice(0, SECTION_WIDTH - 1)}…` : section,
    ...summaries.flatMap((summary) => [cell(summary.bySection.get(section)), coreCell(summary.bySection.get(section))]),
  ]);
  const header = ['section', ...summaries.flatMap((summary) => [`${summary.converter} all`, 'core'])];
  return formatTable(header, rows, { align: ['left', ...summaries.flatMap(() => ['right', 'right'] as const)] });
}

function indent(text: string): string {
  return text
    .replace(/\t/g, '→')
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

export function describeFailure(result: RoundTrip): string {
  const { example } = result;
  const kind = result.pass ? 'passes only through raw HTML' : 'fails';
  return [
    `── ${example.id} (${example.section}) ${kind}${result.core ? '' : ' [example has raw HTML]'}${result.error ? ` — ${result.error}` : ''}`,
    '  markdown (example):',
    indent(example.markdown),
    '  html (reference):',
    indent(result.html),
    '  markdown (ours):',
    indent(result.markdown),
    '  html (ours, re-rendered):',
    indent(result.rerendered),
    '  normalised: expected | got',
    indent(normalizeHtml(result.html)),
    indent(normalizeHtml(result.rerendered)),
    '',
  ].join('\n');
}
