// File names from templates: every placeholder, sanitising per segment, sub-folders only from the
// template, bytes bounded with whole characters, unique names against the folder and the batch
// (case and normalisation ignored), atomic writes that never replace what they must not.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NameTakenError, resetTempDir, writeAtomic } from '../../../src/main/batch/atomic-files';
import { checkTemplate, insideRoot, NameRegistry, renderName, TemplateError } from '../../../src/main/batch/names';
import { sanitiseFileName } from '../../../src/main/services/export-writer';

const fields = (over: Partial<Parameters<typeof renderName>[1]> = {}) => ({
  url: 'https://Example.org/docs/intro.html?x=1',
  title: 'Intro',
  index: 6,
  total: 1200,
  date: new Date(2024, 2, 5),
  ...over,
});

describe('name templates', () => {
  it('fills in every placeholder', () => {
    expect(renderName('{date} {index} {host} {path} {title}', fields())).toEqual({ folders: [], stem: '2024-03-05 0007 example.org docs-intro Intro' });
    expect(renderName('{host}/{path}', fields({ url: 'https://e.example/' }))).toEqual({ folders: ['e.example'], stem: 'index' });
    expect(renderName('{title}', fields({ finalUrl: 'https://moved.example/new/place' }))).toEqual({ folders: [], stem: 'Intro' });
    expect(renderName('{host}', fields({ finalUrl: 'https://moved.example/new/place' }))).toEqual({ folders: [], stem: 'moved.example' });
  });

  it('falls back on the URL when the title gives nothing', () => {
    expect(renderName('{title}', fields({ title: undefined })).stem).toBe('example.org intro');
    expect(renderName('{title}', fields({ title: '???' })).stem).toBe('example.org intro');
  });

  it('makes folders only from the template: a title or path with slashes stays one name', () => {
    expect(renderName('{host}/{title}', fields({ title: '../../etc/passwd' }))).toEqual({ folders: ['example.org'], stem: 'etc passwd' });
    expect(renderName('../{title}', fields())).toEqual({ folders: [], stem: 'Intro' });
    expect(renderName('a/./b\\c/{title}', fields())).toEqual({ folders: ['a', 'b', 'c'], stem: 'Intro' });
  });

  it('refuses unknown placeholders and empty templates', () => {
    expect(() => checkTemplate('{title} {author}')).toThrow(TemplateError);
    expect(() => checkTemplate('  ')).toThrow('empty');
    expect(() => checkTemplate('{host}/{index}-{title}')).not.toThrow();
  });

  it('always gives safe segments, within 255 bytes with any suffix and extension', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.string({ unit: 'grapheme', maxLength: 60 }), (title, template) => {
        const { folders, stem } = renderName(`${template.replace(/[{}]/g, '')}/{title}`, fields({ title }));
        for (const segment of [...folders, stem]) {
          expect(segment.length).toBeGreaterThan(0);
          expect(segment).not.toMatch(/[<>:"/\\|?*\p{Cc}]/u);
          expect(segment).not.toMatch(/^[.\s]|[.\s]$/);
          expect(segment.split('.')[0]).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)$/i);
        }
        expect(Buffer.byteLength(`${stem} (99999).assets`)).toBeLessThanOrEqual(255);
        const root = resolve('/batch');
        expect(insideRoot(root, [...folders, `${stem}.md`].join('/')).startsWith(root + sep)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts long names between whole characters, counting bytes', () => {
    const stem = sanitiseFileName('👩‍👩‍👧'.repeat(100) + 'e\u0301'.repeat(100), 'page', { maxBytes: 50 });
    expect(Buffer.byteLength(stem)).toBeLessThanOrEqual(50);
    expect(stem).toMatch(/^(?:👩👩👧)+$/u); // ZWJ dropped as a format character; the emoji whole
    expect(sanitiseFileName('é'.repeat(300), 'page', { maxBytes: 9 })).toBe('éééé');
  });

  it('refuses paths that lead outside the folder', () => {
    expect(() => insideRoot('/batch', '../x.md')).toThrow('outside');
    expect(() => insideRoot('/batch', '')).toThrow('outside');
    expect(insideRoot('/batch', 'a/b.md')).toBe(join('/batch', 'a', 'b.md'));
  });
});

describe('unique names and atomic writes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'openscraper-names-'));
    await resetTempDir(dir);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('numbers collisions, ignoring case and Unicode normalisation, and skips files already there', async () => {
    await writeFile(join(dir, 'Report.md'), 'x');
    await mkdir(join(dir, 'Notes.assets'));
    const names = new NameRegistry(dir, { overwrite: false, withHtml: true, withAssets: true });
    const results = [];
    for (const stem of ['Report', 'report', 'REPORT', 'e\u0301te\u0301', 'été', 'Notes']) results.push(await names.reserve([], stem));
    expect(results.map((r) => r.markdown)).toEqual(['Report (2).md', 'report (3).md', 'REPORT (4).md', 'e\u0301te\u0301.md', 'été (2).md', 'Notes (2).md']);
    expect(results[0]).toEqual({ base: 'Report (2)', markdown: 'Report (2).md', html: 'Report (2).html', assets: 'Report (2).assets' });
    names.claim('Taken');
    expect((await names.reserve([], 'taken')).base).toBe('taken (2)');
    expect((await names.reserve(['sub'], 'Report')).markdown).toBe('sub/Report.md');
    // Pages finishing at the same moment never get the same name.
    const together = await Promise.all(Array.from({ length: 20 }, () => names.reserve([], 'Same')));
    expect(new Set(together.map((r) => r.base)).size).toBe(20);
    const overwriting = new NameRegistry(dir, { overwrite: true, withHtml: false, withAssets: false });
    expect((await overwriting.reserve([], 'Report')).markdown).toBe('Report.md');
  });

  it('writes through a temporary file, never replacing a file unless allowed', async () => {
    const target = join(dir, 'sub', 'page.md');
    await writeAtomic(dir, target, 'first', false);
    expect(await readFile(target, 'utf8')).toBe('first');
    await expect(writeAtomic(dir, target, 'second', false)).rejects.toThrow(NameTakenError);
    expect(await readFile(target, 'utf8')).toBe('first');
    await writeAtomic(dir, target, 'third', true);
    expect(await readFile(target, 'utf8')).toBe('third');
    expect(await readdir(join(dir, '.openscraper-batch', 'tmp'))).toEqual([]);
  });
});
