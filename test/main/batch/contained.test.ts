// Writes are contained by where paths lead: a symlink inside the batch folder cannot lead a page's
// files out of it (the page fails, saying why, and the batch goes on).
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContainedDirectory, OutsideFolderError } from '../../../src/main/batch/contained';
import { BatchRunner } from '../../../src/main/batch/runner';
import { type Site, startSite } from './helpers/site';

let site: Site;
let dir: string;

beforeAll(async () => {
  site = await startSite();
  dir = await mkdtemp(join(tmpdir(), 'openscraper-contained-'));
});
afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('writes contained by real paths', () => {
  it('refuses a folder that a symlink leads out of the batch folder, before making anything there', async () => {
    const root = join(dir, 'unit');
    const outside = join(dir, 'unit-outside');
    await mkdir(root);
    await mkdir(outside);
    await symlink(outside, join(root, 'link'));
    await expect(makeContainedDirectory(root, join(root, 'link', 'deeper', 'still'))).rejects.toThrow(OutsideFolderError);
    expect(await readdir(outside)).toEqual([]);
    await makeContainedDirectory(root, join(root, 'real', 'deeper'));
    expect(await readdir(join(root, 'real'))).toEqual(['deeper']);
  });

  it('fails the page whose folder is a link out, writes the others, and writes nothing outside', async () => {
    const out = join(dir, 'out');
    const outside = join(dir, 'outside');
    await mkdir(out);
    await mkdir(outside);
    await symlink(outside, join(out, 'Page 1'));
    const urls = [site.url('/p/1'), site.url('/p/2'), site.url('/p/3')];
    const runner = await BatchRunner.open(urls, { outDir: out, nameTemplate: '{title}/{index}', concurrency: 2, delayMs: 0, timeoutMs: 10_000 });
    await runner.run();
    await runner.close();
    expect(await readdir(outside)).toEqual([]);
    const manifest = JSON.parse(await readFile(join(out, 'index.json'), 'utf8')) as { pages: Array<{ url: string; status: string; error?: string; file?: string }> };
    const first = manifest.pages.find((row) => row.url === urls[0])!;
    expect(first.status).toBe('failed');
    expect(first.error).toMatch(/outside the batch folder/);
    expect(manifest.pages.filter((row) => row.status === 'done').map((row) => row.file)).toEqual(['Page 2/2.md', 'Page 3/3.md']);
  });
});
