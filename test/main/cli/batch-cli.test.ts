// `openscraper batch` in process: arguments and their errors, a run from a list file, CSV, stdin
// and a sitemap URL, the summary and exit status, the progress bar on a terminal only, Ctrl+C, and
// --resume.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_DEFAULTS } from '../../../src/shared/batch';
import { UsageError } from '../../../src/main/cli/args';
import { parseBatchCli } from '../../../src/main/cli/batch-args';
import { ProgressBar, progressLine } from '../../../src/main/cli/progress-bar';
import { formatDuration } from '../../../src/shared/duration';
import { runCli } from '../../../src/main/cli/run';
import { type Site, startSite } from '../batch/helpers/site';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(argv: string[], options: { stdin?: string; tty?: boolean; signal?: AbortSignal } = {}): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.tty, columns: 100 },
    signal: options.signal,
  });
  return { code, stdout, stderr };
}

const QUICK = ['--concurrency', '16', '--per-host', '16', '--delay', '0', '--retries', '0', '--timeout', '2'];

let site: Site;
let dir: string;
let n = 0;
const out = () => join(dir, `out-${++n}`);

beforeAll(async () => {
  site = await startSite();
  dir = await mkdtemp(join(tmpdir(), 'openscraper-batch-cli-'));
});
afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('batch arguments', () => {
  it('takes defaults from the shared settings, fewer at once when rendering', () => {
    expect(parseBatchCli(['urls.txt', '-o', 'out'])).toMatchObject({ input: 'urls.txt', output: 'out', resume: false, settings: BATCH_DEFAULTS });
    expect(parseBatchCli(['urls.txt', '-o', 'out', '--render']).settings).toMatchObject({ render: true, concurrency: 2, perHost: 2 });
    expect(parseBatchCli(['-o', 'out', '--resume'])).toMatchObject({ input: undefined, resume: true });
    expect(parseBatchCli(['u', '-o', 'o', '--timeout', '1500ms', '--name-template', '{host}/{title}', '--manifest', 'csv', '--no-ads']).settings).toMatchObject({
      timeoutMs: 1500,
      nameTemplate: '{host}/{title}',
      manifest: 'csv',
    });
  });

  it.each([
    [['-o', 'out'], /needs a list of URLs/],
    [['urls.txt'], /needs an output folder/],
    [['a', 'b', '-o', 'out'], /one input at a time/],
    [['u', '-o', 'o', '--concurrency', '0'], /--concurrency must be a whole number from 1 to 64: 0/],
    // The limits are the batch settings' own, the app's too: a page gets at least a second.
    [['u', '-o', 'o', '--timeout', '0.1'], /--timeout must be from 1 to 600 seconds: 0.1/],
    [['u', '-o', 'o', '--delay', 'soon'], /--delay must be a whole number/],
    [['u', '-o', 'o', '--manifest', 'xml'], /--manifest must be "json" or "csv"/],
    [['u', '-o', 'o', '--name-template', '{author}'], /unknown placeholder \{author\}/],
    [['u', '-o', 'o', '--wait-for', 'main'], /need --render/],
    [['u', '-o', 'o', '--bogus'], /Unknown option '--bogus'/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseBatchCli(argv)).toThrow(UsageError);
    expect(() => parseBatchCli(argv)).toThrow(message);
  });

  it('prints its help, and exits 2 with the usage on a bad argument', async () => {
    const help = await cli(['batch', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: openscraper batch <file|sitemap-url|-> -o <dir>');
    const bad = await cli(['batch', 'urls.txt']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^openscraper batch: batch needs an output folder/);
  });
});

describe('the progress line', () => {
  it('shows the bar, counts, rate and time left within the width', () => {
    const line = progressLine({ counts: { total: 1000, done: 480, failed: 12, pending: 500, running: 8 }, pagesPerSecond: 35.24, etaMs: 14_200 }, 80);
    expect(line).toMatch(/^\[█+░+\] 492\/1000 · done 480 · failed 12 · 35\.2 pages\/s · ETA 0:14$/);
    expect(line.length).toBeLessThanOrEqual(80);
    expect(progressLine({ counts: { total: 10, done: 0, failed: 0, pending: 10, running: 0 }, pagesPerSecond: 0, paused: true }, 60)).toContain('paused');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });

  it('draws a whole line on a terminal that reports no width', () => {
    let written = '';
    const facts = { counts: { total: 10, done: 4, failed: 0, pending: 6, running: 0 }, pagesPerSecond: 2 };
    const bar = new ProgressBar({ write: (text: string) => (written += text), columns: 0 }, () => facts);
    bar.start();
    bar.stop();
    expect(written.startsWith('\r\u001b[K[')).toBe(true);
    expect(written).toMatch(/\[█+░+\] 4\/10 · done 4 · 2\.0 pages\/s/);
  });
});

describe('openscraper batch', () => {
  it('writes a list file into a folder, lists the failures, and exits 1 when any failed', async () => {
    const list = join(dir, 'list.txt');
    await writeFile(list, `# a comment\n${site.url('/p/1')}\n\n${site.url('/p/2')}  the second page\n${site.url('/p/1#again')}\nnot a url\n${site.url('/fail/404/3')}\n`);
    const folder = out();
    const ran = await cli(['batch', list, '-o', folder, ...QUICK]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe('');
    const lines = ran.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`openscraper batch: 3 URLs from ${list}, 1 duplicate left out, 1 line not URLs`);
    expect(lines[1]).toBe('openscraper batch:   line 6: not a URL: not a url');
    expect(lines).toContain('openscraper batch: 1 URL failed:');
    expect(lines).toContain(`  ${site.url('/fail/404/3')}: the server answered HTTP 404 Not Found`);
    expect(lines.at(-2)).toMatch(new RegExp(`^openscraper batch: 2 of 3 written, 1 failed in [\\d.]+ m?s \\([\\d.]+ pages/s\\) → ${folder}$`));
    expect(lines.at(-1)).toBe(`openscraper batch: manifest: ${join(folder, 'index.json')}`);
    expect(ran.stderr).not.toContain('\r'); // no progress bar when stderr is not a terminal
    expect((await readdir(folder)).sort()).toEqual(['.openscraper-batch', 'Page 1.md', 'Page 2.md', 'index.json']);
  });

  it('exits 0 when every URL was written; reads CSV and standard input; writes a CSV manifest', async () => {
    const folder = out();
    const csv = `name,url\n"First, page",${site.url('/p/11')}\nSecond,${site.url('/p/12')}\n`;
    const ran = await cli(['batch', '-', '-o', folder, '--manifest', 'csv', ...QUICK], { stdin: csv });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('2 URLs from standard input');
    expect((await readdir(folder)).sort()).toEqual(['.openscraper-batch', 'Page 11.md', 'Page 12.md', 'index.csv']);
    expect(await readFile(join(folder, 'index.csv'), 'utf8')).toContain(`1,${site.url('/p/11')},done,`);
  });

  it('reads a sitemap index over HTTP (gzipped children, itself again, a missing child reported)', async () => {
    const folder = out();
    const ran = await cli(['batch', site.url('/sitemap.xml'), '-o', folder, '--name-template', '{index}', ...QUICK]);
    // Two children of 51 <loc>s each, the last a CDATA copy of the first (entities decoded alike).
    expect(ran.stderr).toContain(`100 URLs from ${site.url('/sitemap.xml')}, 3 sitemaps, 2 duplicates left out`);
    expect(ran.stderr).toContain(`sitemap ${site.url('/sitemap-missing.xml')}: the server answered HTTP 404`);
    expect(ran.code).toBe(0);
    expect((await readdir(folder)).filter((name) => name.endsWith('.md'))).toHaveLength(100);
    expect(await readFile(join(folder, '001.md'), 'utf8')).toContain('page number 100');
  });

  it('draws a progress bar on a terminal', async () => {
    const list = join(dir, 'tty.txt');
    await writeFile(list, Array.from({ length: 20 }, (_, i) => site.url(`/p/${i + 100}`)).join('\n'));
    const ran = await cli(['batch', list, '-o', out(), ...QUICK], { tty: true });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('\r\u001b[K[');
    expect(ran.stderr).toMatch(/\[[█░]+\] \d+\/20 · done \d+/);
  });

  it('stops cleanly on Ctrl+C, and --resume finishes the batch without redoing anything', async () => {
    const slow = await startSite({ pageDelayMs: 50 });
    try {
      const list = join(dir, 'slow.txt');
      await writeFile(list, Array.from({ length: 40 }, (_, i) => slow.url(`/p/${i + 1}`)).join('\n'));
      const folder = out();
      const interrupt = new AbortController();
      setTimeout(() => interrupt.abort(), 400);
      const stopped = await cli(['batch', list, '-o', folder, '--concurrency', '2', '--per-host', '2', '--delay', '0'], { signal: interrupt.signal });
      expect(stopped.code).toBe(1);
      expect(stopped.stderr).toMatch(/stopped with \d+ to go \(continue with --resume\)/);
      const written = (await readdir(folder)).filter((name) => name.endsWith('.md'));
      expect(written.length).toBeGreaterThan(0);
      expect(written.length).toBeLessThan(40);

      const again = await cli(['batch', list, '-o', folder, ...QUICK]);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('holds a batch already');

      const resumed = await cli(['batch', '-o', folder, '--resume', ...QUICK]);
      expect(resumed.code).toBe(0);
      expect(resumed.stderr).toContain(`resuming: ${written.length} written, 0 to try again`);
      expect((await readdir(folder)).filter((name) => name.endsWith('.md'))).toHaveLength(40);
      for (const name of written) expect(slow.hits.get(`/p/${name.match(/\d+/)![0]}`)).toBe(1);
    } finally {
      await slow.close();
    }
  }, 30_000);

  it('says so when the input cannot be read or holds no URLs', async () => {
    const missing = await cli(['batch', join(dir, 'nope.txt'), '-o', out()]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read .*nope\.txt: ENOENT/);
    const empty = join(dir, 'empty.txt');
    await writeFile(empty, '# nothing here\n\n');
    const none = await cli(['batch', empty, '-o', out()]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('nothing to do: no URLs');
    const notSitemap = await cli(['batch', site.url('/p/1'), '-o', out()]);
    expect(notSitemap.code).toBe(1);
    expect(notSitemap.stderr).toContain('the sitemap: not a sitemap');
  });
});
