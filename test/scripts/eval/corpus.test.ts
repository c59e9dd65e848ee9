import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../scripts/eval/corpus';

const root = mkdtempSync(join(tmpdir(), 'aeb-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('loadCorpus', () => {
  it('reads gzipped and plain pages with their ground truth, from the corpus root or the aeb folder', () => {
    const aeb = join(root, 'aeb');
    mkdirSync(join(aeb, 'html'), { recursive: true });
    writeFileSync(join(aeb, 'html', 'b.html.gz'), gzipSync(Buffer.from('\ufeff<p>Grüße</p>', 'utf8')));
    writeFileSync(join(aeb, 'html', 'a.html'), '<p>plain</p>');
    writeFileSync(join(aeb, 'html', 'notes.txt'), 'ignored');
    writeFileSync(join(aeb, 'ground-truth.json'), JSON.stringify({ b: { articleBody: 'Grüße', url: 'https://example.com/b' } }));

    const pages = loadCorpus(root);
    expect(pages.map((page) => page.id)).toEqual(['a', 'b']);
    expect(pages[1]).toMatchObject({ html: '<p>Grüße</p>', truth: 'Grüße', url: 'https://example.com/b', bytes: 14 });
    expect(pages[0].truth).toBeUndefined();
    expect(loadCorpus(aeb, { limit: 1 })).toHaveLength(1);
  });

  it('says which folder it looked in when there are no pages', () => {
    expect(() => loadCorpus(join(root, 'missing'))).toThrow(/no html\/ folder in .*missing/);
  });
});
