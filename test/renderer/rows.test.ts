// Display rows: every row the same height, long lines wrapped (after a space when one is near),
// wide characters counted twice, and offsets mapped back to rows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRows, rowAt, rowRange } from '../../src/renderer/src/lib/rows';

function rowTexts(text: string, columns: number): string[] {
  const rows = buildRows(text, columns);
  return Array.from({ length: rows.count }, (_, i) => {
    const [start, end] = rowRange(rows, text, i);
    return text.slice(start, end);
  });
}

describe('display rows', () => {
  it('cuts at line breaks and numbers lines, continuation rows unnumbered', () => {
    const text = 'short\n\nthe second line is long enough to wrap\nend';
    const rows = buildRows(text, 20);
    expect(rowTexts(text, 20)).toEqual(['short', '', 'the second line is ', 'long enough to wrap', 'end']);
    expect(Array.from(rows.lines)).toEqual([1, 2, 3, 0, 4]);
  });

  it('wraps a line without spaces (minified HTML) at the width', () => {
    expect(rowTexts('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('counts wide characters as two columns', () => {
    expect(rowTexts('漢字漢字漢字', 8)).toEqual(['漢字漢字', '漢字']);
    expect(rowTexts('a🌊b', 8)).toEqual(['a🌊b']);
  });

  it('keeps every character exactly once, no row wider than asked', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '漢', 'bcd ') }), fc.integer({ min: 8, max: 40 }), (text, columns) => {
        const rows = buildRows(text, columns);
        let joined = '';
        for (let i = 0; i < rows.count; i++) {
          const next = i + 1 < rows.count ? rows.starts[i + 1] : text.length;
          joined += text.slice(rows.starts[i], next);
          const [start, end] = rowRange(rows, text, i);
          const width = Array.from(text.slice(start, end)).reduce((sum, c) => sum + (c === '漢' ? 2 : 1), 0);
          expect(width).toBeLessThanOrEqual(columns);
        }
        expect(joined).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('finds the row of an offset', () => {
    const text = 'aaaa\nbbbbbbbbbb\ncc';
    const rows = buildRows(text, 8);
    expect(rowAt(rows, 0)).toBe(0);
    expect(rowAt(rows, text.indexOf('b'))).toBe(1);
    expect(rowAt(rows, text.indexOf('b') + 9)).toBe(2);
    expect(rowAt(rows, text.length - 1)).toBe(3);
  });
});
