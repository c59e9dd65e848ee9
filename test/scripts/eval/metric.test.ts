import { describe, expect, it } from 'vitest';
import { aggregate, bootstrap, comparePage, pagePrecision, pageRecall, shingles, tokenize } from '../../../scripts/eval/metric';

describe('tokenize', () => {
  it('keeps Unicode words whole, as Python’s \\w does, and drops punctuation', () => {
    expect(tokenize('Café naïve — Москва, 東京; snake_case 42!')).toEqual(['Café', 'naïve', 'Москва', '東京', 'snake_case', '42']);
  });

  it('keeps case', () => {
    expect(tokenize('The the THE')).toEqual(['The', 'the', 'THE']);
  });
});

describe('shingles', () => {
  it('counts every run of four tokens', () => {
    const counts = shingles('a b c d e f');
    expect([...counts.keys()].map((key) => key.split('\u0001').join(' '))).toEqual(['a b c d', 'b c d e', 'c d e f']);
  });

  it('gives one shorter shingle for fewer than four tokens, and none for no tokens', () => {
    expect([...shingles('just two').values()]).toEqual([1]);
    expect(shingles('  — … ').size).toBe(0);
  });

  it('counts repeated shingles as a multiset', () => {
    expect([...shingles('w x y z w x y z').entries()].find(([key]) => key === 'w\u0001x\u0001y\u0001z')?.[1]).toBe(2);
  });
});

describe('comparePage', () => {
  it('scores a perfect prediction as precision and recall 1', () => {
    const counts = comparePage('one two three four five', 'one two three four five');
    expect(counts).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(pagePrecision(counts)).toBe(1);
    expect(pageRecall(counts)).toBe(1);
  });

  it('normalises (tp, fp, fn) to sum 1 and derives precision and recall from them', () => {
    // truth shingles: [a b c d], [b c d e]; predicted: [a b c d], [b c d X], [c d X Y]
    const counts = comparePage('a b c d e', 'a b c d X Y');
    expect(counts.tp).toBeCloseTo(1 / 4);
    expect(counts.fp).toBeCloseTo(2 / 4);
    expect(counts.fn).toBeCloseTo(1 / 4);
    expect(pagePrecision(counts)).toBeCloseTo(1 / 3);
    expect(pageRecall(counts)).toBeCloseTo(1 / 2);
  });

  it('matches repeated shingles only as often as the truth has them', () => {
    const counts = comparePage('w x y z', 'w x y z w x y z');
    expect(pageRecall(counts)).toBe(1);
    // Predicted: [w x y z] twice, [x y z w], [y z w x], [z w x y]; only one [w x y z] matches.
    expect(pagePrecision(counts)).toBeCloseTo(1 / 5);
  });

  it('gives an empty prediction recall 0 and no precision at all', () => {
    const counts = comparePage('some article text here', '');
    expect(counts).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(pageRecall(counts)).toBe(0);
    expect(pagePrecision(counts)).toBe(0);
  });
});

describe('aggregate', () => {
  it('averages precision only over pages that predicted something, recall over pages with truth', () => {
    const pages = [comparePage('a b c d e', 'a b c d'), comparePage('p q r s', '')];
    const scores = aggregate(pages);
    expect(scores.precisionPages).toBe(1);
    expect(scores.recallPages).toBe(2);
    expect(scores.precision).toBe(1);
    expect(scores.recall).toBeCloseTo((0.5 + 0) / 2);
    expect(scores.f1).toBeCloseTo((2 * 1 * 0.25) / 1.25);
  });

  it('weighs every page the same, whatever its length', () => {
    const long = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const scores = aggregate([comparePage(long, long), comparePage('a b c d', 'x y z v')]);
    expect(scores.recall).toBeCloseTo(0.5);
  });
});

describe('bootstrap', () => {
  const pages = [
    comparePage('a b c d e f', 'a b c d e f'),
    comparePage('a b c d e f', 'a b c d'),
    comparePage('a b c d e f', 'x y a b c d e f'),
    comparePage('a b c d', 'q r s t'),
  ];

  it('brackets the means and is reproducible for a seed', () => {
    const scores = aggregate(pages);
    const spread = bootstrap(pages, 500, 0.95, 7);
    expect(spread.recall.low).toBeLessThanOrEqual(scores.recall);
    expect(spread.recall.high).toBeGreaterThanOrEqual(scores.recall);
    expect(spread.recall.high).toBeGreaterThan(spread.recall.low);
    expect(bootstrap(pages, 500, 0.95, 7)).toEqual(spread);
  });

  it('has no spread when every page scores the same', () => {
    const same = [pages[0], pages[0], pages[0]];
    const spread = bootstrap(same, 200);
    expect(spread.precision).toEqual({ low: 1, high: 1 });
  });
});
