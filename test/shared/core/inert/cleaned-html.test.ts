// The cleaned HTML users export and open in a browser: inert, and serialized so that parsing it
// again gives the same document (so no mutation between our parse and the browser's can make it
// live).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileDocument, PAYLOADS } from '../../../../scripts/fuzz/hostile';
import { liveCodeIn } from '../../../../scripts/fuzz/live-code';
import { BudgetExceeded, convert } from '../../../../src/shared/core';
import { serializeDocument } from '../../../../src/shared/core/dom/serialize';
import { parseHtml } from '../../../../src/shared/core/parse';

/** What a browser's parse of `html` serializes back to. */
function reserialized(html: string): string {
  return serializeDocument(parseHtml(html));
}

describe('the cleaned HTML', () => {
  it('does not mutate into a running <img onerror> (the DOMPurify 2.0.0 bypass)', () => {
    const { cleanedHtml } = convert('<form><math><mtext></form><form><mglyph><xmp></math><img src onerror=alert(1)>');
    expect(liveCodeIn(cleanedHtml)).toEqual([]);
    expect(reserialized(cleanedHtml)).toBe(cleanedHtml);
  });

  it.each([
    ['an SVG link animated to a script URL', '<svg><a><animate attributeName=href values=javascript:alert(1) /><text>x</text></a></svg>'],
    ['an SVG set of xlink:href', '<svg><a><set attributeName="xlink:href" to="javascript:alert(1)"/><text>x</text></a></svg>'],
    ['a formaction outside its form', '<form id=f></form><button form=f formaction="javascript:alert(1)">b</button>'],
    ['a form action', '<form action="  JAVA&#9;SCRIPT:alert(1)"><button>b</button></form>'],
    ['a MathML href', '<math href="javascript:alert(1)"><mi>x</mi></math>'],
    ['an object with a script URL', '<object data="javascript:alert(1)">fallback</object>'],
    ['a meta refresh', '<meta http-equiv=refresh content="0;url=javascript:alert(1)"><p>x</p>'],
    ['a declarative shadow root', '<div><template shadowrootmode=open><img src=x onerror=alert(1)></template></div>'],
    ['a data: document as a link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
  ])('leaves out %s', (_name, html) => {
    // Even with the rules that would remove scripts and the like switched off.
    for (const rules of [{}, { unwanted: false, hidden: false, chrome: false, boilerplate: false, ads: false }]) {
      const { cleanedHtml } = convert(html, { rules });
      expect(liveCodeIn(cleanedHtml)).toEqual([]);
    }
  });

  it('says what it left out that the user had kept', () => {
    const result = convert('<p>x</p><script>alert(1)</script>', { rules: { unwanted: false } });
    expect(result.cleanedHtml).not.toContain('<script');
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'unsafe-content', message: expect.stringContaining('<script>') }));
  });

  it('keeps data: raster images and ordinary links', () => {
    const html = '<p><img src="data:image/png;base64,AA==" alt=a> <a href="https://example.com/">x</a></p><svg><image href="data:image/png;base64,AA=="/></svg>';
    const { cleanedHtml } = convert(html, { dataImages: 'keep' });
    expect(cleanedHtml).toContain('src="data:image/png;base64,AA=="');
    expect(cleanedHtml).toContain('href="data:image/png;base64,AA=="');
    expect(cleanedHtml).toContain('href="https://example.com/"');
  });

  it('is inert and parses back to itself for every known payload', () => {
    for (const payload of PAYLOADS) {
      const { cleanedHtml } = convert(payload, { rules: { unwanted: false } });
      expect(liveCodeIn(cleanedHtml), payload).toEqual([]);
      expect(reserialized(cleanedHtml), payload).toBe(cleanedHtml);
    }
  });

  it('is inert and parses back to itself for mutated hostile documents (property)', () => {
    fc.assert(
      fc.property(hostileDocument, fc.boolean(), (html, keepAll) => {
        let cleanedHtml: string;
        try {
          cleanedHtml = convert(html, keepAll ? { rules: { unwanted: false, hidden: false, ads: false, chrome: false, boilerplate: false } } : {}).cleanedHtml;
        } catch (error) {
          expect(error).toBeInstanceOf(BudgetExceeded);
          return;
        }
        expect(liveCodeIn(cleanedHtml)).toEqual([]);
        expect(reserialized(cleanedHtml)).toBe(cleanedHtml);
      }),
      { numRuns: 300 },
    );
  });
});
