// `openscraper crawl`'s arguments in process: the help, usage errors (exit 2), the crawl's own
// options next to the batch's, and a folder holding a crawl refused without --resume or --update.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCrawlCli } from '../../../src/main/cli/crawl-args';
import { runCli } from '../../../src/main/cli/run';
import { startCrawlSite, type CrawlSite } from '../crawl/helpers/crawl-site';

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdin: Readable.from([]), stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } });
  return { code, stdout, stderr };
}

let dir: string;
let site: CrawlSite;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openscraper-crawl-args-'));
  site = await startCrawlSite({ crawlDelay: 0 });
});
afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('openscraper crawl arguments', () => {
  it('reads the crawl\'s options beside the batch\'s, with their defaults', () => {
    const options = parseCrawlCli(['https://e.com/docs/', '-o', 'out', '--max-depth', '2', '--include', '/docs/**', '--include', '/api/**', '--exclude', '**/print', '--prefix', '/docs/', '--ignore-robots', '--keep-suspect', '--no-site-template', '--update']);
    expect(options).toMatchObject({ start: 'https://e.com/docs/', maxDepth: 2, maxPages: undefined, include: ['/docs/**', '/api/**'], exclude: ['**/print'], prefix: '/docs/', sitemaps: undefined, update: true });
    expect(options.settings).toMatchObject({ robots: false, keepSuspect: true, siteTemplate: false, concurrency: 8 });
    expect(parseCrawlCli(['https://e.com/', '-o', 'out']).settings).toMatchObject({ robots: true, keepSuspect: false, siteTemplate: true });
  });

  it('prints its help, and refuses what it cannot do with exit status 2', async () => {
    const help = await cli(['crawl', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: openscraper crawl <url> -o <dir>');
    expect(help.stdout).toContain('--max-depth <n>');
    expect(help.stdout).toContain('--ignore-robots');
    for (const [argv, message] of [
      [['crawl', '-o', join(dir, 'x')], 'crawl needs a start URL'],
      [['crawl', 'https://e.com/'], 'crawl needs an output folder'],
      [['crawl', 'https://e.com/', '-o', join(dir, 'x'), '--max-depth', 'deep'], '--max-depth must be a whole number'],
      [['crawl', 'https://e.com/', '-o', join(dir, 'x'), '--update', '--resume'], '--update and --resume: choose one'],
    ] as const) {
      const ran = await cli([...argv]);
      expect(ran.code, argv.join(' ')).toBe(2);
      expect(ran.stderr).toContain(message);
    }
  });

  it('refuses a folder that holds a crawl unless resuming or updating', async () => {
    const out = join(dir, 'one');
    const first = await cli(['crawl', site.url('/'), '-o', out, '--max-depth', '0', '--no-sitemaps', '--delay', '0']);
    expect(first.stderr).toContain('1 of 1 page written, 0 failed');
    expect(first.code).toBe(0);
    const again = await cli(['crawl', site.url('/'), '-o', out, '--max-depth', '0']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('--resume continues it, --update re-exports it');
    // The folder's crawl: its start, depth and "no sitemaps" are kept.
    const updated = await cli(['crawl', '-o', out, '--update', '--delay', '0']);
    expect(updated.stderr).toContain('0 new, 0 changed, 1 unchanged, 0 gone');
    expect(updated.code).toBe(0);
  });

  it('takes no more URLs than --max-pages, and says so; --include and --exclude choose among the links', async () => {
    const capped = await cli(['crawl', site.url('/'), '-o', join(dir, 'capped'), '--max-pages', '5', '--no-sitemaps', '--delay', '0']);
    expect(capped.stderr).toContain('5 URLs taken, the most --max-pages allows');
    expect(capped.stderr).toContain('5 of 5 pages written');
    const chosen = await cli(['crawl', site.url('/'), '-o', join(dir, 'chosen'), '--max-depth', '2', '--include', '/section/2/**', '--exclude', '**/page/[5-8]', '--no-sitemaps', '--delay', '0']);
    // The start (always), shelf 2 ("/section/2/**" takes "/section/2" too) and its pens 1 to 4.
    expect(chosen.stderr).toContain('6 of 6 pages written');
    const written = (await readdir(join(dir, 'chosen'))).filter((name) => name.endsWith('.md')).sort();
    expect(written).toEqual(['Pen 2.1.md', 'Pen 2.2.md', 'Pen 2.3.md', 'Pen 2.4.md', 'Shelf 2.md', 'Start here.md']);
  });
});
