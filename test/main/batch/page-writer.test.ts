// The batch's page writer on its own, no network: names from the template, unique within the batch
// and the folder, claimed before anything is written; the Markdown (and the cleaned HTML) written
// whole; a name a killed run claimed taken again; a file that appears meanwhile never overwritten.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_DEFAULTS, type BatchRow } from '../../../src/shared/batch';
import { convert } from '../../../src/shared/core';
import type { ConvertedPage } from '../../../src/shared/page';
import { resetTempDir } from '../../../src/main/batch/atomic-files';
import { type NameClaims, PageWriter, type WriterSettings } from '../../../src/main/batch/page-writer';

let dir: string;
let folders = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openscraper-writer-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function page(url: string, title: string, body = 'Body text.'): ConvertedPage {
  const html = `<title>${title}</title><p>${body}</p>`;
  return { ok: true, source: { url, finalUrl: url, status: 200, rendered: false }, result: convert(html, { url }), originalHtml: html };
}

function row(index: number, url: string): BatchRow {
  return { index, url, status: 'running', attempts: 1 };
}

/** Claims as the journal keeps them, in memory, with the order of events for the test to read. */
function claims(claimed: Record<number, string> = {}, onClaim?: (index: number, base: string) => Promise<void>): NameClaims & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    claimedNames: Object.values(claimed),
    claimOf: (index) => claimed[index],
    claim: async (index, base) => {
      log.push(`claim ${index} ${base}`);
      await onClaim?.(index, base);
    },
  };
}

async function folder(): Promise<string> {
  const root = join(dir, `w${++folders}`);
  await resetTempDir(root);
  return root;
}

const settings = (extra: Partial<WriterSettings> = {}): WriterSettings => ({ ...BATCH_DEFAULTS, ...extra });
const files = async (root: string) => (await readdir(root, { recursive: true })).filter((name) => !name.startsWith('.openscraper-batch')).sort();

describe('the page writer', () => {
  it('names each page after its template, claims the name first, and never gives one name twice', async () => {
    const root = await folder();
    const names = claims();
    const writer = new PageWriter(root, settings({ nameTemplate: '{host}/{title}', cleanedHtml: true }), names, () => 12);
    const first = await writer.write(row(0, 'https://a.example/x'), page('https://a.example/x', 'Same: title'), new AbortController().signal);
    const second = await writer.write(row(1, 'https://a.example/y'), page('https://a.example/y', 'Same: title'), new AbortController().signal);
    expect([first.base, second.base]).toEqual(['a.example/Same title', 'a.example/Same title (2)']);
    expect(names.log).toEqual(['claim 0 a.example/Same title', 'claim 1 a.example/Same title (2)']);
    expect(await files(root)).toEqual(['a.example', 'a.example/Same title (2).html', 'a.example/Same title (2).md', 'a.example/Same title.html', 'a.example/Same title.md']);
    const markdown = await readFile(join(root, 'a.example/Same title.md'), 'utf8');
    expect(markdown).toBe('Body text.\n');
    expect(first.bytes).toBe(Buffer.byteLength(markdown));
    expect(await readFile(join(root, 'a.example/Same title.html'), 'utf8')).toContain('<p>Body text.</p>');
  });

  it('pads {index} to the width of the batch as it is when the page is written', async () => {
    const root = await folder();
    let total = 9;
    const writer = new PageWriter(root, settings({ nameTemplate: '{index}' }), claims(), () => total);
    expect((await writer.write(row(4, 'https://a.example/5'), page('https://a.example/5', 'x'), new AbortController().signal)).base).toBe('5');
    total = 120; // the batch grew (a crawl found more)
    expect((await writer.write(row(5, 'https://a.example/6'), page('https://a.example/6', 'x'), new AbortController().signal)).base).toBe('006');
  });

  it('leaves files already in the folder alone unless it may overwrite', async () => {
    const root = await folder();
    await writeFile(join(root, 'Kept.md'), 'mine');
    const careful = new PageWriter(root, settings(), claims(), () => 1);
    expect((await careful.write(row(0, 'https://a.example/'), page('https://a.example/', 'Kept'), new AbortController().signal)).base).toBe('Kept (2)');
    expect(await readFile(join(root, 'Kept.md'), 'utf8')).toBe('mine');
    const bold = new PageWriter(root, settings({ overwrite: true }), claims(), () => 1);
    expect((await bold.write(row(0, 'https://a.example/'), page('https://a.example/', 'Kept'), new AbortController().signal)).base).toBe('Kept');
    expect(await readFile(join(root, 'Kept.md'), 'utf8')).toBe('Body text.\n');
  });

  it('takes again the name a killed run claimed, replacing its half-written files', async () => {
    const root = await folder();
    await writeFile(join(root, 'Claimed.md'), 'partial');
    const writer = new PageWriter(root, settings(), claims({ 3: 'Claimed' }), () => 4);
    expect((await writer.write(row(3, 'https://a.example/'), page('https://a.example/', 'A new title'), new AbortController().signal)).base).toBe('Claimed');
    expect(await readFile(join(root, 'Claimed.md'), 'utf8')).toBe('Body text.\n');
    // Another page never gets a claimed name.
    expect((await writer.write(row(0, 'https://b.example/'), page('https://b.example/', 'Claimed'), new AbortController().signal)).base).toBe('Claimed (2)');
  });

  it('moves to the next free name when a file of that name appears between choosing and writing', async () => {
    const root = await folder();
    let raced = false;
    const names = claims({}, async (_index, base) => {
      if (raced) return;
      raced = true;
      await writeFile(join(root, `${base}.md`), 'another program');
    });
    const writer = new PageWriter(root, settings(), names, () => 1);
    expect((await writer.write(row(0, 'https://a.example/'), page('https://a.example/', 'Race'), new AbortController().signal)).base).toBe('Race (2)');
    expect(names.log).toEqual(['claim 0 Race', 'claim 0 Race (2)']);
    expect(await readFile(join(root, 'Race.md'), 'utf8')).toBe('another program');
  });
});
