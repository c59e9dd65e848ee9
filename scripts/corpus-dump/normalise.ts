// One page's outputs in a fixed form, whatever the shape of the object that carried them: the same
// fields in the same order, run-dependent values (timings, temporary folders, ports, ids) taken out,
// big strings as their length and SHA-256 (the Markdown stays whole, to read a difference).
import { createHash } from 'node:crypto';

type Loose = Record<string, unknown> | undefined;

/** A field of the page, of its `source` facts or of its `result` (the fields moved there at some point). */
function field(page: Loose, name: string): unknown {
  if (!page) return undefined;
  for (const holder of [page, page.source as Loose, page.result as Loose]) {
    if (holder && Object.hasOwn(holder, name)) return holder[name];
  }
  return undefined;
}

/** Length and SHA-256 of a string, after `clean` took out what depends on the run (a port, a folder). */
export function digest(text: unknown, clean: (text: string) => string = (t) => t): unknown {
  if (typeof text !== 'string') return text;
  const cleaned = clean(text);
  return { chars: cleaned.length, sha256: createHash('sha256').update(cleaned).digest('hex') };
}

function withoutTimings(stats: unknown): unknown {
  if (typeof stats !== 'object' || stats === null) return stats;
  const { timingsMs: _timings, ...rest } = stats as Record<string, unknown>;
  return rest;
}

/**
 * What a page (the library's, the CLI's --json, the app's) says about one input. A failed page says
 * what was asked for, the error and the HTTP status, and nothing else (it converted nothing).
 */
export function normalisePage(page: Loose, clean?: (text: string) => string): Record<string, unknown> {
  if (field(page, 'ok') !== true) {
    return { ok: field(page, 'ok'), url: field(page, 'url'), status: field(page, 'status'), error: field(page, 'error') };
  }
  return {
    ok: true,
    url: field(page, 'url'),
    finalUrl: field(page, 'finalUrl'),
    status: field(page, 'status'),
    contentType: field(page, 'contentType'),
    encoding: field(page, 'encoding'),
    rendered: field(page, 'rendered'),
    title: (field(page, 'metadata') as Loose)?.title,
    metadata: field(page, 'metadata'),
    warnings: field(page, 'warnings'),
    stats: withoutTimings(field(page, 'stats')),
    removed: field(page, 'removed'),
    originalHtml: digest(field(page, 'originalHtml'), clean),
    cleanedHtml: digest(field(page, 'cleanedHtml'), clean),
    markdown: field(page, 'markdown'),
  };
}

/** A conversion result (the app's re-conversion answers one). */
export function normaliseResult(result: Loose, clean?: (text: string) => string): Record<string, unknown> {
  return {
    metadata: result?.metadata,
    warnings: result?.warnings,
    stats: withoutTimings(result?.stats),
    removed: result?.removed,
    cleanedHtml: digest(result?.cleanedHtml, clean),
    markdown: result?.markdown,
  };
}

/** JSON with run-dependent strings replaced by placeholders. */
export function stableJson(value: unknown, replacements: ReadonlyArray<[string, string]>): string {
  let text = `${JSON.stringify(value, null, 1)}\n`;
  for (const [from, to] of replacements) text = text.split(from).join(to);
  return text;
}
