// One row's segments: syntax kinds and removal marks merged, covering the row exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexHtml } from '../../src/renderer/src/lib/html-lexer';
import { disjointMarks, type Mark, overlayMark, segmentRow } from '../../src/renderer/src/lib/segments';
import { Kind } from '../../src/renderer/src/lib/tokens';

const mark = (start: number, end: number, id: string, tone = 'removed'): Mark => ({ start, end, id, tone });

describe('marks', () => {
  it('keep the outer element when removals nest, and drop empty ones', () => {
    expect(disjointMarks([mark(5, 8, 'inner'), mark(0, 10, 'outer'), mark(12, 12, 'empty'), mark(10, 15, 'next')]).map((m) => m.id)).toEqual(['outer', 'next']);
  });

  it('let a selected inner element show whole, cutting the outer one around it', () => {
    const marks = overlayMark([mark(0, 10, 'outer'), mark(12, 20, 'other')], mark(4, 6, 'inner', 'kept'));
    expect(marks.map((m) => [m.id, m.start, m.end])).toEqual([
      ['outer', 0, 4],
      ['inner', 4, 6],
      ['outer', 6, 10],
      ['other', 12, 20],
    ]);
  });
});

describe('segments of a row', () => {
  it('split where a token or a mark starts or ends', () => {
    const text = '<p>hello</p>';
    const tokens = lexHtml(text);
    const marks = [mark(3, 6, 'm')];
    expect(segmentRow(0, text.length, tokens, marks).map((s) => [text.slice(s.start, s.end), s.kind, s.mark])).toEqual([
      ['<p>', Kind.Tag, -1],
      ['hel', Kind.Text, 0],
      ['lo', Kind.Text, -1],
      ['</p>', Kind.Tag, -1],
    ]);
  });

  it('start a row inside a mark that began on an earlier row', () => {
    const text = 'aaaa\nbbbb';
    expect(segmentRow(5, 9, lexHtml(text), [mark(2, 7, 'm')]).map((s) => [s.start, s.end, s.mark])).toEqual([
      [5, 7, 0],
      [7, 9, -1],
    ]);
  });

  it('always tile the row exactly', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('<a>', '</a>', 'x', ' ', '"', '<!--', '-->'), minLength: 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        (text, ranges, a, b) => {
          const start = a % text.length;
          const end = start + 1 + (b % (text.length - start));
          const marks = disjointMarks(ranges.map(([x, y], i) => mark(Math.min(x, y) % (text.length + 1), Math.max(x, y) % (text.length + 1), String(i))));
          const segments = segmentRow(start, end, lexHtml(text), marks);
          expect(segments[0].start).toBe(start);
          expect(segments.at(-1)!.end).toBe(end);
          for (let i = 1; i < segments.length; i++) expect(segments[i].start).toBe(segments[i - 1].end);
          for (const segment of segments) {
            if (segment.mark >= 0) {
              expect(segment.start).toBeGreaterThanOrEqual(marks[segment.mark].start);
              expect(segment.end).toBeLessThanOrEqual(marks[segment.mark].end);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
