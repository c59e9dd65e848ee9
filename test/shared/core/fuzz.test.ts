// Random and mutated HTML: the pipeline never crashes, stays within its budget, leaves nothing
// executable, accounts for every removal, honours keep and the category switches, and cleaning is
// idempotent (cleaning the cleaned page removes nothing more).
import fc from 'fast-check';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { BudgetExceeded, convert, DEFAULT_RULES, RULE_CATEGORIES } from '../../../src/shared/core';
import { utf8Length } from '../../../src/shared/core/text';

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

/** Every element of a document as parse5 reads it (template contents and foreign content included). */
function elementNames(html: string): string[] {
  const names: string[] = [];
  const stack: DefaultTreeAdapterMap['parentNode'][] = [parse(html)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node) names.push(node.tagName);
    for (const child of node.childNodes) if ('childNodes' in child) stack.push(child);
    if ('content' in node) stack.push(node.content);
  }
  return names;
}

const RULE_IDS = DEFAULT_RULES.map((rule) => rule.id);
const CATEGORY_OF = new Map(DEFAULT_RULES.map((rule) => [rule.id, rule.category]));
const EXECUTABLE = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript']);

describe('fuzz', () => {
  it('converts random HTML without crashing: well-formed Markdown, nothing executable left, every removal accounted for', () => {
    fc.assert(
      fc.property(fc.oneof(fragment, mutated, fc.string({ unit: 'binary' })), (html) => {
        const result = convertSafely(html);
        if (result === null) return;
        expect(result.markdown.isWellFormed()).toBe(true);
        expect(result.markdown).not.toContain('\u0000');
        // The cleaned page holds nothing that runs or embeds, however the input nested it.
        expect(elementNames(result.cleanedHtml).filter((name) => EXECUTABLE.has(name))).toEqual([]);
        // Every removal is a record of a real rule, in order, and the stats count exactly those.
        result.removed.forEach((node, i) => {
          expect(node.index).toBe(i);
          expect(CATEGORY_OF.get(node.ruleId)).toBe(node.category);
          expect(node.reason).not.toBe('');
        });
        for (const [category, count] of Object.entries(result.stats.removedByCategory)) expect(count, category).toBe(result.removed.filter((node) => node.category === category).length);
        expect(result.stats.outputBytes).toBe(utf8Length(result.markdown));
      }),
      { numRuns: 400 },
    );
  });

  it('removes nothing when every rule is kept, or every category is off', () => {
    fc.assert(
      fc.property(fc.oneof(fragment, mutated), (html) => {
        expect(convert(html, { keep: { rules: RULE_IDS } }).removed).toEqual([]);
        expect(convert(html, { rules: Object.fromEntries(RULE_CATEGORIES.map((category) => [category, false])) }).removed).toEqual([]);
      }),
      { numRuns: 200 },
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
