// Saving a page: file names from titles that are safe everywhere, nothing overwritten by accident.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sanitiseFileName, suggestedStem, uniqueMarkdownPath, writeExport } from '../../../src/main/services/export-writer';

describe('file names from titles', () => {
  it.each([
    ['Tide Pools of the Northern Coast — Field Notes', 'Tide Pools of the Northern Coast — Field Notes'],
    ['What is 1/2 + 1/4? A "guide": part <1>', 'What is 1 2 + 1 4 A guide part 1'],
    ['../../etc/passwd', 'etc passwd'],
    ['C:\\Windows\\System32', 'C Windows System32'],
    ['  .hidden file...  ', 'hidden file'],
    ['line\nbreak\ttab\u0000nul\u202Eoverride', 'linebreaktabnuloverride'],
    ['CON', 'CON-page'],
    ['lpt1', 'lpt1-page'],
    ['$(rm -rf ~) `whoami`', '(rm -rf ~) whoami'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'Fullwidth'],
    ['', 'page'],
    ['???', 'page'],
  ])('%j → %j', (title, expected) => {
    expect(sanitiseFileName(title)).toBe(expected);
  });

  it('bounds the length without cutting a character in half', () => {
    const name = sanitiseFileName('🌊'.repeat(300));
    expect(Array.from(name)).toHaveLength(100);
    expect(name).toBe('🌊'.repeat(100));
  });

  it('always gives a name that is one safe path segment', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (title) => {
        const name = sanitiseFileName(title);
        expect(name.length).toBeGreaterThan(0);
        expect(Array.from(name).length).toBeLessThanOrEqual(100);
        expect(name).not.toMatch(/[<>:"/\\|?*\p{Cc}]/u);
        expect(name).not.toMatch(/^[.\s-]|[.\s]$/);
      }),
    );
  });

  it('falls back on the URL when there is no title', () => {
    expect(suggestedStem(undefined, 'https://example.org/blog/tide-pools.html?x=1')).toBe('example.org tide-pools');
    expect(suggestedStem('', 'https://example.org/')).toBe('example.org');
    expect(suggestedStem('A Title', 'https://example.org/x')).toBe('A Title');
    expect(suggestedStem(undefined, 'pasted HTML')).toBe('pasted HTML');
    expect(suggestedStem(undefined, undefined)).toBe('page');
  });
});

describe('writing the files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'openscraper-export-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('never overwrites: "name.md", then "name (2).md"; the HTML beside it counts too', async () => {
    expect(await uniqueMarkdownPath(dir, 'page', false)).toBe(join(dir, 'page.md'));
    await writeFile(join(dir, 'page.md'), 'x');
    expect(await uniqueMarkdownPath(dir, 'page', false)).toBe(join(dir, 'page (2).md'));
    await writeFile(join(dir, 'page (2).html'), 'x');
    expect(await uniqueMarkdownPath(dir, 'page', true)).toBe(join(dir, 'page (3).md'));
  });

  it('writes the Markdown, and the cleaned HTML next to it when given', async () => {
    const files = await writeExport(join(dir, 'notes'), { markdown: '# Hi\n', cleanedHtml: '<h1>Hi</h1>' });
    expect(files).toEqual([join(dir, 'notes.md'), join(dir, 'notes.html')]);
    expect(await readFile(join(dir, 'notes.md'), 'utf8')).toBe('# Hi\n');
    expect(await readFile(join(dir, 'notes.html'), 'utf8')).toBe('<h1>Hi</h1>');
    expect(await writeExport(join(dir, 'only.md'), { markdown: 'x' })).toEqual([join(dir, 'only.md')]);
    expect((await readdir(dir)).sort()).toEqual(['notes.html', 'notes.md', 'only.md']);
  });
});
