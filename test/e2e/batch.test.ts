// The Batch view end to end, without Electron: the built renderer in Debian's Chromium, the real
// services behind the web bridge, the batch in its worker thread, pages from the local batch site.
// Pasting, importing and sitemaps; a run to the end with its failures shown and retried; a
// 2,000-URL run that stays virtualised while it is paused, cancelled and resumed; light and dark.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BatchApp, startBatchApp } from './helpers/batch-app';
import { screenshotFolder } from './helpers/screenshots';
import { CHROMIUM_PATH, launchChromium } from './helpers/servers';
import { planUrls, type Site, startSite } from '../main/batch/helpers/site';

const haveChromium = existsSync(CHROMIUM_PATH);
/** test-results/batch/*.png, beside the app's test-results/app/*.png. */
const shots = screenshotFolder('batch');

async function shot(page: Page, name: string): Promise<void> {
  await shots.take(page, name);
}

/** Sets the URL box the way a paste does (one input event), fast for thousands of lines. */
async function paste(page: Page, text: string): Promise<void> {
  await page.getByTestId('batch-urls').evaluate((element, value) => {
    const textarea = element as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, value);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

async function setNumber(page: Page, testId: string, value: number): Promise<void> {
  await page.getByTestId(testId).fill(String(value));
}

async function state(page: Page): Promise<string> {
  return (await page.getByTestId('batch-progress').getAttribute('data-state')) ?? '';
}

async function markdownFiles(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((name) => name.endsWith('.md'));
}

describe.skipIf(!haveChromium)('the Batch view, over the web bridge', () => {
  let dir: string;
  let site: Site;
  let app: BatchApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    shots.clear();
    dir = await mkdtemp(join(tmpdir(), 'openscraper-e2e-batch-'));
    site = await startSite({ pageDelayMs: 15 });
    app = await startBatchApp({ settingsFile: join(dir, 'settings.json') });
    browser = await launchChromium();
    // Reduced motion: the progress bar has no transition, so screenshots show it at its real width.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', reducedMotion: 'reduce' });
    page = await context.newPage();
    await page.goto(app.url);
    await page.getByTestId('open-batch').click();
    await page.getByTestId('batch-view').waitFor();
    // Quick settings for a local site; they are remembered like the app's other settings.
    await setNumber(page, 'batch-concurrency', 8);
    await setNumber(page, 'batch-per-host', 8);
    await setNumber(page, 'batch-delay', 0);
    await setNumber(page, 'batch-retries', 0);
    await setNumber(page, 'batch-timeout', 5);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await site?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs pasted URLs to the end: counts, failures with their reasons, retry, files on disk, the folder', async () => {
    const plan = planUrls(site.base, 200, { failEvery: 20, kinds: ['404', '500', 'type', 'loop'] });
    await paste(page, `# two hundred pages\n${plan.map((p) => p.url).join('\n')}\n${plan[0].url}\nnot a url\n`);
    await page.getByTestId('batch-read').click();
    await expect.poll(() => page.getByTestId('batch-summary').innerText()).toBe('200 URLs ready · 1 duplicate left out · 1 line not URLs (line 203: not a URL)');

    const folder = join(dir, 'first');
    app.nextFolder(folder);
    await page.getByTestId('batch-choose-folder').click();
    await expect.poll(() => page.getByTestId('batch-folder').innerText()).toBe(folder);
    await page.getByTestId('batch-start').click();

    await expect.poll(() => page.getByTestId('batch-counts').innerText(), { timeout: 60_000 }).toBe('200 / 200 · 190 done · 10 failed');
    await expect.poll(() => state(page)).toBe('finished');
    expect(await markdownFiles(folder)).toHaveLength(190);
    expect(await readdir(folder)).toContain('index.json');

    await page.getByTestId('batch-filter-failed').click();
    const failed = page.locator('[data-testid=batch-row][data-status=failed]');
    await expect.poll(() => failed.count()).toBe(10);
    expect(await failed.first().innerText()).toContain('the server answered HTTP 404 Not Found');
    expect(await page.locator('[data-testid=batch-row][data-index="59"]').innerText()).toContain('content of type application/json is not supported');
    await shot(page, 'finished-failures-light');
    await page.emulateMedia({ colorScheme: 'dark' }); // the theme follows the system by default
    await shot(page, 'finished-failures-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // Finished: the form is ready for the next batch, in a folder of its own, not "Resume" pre-checked.
    expect(await page.getByTestId('batch-start').innerText()).toBe('Start batch');
    expect(await page.getByTestId('batch-folder').innerText()).toBe('none yet');
    expect(await page.getByTestId('batch-resume').count()).toBe(0);

    // Retry one failure: it is loaded again (and fails again: a 404 stays a 404).
    await page.locator('[data-testid=batch-row][data-index="19"]').getByTestId('batch-row-retry').click();
    await expect.poll(() => site.hits.get('/fail/404/20')).toBe(2);
    await expect.poll(() => page.getByTestId('batch-counts').innerText()).toBe('200 / 200 · 190 done · 10 failed');
    await expect.poll(() => state(page)).toBe('finished');
    expect(site.hits.get('/fail/500/40')).toBe(1); // only the one asked for

    // In a browser the folder cannot be opened: its path is shown instead.
    await page.getByTestId('batch-open-folder').click();
    await expect.poll(() => page.getByTestId('batch-notice').innerText()).toBe(`The files are in ${folder}`);
  });

  it('keeps a 2,000-URL run virtualised and responsive; pause, cancel, and resume finish it', async () => {
    const urls = Array.from({ length: 2000 }, (_, i) => site.url(`/p/${i + 10_000}`));
    await paste(page, urls.join('\n'));
    await setNumber(page, 'batch-concurrency', 2);
    await setNumber(page, 'batch-per-host', 2);
    const folder = join(dir, 'big');
    app.nextFolder(folder);
    await page.getByTestId('batch-choose-folder').click();
    await expect.poll(() => page.getByTestId('batch-folder').innerText()).toBe(folder);
    // Long tasks on the page's main thread, to report how responsive it stayed.
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => w.longTasks.push(entry.duration))).observe({ type: 'longtask', buffered: false });
    });
    await page.getByTestId('batch-start').click();
    // The run starts in a fresh worker thread: give it a moment.
    await expect.poll(async () => (await page.getByTestId('batch-counts').innerText()).split(' / ')[1].split(' ')[0], { timeout: 20_000 }).toBe('2,000');
    await page.getByTestId('batch-filter-all').click();
    await expect.poll(async () => Number((await page.getByTestId('batch-counts').innerText()).split(' / ')[0].replace(/,/g, '')), { timeout: 30_000 }).toBeGreaterThan(100);
    await shot(page, 'running-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'running-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // 2,000 rows in the table, a few dozen in the DOM; the last one is reachable by scrolling.
    expect(await page.locator('[data-testid=batch-row]').count()).toBeLessThan(80);
    await page.locator('.batch-rows').evaluate((element) => (element.scrollTop = element.scrollHeight));
    await expect.poll(() => page.locator('[data-testid=batch-row][data-index="1999"]').count()).toBe(1);
    expect(await page.locator('[data-testid=batch-row]').count()).toBeLessThan(80);

    await page.getByTestId('batch-pause').click();
    await expect.poll(() => state(page)).toBe('paused');
    await page.waitForTimeout(300); // pages in flight finish
    const paused = await page.getByTestId('batch-counts').innerText();
    await page.waitForTimeout(700);
    expect(await page.getByTestId('batch-counts').innerText()).toBe(paused);
    // A stale rate or time left would mislead while nothing moves.
    expect(await page.getByTestId('batch-rate').count()).toBe(0);
    await shot(page, 'paused-light');
    await page.getByTestId('batch-resume-run').click();
    await expect.poll(() => state(page)).toBe('running');

    await page.getByTestId('batch-cancel').click();
    await expect.poll(() => state(page), { timeout: 10_000 }).toBe('cancelled');
    const written = (await markdownFiles(folder)).length;
    expect(written).toBeGreaterThan(100);
    expect(written).toBeLessThan(2000);

    // The stopped batch is the folder's: Start now resumes it, and nothing is written twice.
    await setNumber(page, 'batch-concurrency', 16);
    await setNumber(page, 'batch-per-host', 16);
    expect(await page.getByTestId('batch-start').innerText()).toBe('Resume batch');
    await page.getByTestId('batch-start').click();
    await expect.poll(() => page.getByTestId('batch-counts').innerText(), { timeout: 90_000 }).toBe('2,000 / 2,000 · 2,000 done · 0 failed');
    await expect.poll(() => state(page)).toBe('finished');
    const files = await markdownFiles(folder);
    expect(files).toHaveLength(2000);
    expect(files.filter((name) => / \(\d+\)\.md$/.test(name))).toEqual([]);

    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    console.log(`batch e2e: ${longTasks.length} long tasks over 50 ms during the 2,000-URL run, longest ${Math.round(Math.max(0, ...longTasks))} ms`);
  }, 180_000);

  it('reads a sitemap URL typed into the box, and an imported CSV file', async () => {
    await paste(page, site.url('/sitemap.xml'));
    await page.getByTestId('batch-read').click();
    await expect.poll(() => page.getByTestId('batch-summary').innerText()).toBe('100 URLs ready · from 3 sitemaps · 2 duplicates left out · 1 sitemap unreadable');
    await page.getByTestId('batch-file').setInputFiles({ name: 'pages.csv', mimeType: 'text/csv', buffer: Buffer.from(`title,url\nOne,${site.url('/p/1')}\nTwo,${site.url('/p/2')}\n`) });
    await expect.poll(() => page.getByTestId('batch-summary').innerText()).toBe('2 URLs ready from pages.csv');
    expect(await page.getByTestId('batch-urls').inputValue()).toBe(`${site.url('/p/1')}\n${site.url('/p/2')}`);
  });

  it('shows the last batch again in a new window, in the dark theme', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark', reducedMotion: 'reduce' });
    try {
      const dark = await context.newPage();
      await dark.goto(app.url);
      await dark.getByTestId('open-batch').click();
      await expect.poll(() => state(dark), { timeout: 10_000 }).toBe('finished');
      expect(await dark.getByTestId('batch-counts').innerText()).toBe('2,000 / 2,000 · 2,000 done · 0 failed');
      expect(await dark.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await shot(dark, 'finished-dark');
      await dark.locator('.batch-rows').evaluate((element) => (element.scrollTop = 30 * 500));
      await shot(dark, 'finished-scrolled-dark');
    } finally {
      await context.close();
    }
  });
});
