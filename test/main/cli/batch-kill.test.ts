// `openscraper batch` killed with SIGKILL in the middle (a real child process, twice), then
// resumed: every page ends up written exactly once — none lost, none duplicated as "Page N (2).md"
// — and the manifest has one row per URL.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalPath } from '../../../src/main/batch/journal';
import { runCli } from '../../../src/main/cli/run';
import { type Site, startSite } from '../batch/helpers/site';

const ROOT = resolve(import.meta.dirname, '../../..');
const COUNT = 300;

let site: Site;
let dir: string;

beforeAll(async () => {
  // Slow pages, so a kill lands while pages are being loaded and written.
  site = await startSite({ pageDelayMs: 25 });
  dir = await mkdtemp(join(tmpdir(), 'openscraper-kill-'));
});
afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function doneLines(out: string): Promise<number> {
  try {
    return (await readFile(journalPath(out), 'utf8')).split('\n').filter((line) => line.startsWith('{"t":"done"')).length;
  } catch {
    return 0;
  }
}

/** Starts the CLI batch in a child process and SIGKILLs it once `killAfter` pages are done. */
async function runAndKill(list: string, out: string, killAfter: number, extra: string[] = []): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', 'batch', list, '-o', out, '--concurrency', '8', '--per-host', '8', '--delay', '0', ...extra], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  try {
    for (;;) {
      const done = await doneLines(out);
      if (done >= killAfter) break;
      const finished = await Promise.race([exited.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 20))]);
      if (finished) throw new Error(`the batch ended before it could be killed (${done} done)`);
    }
    child.kill('SIGKILL');
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  }
}

describe('a batch killed with SIGKILL and resumed', () => {
  it('loses no page and duplicates none', async () => {
    const list = join(dir, 'urls.txt');
    const urls = Array.from({ length: COUNT }, (_, i) => site.url(`/p/${i + 1}`));
    await writeFile(list, `${urls.join('\n')}\n`);
    const out = join(dir, 'out');

    await runAndKill(list, out, 60);
    const afterFirst = await doneLines(out);
    expect(afterFirst).toBeGreaterThanOrEqual(60);
    expect(afterFirst).toBeLessThan(COUNT);
    await runAndKill(list, out, afterFirst + 60, ['--resume']);
    expect(await doneLines(out)).toBeLessThan(COUNT);

    let stderr = '';
    const code = await runCli(['batch', list, '-o', out, '--resume', '--concurrency', '8', '--per-host', '8', '--delay', '0'], {
      stdin: Readable.from([]),
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect(stderr).toMatch(/resuming: \d+ written/);
    expect(code).toBe(0);

    const names = (await readdir(out)).filter((name) => name.endsWith('.md')).sort();
    expect(names).toEqual(urls.map((_, i) => `Page ${i + 1}.md`).sort());
    for (const i of [1, 150, COUNT]) expect(await readFile(join(out, `Page ${i}.md`), 'utf8')).toContain(`This is page number ${i} `);
    const manifest = JSON.parse(await readFile(join(out, 'index.json'), 'utf8')) as { counts: { done: number }; pages: Array<{ url: string; status: string; file: string }> };
    expect(manifest.counts.done).toBe(COUNT);
    expect(manifest.pages.map((row) => [row.url, row.status, row.file])).toEqual(urls.map((url, i) => [url, 'done', `Page ${i + 1}.md`]));
    expect(await readdir(join(out, '.openscraper-batch', 'tmp'))).toEqual([]);
    // Each page was loaded at most twice: once more only if a kill cut it off before it was recorded.
    const reloaded = urls.filter((_, i) => (site.hits.get(`/p/${i + 1}`) ?? 0) > 1).length;
    expect(reloaded).toBeLessThanOrEqual(2 * 8);
  }, 90_000);
});
