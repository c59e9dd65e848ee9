// Random and mutated HTML: the pipeline never crashes, stays within its budget, and cleaning is
// idempotent (cleaning the cleaned page removes nothing more).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetExceeded, convert } from '../../../src/shared/core';

const TAGS = ['div', 'p', 'span', 'a', 'b', 'i', 'em', 'ul', 'ol', 'li', 'table', 'tr', 'td', 'th', 'pre', 'code', 'h1', 'h2',
  'blockquote', 'nav', 'header', 'footer', 'aside', 'article', 'main', 'section', 'script', 'style', 'img', 'br', 'form',
  'select', 'option', 'svg', 'math', 'template', 'dialog', 'iframe', 'noscript', 'textarea', 'font', 'nobr', 'caption'];
const ATTRS = ['class="cookie-banner"', 'data-ad-slot="1"', 'role="dialog"', 'rel="sponsored"', 'href="javascript:x"',
  'href="/a b"', 'src="data:image/png;base64,AA=="', 'colspan="3"', 'rowspan="0"', 'class="adsbygoogle"', 'hidden', 'id="x"'];
const TEXT = fc.constantFrom('text', ' ', '*', '_', '#', '1)', '&amp;', '&lt;b&gt;', '|', '`', '[', ']', '\\', '\uD800', '\u0000', 'é', '\n');

const fragment: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    TEXT,
    fc.tuple(fc.constantFrom(...TAGS), fc.subarray(ATTRS, { maxLength: 2 }), fc.array(tie('node'), { maxLength: 4 }), fc.boolean()).map(
      ([tag, attrs, kids, closed]) => `<${tag}${attrs.map((a) => ` ${a}`).join('')}>${kids.join('')}${closed ? `</${tag}>` : ''}`,
    ),
  ),
})).node;

/** Well-formed HTML cut, spliced and shuffled at random places. */
const mutated = fc.tuple(fc.array(fragment, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 6 })).map(([parts, cuts]) => {
  let html = parts.join('');
  for (const cut of cuts) {
    const at = cut % (html.length + 1);
    html = cut % 3 === 0 ? html.slice(0, at) + html.slice(at + 3) : cut % 3 === 1 ? html.slice(at) + html.slice(0, at) : html.slice(0, at) + '</' + html.slice(at);
  }
  return html;
});

function convertSafely(html: string) {
  try {
    return convert(html, { budget: { maxMs: 5_000 } });
  } catch (error) {
    // The only acceptable failure is the budget; with these small inputs it should not trigger.
    expect(error).toBeInstanceOf(BudgetExceeded);
    return null;
  }
}

describe('fuzz', () => {
  it('converts random HTML without crashing, with well-formed output', () => {
    fc.assert(
      fc.property(fc.oneof(fragment, mutated, fc.string({ unit: 'binary' })), (html) => {
        const result = convertSafely(html);
        if (result === null) return;
        expect(result.markdown.isWellFormed()).toBe(true);
        expect(result.markdown).not.toContain('\u0000');
      }),
      { numRuns: 400 },
    );
  });

  it('cleans idempotently: the cleaned page has nothing left to remove', () => {
    fc.assert(
      fc.property(fc.oneof(fragment, mutated), (html) => {
        const first = convertSafely(html);
        if (first === null) return;
        const second = convertSafely(first.cleanedHtml);
        expect(second?.removed).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
