// The Batch view crawling a site, end to end without Electron: the built renderer in Debian's
// Chromium, the real services behind the web bridge, the crawl in the batch's worker thread, pages
// from the generated crawl site. A crawl to depth 2 (robots.txt's refusals, the challenge and the
// soft 404 among the failures), then an update of the same folder against the site's second
// version: the summary of what changed and the list of changed files.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BatchApp, startBatchApp } from './helpers/batch-app';
import { screenshotFolder } from './helpers/screenshots';
import { CHROMIUM_PATH, launchChromium } from './helpers/servers';
import { type CrawlSite, startCrawlSite } from '../main/crawl/helpers/crawl-site';

const haveChromium = existsSync(CHROMIUM_PATH);
const shots = screenshotFolder('crawl');

async function state(page: Page): Promise<string> {
  return (await page.getByTestId('batch-progress').getAttribute('data-state')) ?? '';
}

describe.skipIf(!haveChromium)('crawling from the Batch view, over the web bridge', () => {
  let dir: string;
  let site: CrawlSite;
  let app: BatchApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    shots.clear();
    dir = await mkdtemp(join(tmpdir(), 'openscraper-e2e-crawl-'));
    site = await startCrawlSite({ crawlDelay: 0.01 });
    app = await startBatchApp({ settingsFile: join(dir, 'settings.json') });
    browser = await launchChromium();
  }, 120_000);

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await site?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('crawls a site into a folder, then updates it and lists the changed files', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByTestId('open-batch').click();
    await page.getByTestId('batch-mode-crawl').check();
    await page.getByTestId('batch-crawl-start').fill(site.url('/'));
    await page.getByTestId('batch-crawl-depth').fill('2');
    await page.getByTestId('batch-delay').fill('0');
    await page.getByTestId('batch-retries').fill('0');
    const folder = join(dir, 'pens');
    app.nextFolder(folder);
    await page.getByTestId('batch-choose-folder').click();
    await expect.poll(() => page.getByTestId('batch-folder').innerText()).toBe(folder);
    expect(await page.getByTestId('batch-start').innerText()).toBe('Start crawl');
    await shots.take(page, 'crawl-setup');
    await page.getByTestId('batch-start').click();

    // Home, 5 shelves, 40 pens, 10 sitemap pages written; 3 refused by robots.txt, the challenge and the soft 404 failed.
    await expect.poll(() => page.getByTestId('batch-counts').innerText(), { timeout: 60_000 }).toBe('61 / 61 · 56 done · 5 failed');
    await expect.poll(() => state(page)).toBe('finished');
    await page.getByTestId('batch-filter-failed').click();
    const failed = page.locator('[data-testid=batch-row][data-status=failed]');
    await expect.poll(() => failed.count()).toBe(5);
    const reasons = (await failed.allInnerTexts()).join('\n');
    expect(reasons).toContain('disallowed by robots.txt');
    expect(reasons).toContain('Just a moment');
    expect(reasons).toContain('soft 404');
    await shots.take(page, 'crawl-finished');

    // The second version of the site; the same folder, updated.
    site.version = 2;
    app.nextFolder(folder);
    await page.getByTestId('batch-choose-folder').click();
    await page.getByTestId('batch-update').check();
    expect(await page.getByTestId('batch-resume').isChecked()).toBe(false);
    expect(await page.getByTestId('batch-start').innerText()).toBe('Update export');
    await page.getByTestId('batch-start').click();
    await expect.poll(() => page.getByTestId('batch-changes-summary').innerText(), { timeout: 60_000 }).toBe('0 new · 2 changed · 54 unchanged · 0 gone');
    await expect.poll(() => state(page)).toBe('finished');
    const changed = await page.getByTestId('batch-changed-files').locator('li').allInnerTexts();
    expect(changed.map((line) => line.replace(/\s+/g, ' ').trim()).sort()).toEqual(['changed Orphan 5.md', 'changed Pen 2.3.md']);
    expect(await readFile(join(folder, 'Pen 2.3.md'), 'utf8')).toContain('Revised in the second version');
    // Each row says what the update did to its file.
    expect(await page.locator('[data-testid=batch-row][data-index="0"]').innerText()).toContain('unchanged');
    await shots.take(page, 'crawl-updated');
    await page.emulateMedia({ colorScheme: 'dark' }); // the theme follows the system by default
    await shots.take(page, 'crawl-updated-dark');
  }, 180_000);
});
