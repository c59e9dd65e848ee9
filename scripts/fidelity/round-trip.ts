// One example through the round trip: Markdown → reference HTML → converter → Markdown → HTML again.
import type { Converter } from './converters';
import type { Example } from './examples';
import { normalizeHtml } from './normalize';
import { hasRawHtml, rendererFor } from './renderers';

export interface RoundTrip {
  example: Example;
  converter: string;
  /** The reference rendering of the example's Markdown. */
  html: string;
  markdown: string;
  rerendered: string;
  pass: boolean;
  /** The example's Markdown has no raw HTML: a converter can only pass it with Markdown. */
  core: boolean;
  /** The converter wrote raw HTML that the example's Markdown did not have. */
  addedRawHtml: boolean;
  error?: string;
}

export function roundTrip(example: Example, converter: Converter, html: string, core: boolean): RoundTrip {
  const render = rendererFor(example.suite);
  let markdown = '';
  let rerendered = '';
  let error: string | undefined;
  try {
    markdown = converter.toMarkdown(html);
    rerendered = render(markdown);
  } catch (cause) {
    error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  }
  const pass = error === undefined && normalizeHtml(rerendered) === normalizeHtml(html);
  const exampleHasHtml = !core;
  return {
    example,
    converter: converter.name,
    html,
    markdown,
    rerendered,
    pass,
    core,
    addedRawHtml: error === undefined && !exampleHasHtml && hasRawHtml(markdown),
    ...(error !== undefined ? { error } : {}),
  };
}

export function runRoundTrips(examples: readonly Example[], converters: readonly Converter[]): Map<string, RoundTrip[]> {
  const results = new Map<string, RoundTrip[]>(converters.map((converter) => [converter.name, []]));
  for (const example of examples) {
    const html = rendererFor(example.suite)(example.markdown);
    const core = !hasRawHtml(example.markdown);
    for (const converter of converters) results.get(converter.name)!.push(roundTrip(example, converter, html, core));
  }
  return results;
}
