// `openscraper crawl` as users run it: the built dist/ CLI against a generated site of a few hundred
// pages on 127.0.0.1. A crawl to depth 3 writes exactly the allowed pages (links and sitemap),
// nothing robots.txt disallows, its Crawl-delay spacing the requests; the challenge and the soft 404
// fail in the manifest; the site's template is in no file. Then --update against the site's second
// version rewrites exactly the three changed files, marks the removed page gone, and asks for every
// other page conditionally.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED, type CrawlSite, expectedPages, REMOVED, startCrawlSite, TEMPLATE_WORDS } from './helpers/crawl-site';

const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'dist/lib/cli.js');
const CRAWL_DELAY_S = 0.05;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI in a child process (asynchronously: the site answers from this one). */
function run(args: string[]): Promise<Ran> {
  return new Promise((resolvePromise) => {
    execFile(process.execPath, [cli, ...args], { timeout: 150_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolvePromise({ code, stdout, stderr });
    });
  });
}

interface ManifestPage {
  url: string;
  status: string;
  file?: string;
  errorCode?: string;
  error?: string;
  change?: string;
}

async function manifest(out: string): Promise<ManifestPage[]> {
  return (JSON.parse(await readFile(join(out, 'index.json'), 'utf8')) as { pages: ManifestPage[] }).pages;
}

async function markdownFiles(out: string): Promise<string[]> {
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.md')).map((entry) => relative(out, join(entry.parentPath, entry.name)));
}

async function modified(out: string, files: readonly string[]): Promise<Map<string, number>> {
  return new Map(await Promise.all(files.map(async (file) => [file, (await stat(join(out, file))).mtimeMs] as [string, number])));
}

const pathOf = (url: string) => new URL(url).pathname;

let site: CrawlSite;
let dir: string;

beforeAll(async () => {
  // CI builds first; locally, build the library when it is missing.
  if (!existsSync(cli)) execFileSync(process.execPath, ['scripts/build-lib.mjs'], { cwd: root, stdio: 'ignore' });
  dir = await mkdtemp(join(tmpdir(), 'openscraper-crawl-'));
  site = await startCrawlSite({ crawlDelay: CRAWL_DELAY_S });
}, 120_000);

afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('openscraper crawl (the built CLI)', () => {
  it('crawls to depth 3 politely and honestly, then --update rewrites only what changed', async () => {
    const out = join(dir, 'pens');
    const expected = expectedPages();
    const first = await run(['crawl', site.url('/'), '-o', out, '--max-depth', '3', '--delay', '0', '--timeout', '10']);

    // Exactly the allowed pages: a count printed, the same count of files, the same URLs in the manifest.
    expect(first.stderr).toContain(`${expected.length} of ${expected.length + 5} pages written, 2 failed, 3 skipped by robots.txt`);
    expect(first.code).toBe(1); // the challenge and the soft 404 failed
    const pages = await manifest(out);
    expect(pages.filter((page) => page.status === 'done').map((page) => pathOf(page.url)).sort()).toEqual([...expected].sort());
    const files = await markdownFiles(out);
    expect(files).toHaveLength(expected.length);

    // robots.txt: nothing of /private/ was requested or written; each skip says why.
    expect(site.requests.filter((request) => request.path.startsWith('/private/'))).toEqual([]);
    const skipped = pages.filter((page) => page.errorCode === 'robots');
    expect(skipped.map((page) => pathOf(page.url)).sort()).toEqual(['/private/1', '/private/2', '/private/9']);
    for (const page of skipped) expect(page.error).toContain('Disallow: /private/');
    // Nothing deeper than 3 steps.
    expect(site.requests.filter((request) => request.path.endsWith('/more'))).toEqual([]);

    // The challenge and the soft 404 are failures with their reason, not files.
    const byPath = new Map(pages.map((page) => [pathOf(page.url), page]));
    expect(byPath.get('/challenge')).toMatchObject({ status: 'failed', errorCode: 'bot-wall' });
    expect(byPath.get('/challenge')?.error).toContain('Just a moment');
    expect(byPath.get('/missing')).toMatchObject({ status: 'failed', errorCode: 'soft-404' });
    expect(byPath.get('/missing')?.file).toBeUndefined();

    // The template (header, sidebar, footer in plain divs) is in none of the files; each page's own text is in its file.
    for (const file of files) {
      const text = await readFile(join(out, file), 'utf8');
      for (const words of TEMPLATE_WORDS) expect(text, file).not.toContain(words);
      expect(text, file).toContain("This paragraph is the page's own text");
    }

    // Crawl-delay: the pages' requests start that far apart. They arrive with the machine's jitter (a
    // busy event loop sends one late and the next on time), so the spacing is asserted over the whole
    // run and by its median gap, not by the smallest.
    const pageRequests = site.requests.filter((request) => !request.path.startsWith('/robots.txt') && !request.path.startsWith('/sitemap'));
    const delayMs = CRAWL_DELAY_S * 1000;
    const gaps = pageRequests.slice(1).map((request, i) => request.at - pageRequests[i].at).sort((a, b) => a - b);
    expect(pageRequests.at(-1)!.at - pageRequests[0].at).toBeGreaterThanOrEqual((pageRequests.length - 1) * delayMs * 0.95);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(delayMs * 0.9);

    // The second version: three pages changed, one removed.
    site.version = 2;
    const before = await modified(out, files);
    const sent = site.requests.length;
    const second = await run(['crawl', site.url('/'), '-o', out, '--max-depth', '3', '--delay', '0', '--timeout', '10', '--update']);
    expect(second.stderr).toContain(`0 new, 3 changed, ${expected.length - 4} unchanged, 1 gone`);
    const after = await modified(out, files);
    const rewritten = files.filter((file) => after.get(file) !== before.get(file));
    const updated = await manifest(out);
    const fileOf = new Map(updated.filter((page) => page.file).map((page) => [pathOf(page.url), page.file!]));
    expect(rewritten.sort()).toEqual(CHANGED.map((path) => fileOf.get(path)!).sort());
    for (const path of CHANGED) expect(await readFile(join(out, fileOf.get(path)!), 'utf8')).toContain('Revised in the second version');
    const gone = updated.find((page) => pathOf(page.url) === REMOVED);
    expect(gone).toMatchObject({ status: 'failed', change: 'gone' });
    expect(gone?.file).toBeDefined(); // its file is left, and the manifest says it is gone
    expect(await markdownFiles(out)).toHaveLength(expected.length);

    // Conditional requests for the rest: every page with an ETag or Last-Modified was asked for with it, and answered 304.
    const again = site.requests.slice(sent).filter((request) => expected.includes(request.path) && !CHANGED.includes(request.path) && request.path !== REMOVED);
    const withValidators = again.filter((request) => !request.path.startsWith('/orphan/'));
    expect(withValidators.length).toBe(expected.length - 4 - 9);
    for (const request of withValidators) {
      expect(request.ifNoneMatch ?? request.ifModifiedSince, request.path).toBeDefined();
      expect(request.status, request.path).toBe(304);
    }
  }, 240_000);
});
