// The Batch view following a batch queued in Redis, end to end without Electron: the built
// renderer in Debian's Chromium, the real services behind the web bridge, a real redis-server, the
// batch queued by `openscraper batch --queue` and run by an `openscraper worker` while the view
// watches; then a queue that holds nothing, and an address nothing answers.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/cli/run';
import { type BatchApp, startBatchApp } from './helpers/batch-app';
import { screenshotFolder } from './helpers/screenshots';
import { CHROMIUM_PATH, launchChromium } from './helpers/servers';
import { type Site, startSite } from '../main/batch/helpers/site';
import { type RedisServer, startRedis } from '../main/helpers/redis-server';

const haveChromium = existsSync(CHROMIUM_PATH);
const shots = screenshotFolder('batch-queue');

async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runCli(args, { stdin: Readable.from([]), stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } });
  return { code, stderr };
}

describe.skipIf(!haveChromium)('the Batch view following a queued batch', () => {
  let dir: string;
  let site: Site;
  let redis: RedisServer;
  let app: BatchApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function openView(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByTestId('open-batch').click();
    await page.getByTestId('batch-view').waitFor();
    return page;
  }

  beforeAll(async () => {
    shots.clear();
    dir = await mkdtemp(join(tmpdir(), 'openscraper-e2e-queue-'));
    site = await startSite({ pageDelayMs: 20 });
    redis = await startRedis();
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
    await redis?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('shows the queue waiting, then the worker running it to the end, with what it did', async () => {
    const list = join(dir, 'urls.txt');
    await writeFile(list, `${[...Array.from({ length: 60 }, (_, i) => site.url(`/p/${i + 1}`)), site.url('/fail/404/61')].join('\n')}\n`);
    expect((await cli(['batch', list, '--queue', redis.url, '--queue-name', 'shown', '--delay', '0', '--concurrency', '2', '--per-host', '2'])).code).toBe(0);

    const page = await openView();
    await page.getByTestId('queue-url').fill(redis.url);
    await page.getByTestId('queue-name').fill('shown');
    await page.getByTestId('queue-follow').click();
    await expect.poll(() => page.getByTestId('queue-counts').innerText(), { timeout: 10_000 }).toBe('0 / 61 · 0 done · 0 failed');
    expect(await page.getByTestId('queue-jobs').innerText()).toBe('61 waiting · 0 running · 0 retrying');
    expect(await page.getByTestId('queue-state').innerText()).toBe('Running');
    await shots.take(page, '1-queue-waiting');

    const worker = cli(['worker', '--queue', redis.url, '--queue-name', 'shown', '-o', join(dir, 'worker')]);
    await expect.poll(async () => Number((await page.getByTestId('queue-counts').innerText()).split(' / ')[0]), { timeout: 20_000 }).toBeGreaterThan(0);
    await shots.take(page, '2-queue-running');
    expect((await worker).code).toBe(0);
    await expect.poll(() => page.getByTestId('queue-state').innerText(), { timeout: 10_000 }).toBe('Finished');
    expect(await page.getByTestId('queue-counts').innerText()).toBe('61 / 61 · 60 done · 1 failed');
    expect(await page.getByTestId('queue-jobs').innerText()).toBe('0 waiting · 0 running · 0 retrying');
    const workers = await page.getByTestId('queue-workers').innerText();
    expect(workers).toMatch(/:\d+ · 61 pages → /);
    expect(workers).toContain(join(dir, 'worker'));
    await shots.take(page, '3-queue-finished');

    await page.getByTestId('queue-stop').click();
    await expect(page.getByTestId('queue-progress').count()).resolves.toBe(0);
  }, 90_000);

  it('says so when the queue holds no batch, or nothing answers at the address', async () => {
    const page = await openView();
    await page.getByTestId('queue-url').fill(redis.url);
    await page.getByTestId('queue-name').fill('nothing-here');
    await page.getByTestId('queue-follow').click();
    await expect.poll(() => page.getByTestId('queue-error').innerText(), { timeout: 10_000 }).toMatch(/the queue "nothing-here" at redis:\/\/127\.0\.0\.1:\d+\/? holds no batch/);
    await page.getByTestId('queue-stop').click();
    await page.getByTestId('queue-url').fill('redis://127.0.0.1:1');
    await page.getByTestId('queue-follow').click();
    await expect.poll(() => page.getByTestId('queue-error').innerText(), { timeout: 15_000 }).toMatch(/cannot reach Redis at redis:\/\/127\.0\.0\.1:1\/?: connect ECONNREFUSED/);
    await shots.take(page, '4-queue-unreachable');
  }, 60_000);
});
