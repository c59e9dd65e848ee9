import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { aggregateSegments, judgeSegments, loadTrafilatura, resolveTrafilaturaDir } from '../../../scripts/eval/trafilatura';

const root = mkdtempSync(join(tmpdir(), 'trafilatura-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("trafilatura's metric", () => {
  it('counts segments found in the whitespace-normalised text', () => {
    const text = 'Die GEMA dreht\n  völlig am Zeiger! Impressum';
    expect(judgeSegments({ with: ['Die GEMA dreht völlig', 'nicht da'], without: ['Impressum', '31. Mai'] }, text)).toEqual({ tp: 1, fn: 1, fp: 1, tn: 1 });
  });

  it('sums counts over pages before dividing (not a mean of page scores)', () => {
    const scores = aggregateSegments([{ tp: 3, fp: 0, fn: 0 }, { tp: 0, fp: 1, fn: 1 }]);
    expect(scores.precision).toBeCloseTo(3 / 4);
    expect(scores.recall).toBeCloseTo(3 / 4);
    expect(scores.f1).toBeCloseTo(3 / 4);
    // A bootstrap draw may repeat pages.
    expect(aggregateSegments([{ tp: 1, fp: 1, fn: 0 }, { tp: 0, fp: 0, fn: 2 }], [0, 0]).recall).toBe(1);
  });

  it('loads the pages named in evaldata.json, gzipped or not, from the corpus root or its own folder', () => {
    const dir = join(root, 'trafilatura');
    mkdirSync(join(dir, 'html'), { recursive: true });
    writeFileSync(join(dir, 'html', 'a.html.gz'), gzipSync(Buffer.from('<p>Grüße</p>')));
    writeFileSync(join(dir, 'html', 'b.html'), '<p>plain</p>');
    writeFileSync(
      join(dir, 'evaldata.json'),
      JSON.stringify({
        'https://e.com/a': { file: 'a.html', with: ['Grüße'], without: ['Menu'] },
        'https://e.com/b': { file: 'b.html', with: ['plain'], without: [] },
        'https://e.com/c': { file: 'missing.html', with: ['x'], without: [] },
      }),
    );
    expect(resolveTrafilaturaDir(root)).toBe(dir);
    const pages = loadTrafilatura(dir);
    expect(pages.map((page) => [page.id, page.url, page.html])).toEqual([
      ['a', 'https://e.com/a', '<p>Grüße</p>'],
      ['b', 'https://e.com/b', '<p>plain</p>'],
    ]);
    expect(pages[0].segments).toEqual({ with: ['Grüße'], without: ['Menu'] });
    expect(resolveTrafilaturaDir(join(root, 'nowhere'))).toBeNull();
  });
});
