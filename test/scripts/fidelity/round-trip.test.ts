import { describe, expect, it } from 'vitest';
import type { Converter } from '../../../scripts/fidelity/converters';
import type { Example } from '../../../scripts/fidelity/examples';
import { hasRawHtml } from '../../../scripts/fidelity/renderers';
import { runRoundTrips } from '../../../scripts/fidelity/round-trip';
import { failuresBySection, tally } from '../../../scripts/fidelity/summary';

const example = (id: string, markdown: string, suite: Example['suite'] = 'commonmark'): Example => ({ id, suite, number: 1, section: 'Test', markdown });

/** Passes HTML through untouched: "Markdown" that is raw HTML. */
const passThrough: Converter = { name: 'pass-through', describe: '', toMarkdown: (html) => html };
/** Writes only the text: loses all markup. */
const textOnly: Converter = { name: 'text-only', describe: '', toMarkdown: (html) => html.replace(/<[^>]+>/g, '') };

describe('hasRawHtml', () => {
  it('finds HTML blocks and inline tags', () => {
    expect(hasRawHtml('<div>\nx\n</div>')).toBe(true);
    expect(hasRawHtml('a <b>bold</b> word')).toBe(true);
  });

  it('does not mistake autolinks, code or escaped brackets for HTML', () => {
    expect(hasRawHtml('<https://example.com>')).toBe(false);
    expect(hasRawHtml('`<b>` and \\<b>')).toBe(false);
  });
});

describe('round trip and tally', () => {
  const examples = [example('e1', '*emphasis* and `code`\n'), example('e2', 'plain words\n'), example('e3', 'a <span>raw</span> tag\n')];

  it('counts a core pass that only raw HTML achieved apart from Markdown passes', () => {
    const results = runRoundTrips(examples, [passThrough]).get('pass-through')!;
    // [pass, core, addedRawHtml]: the HTML renders back as itself, so everything passes; e3 had
    // raw HTML already, so its output adds none.
    expect(results.map((result) => [result.pass, result.core, result.addedRawHtml])).toEqual([
      [true, true, true],
      [true, true, true],
      [true, false, false],
    ]);
    expect(tally(results)).toMatchObject({ examples: 3, passes: 3, core: 2, corePasses: 0, corePassesWithRawHtml: 2 });
    expect(failuresBySection(results)).toEqual(new Map([['Test', ['e1(html)', 'e2(html)']]]));
  });

  it('fails a converter that loses markup, and lists the failures by section', () => {
    const results = runRoundTrips(examples, [textOnly]).get('text-only')!;
    const counts = tally(results);
    expect(counts).toMatchObject({ examples: 3, passes: 1, core: 2, corePasses: 1, corePassesWithRawHtml: 0 });
    expect(failuresBySection(results)).toEqual(new Map([['Test', ['e1', 'e3*']]]));
  });

  it('renders GFM examples with the GFM renderer', () => {
    const gfm = [example('g1', '~~gone~~ www.example.com\n', 'gfm')];
    const results = runRoundTrips(gfm, [textOnly]).get('text-only')!;
    expect(results[0].html).toContain('<del>gone</del>');
    expect(results[0].pass).toBe(false);
  });
});
