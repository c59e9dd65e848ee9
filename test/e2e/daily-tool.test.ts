// The app as a daily tool, end to end in Chromium over the web bridge — one case per problem of
// issue 19: keep keeps (the whole subtree, said and shown), the inspector led by what matters, a
// layout that fits 1024×700, the keys, Recent closing, large pages (stages, stale panes, capped
// previews), errors in the pane with Retry, panes opening at the content, consistent panes, and
// the batch table. Every case starts from fresh settings in a fresh browser context, so none
// depends on what another left behind. Screenshots: test-results/daily-tool/.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/shared/commands';
import { type AppUnderTest, CHROMIUM_PATH, launchChromium, type Served, serveFixtures, startApp } from './helpers/servers';
import { screenshotFolder } from './helpers/screenshots';

const FIXTURES = join(import.meta.dirname, '../fixtures/app');
const haveChromium = existsSync(CHROMIUM_PATH);
const shots = screenshotFolder('daily-tool');
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

interface Open {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

describe.skipIf(!haveChromium)('the app as a daily tool (issue 19), over the web bridge', () => {
  let dir: string;
  let app: AppUnderTest;
  let fixtures: Served;
  let scratch: Served;
  let scratchDir: string;
  let big: Server;
  let bigUrl: string;
  let browser: Browser;

  /** A fresh start: no stored settings, a new browser context at this size and colour scheme. */
  async function open(options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Open> {
    await fetch(`${app.url}api/settings:set`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key: 'openscraper.settings', value: null }) });
    const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 }, colorScheme: options.colorScheme ?? 'light', reducedMotion: 'reduce' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(app.url);
    await page.getByTestId('address').waitFor();
    return { context, page, errors };
  }

  async function load(page: Page, url: string): Promise<void> {
    await page.getByTestId('address').fill(url);
    await page.getByTestId('load').click();
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 30_000 }).not.toContain('Loading');
  }

  /** The text of the three rows at the top of a source view. */
  function topRowsOf(page: Page, testId: string): Promise<string> {
    return page.getByTestId(testId).evaluate((view) => {
      const box = view.getBoundingClientRect();
      const rows: string[] = [];
      for (let y = box.top + 4; y < box.top + 4 + 18 * 3; y += 18) rows.push((document.elementFromPoint(box.left + box.width / 2, y)?.closest('.sv-row') as HTMLElement | null)?.innerText ?? '');
      return rows.join('\n');
    });
  }

  async function markdownText(page: Page): Promise<string> {
    return page.evaluate(() => navigator.clipboard.readText());
  }

  beforeAll(async () => {
    shots.clear();
    dir = await mkdtemp(join(tmpdir(), 'openscraper-e2e-daily-'));
    scratchDir = await mkdtemp(join(tmpdir(), 'openscraper-e2e-scratch-'));
    app = await startApp({ exportDir: join(dir, 'exports'), settingsFile: join(dir, 'settings.json') });
    fixtures = await serveFixtures(FIXTURES);
    scratch = await serveFixtures(scratchDir);
    // A 6 MB page sent in slow pieces, its length announced: long enough to watch it arrive.
    big = createServer((request, response) => {
      const piece = Buffer.from(`<p>${'The tide rose over the long flats, and the herons waited. '.repeat(2000)}</p>\n`);
      const pieces = Math.ceil((6 * 1024 * 1024) / piece.length);
      const head = Buffer.from('<!doctype html><html><head><title>A very large page</title></head><body><main><h1>A very large page</h1>\n');
      const tail = Buffer.from('</main></body></html>');
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(head.length + piece.length * pieces + tail.length) });
      response.write(head);
      let sent = 0;
      const timer = setInterval(() => {
        if (response.destroyed) return clearInterval(timer);
        response.write(piece);
        if (++sent === pieces) {
          clearInterval(timer);
          response.end(tail);
        }
      }, 40);
      request.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    bigUrl = `http://127.0.0.1:${(big.address() as AddressInfo).port}/big.html`;
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    big?.closeAllConnections();
    big?.close();
    await scratch?.close();
    await fixtures?.close();
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
  });

  it('1 · keeping an element keeps all of it: the Markdown changes, the app says by how much, scrolls there and flashes it', async () => {
    const { context, page, errors } = await open();
    try {
      await load(page, `${fixtures.url}daily.html`);
      const footer = page.locator('[data-testid=removal][data-tag=footer]');
      await footer.getByTestId('keep-element').click();
      await expect.poll(() => page.getByTestId('notice').innerText()).toMatch(/^Kept <footer>: restored [\d,]+ characters/);
      const restored = Number((await page.getByTestId('notice').innerText()).match(/restored ([\d,]+)/)![1].replace(/,/g, ''));
      expect(restored).toBeGreaterThan(100);

      // The subtree stays: the footer's own link list and navigation, which other rules would remove.
      await page.getByTestId('copy').click();
      await page.getByTestId('export-message').getByText('Markdown copied').waitFor();
      const markdown = await markdownText(page);
      for (const text of [`[Contact the coast desk](${fixtures.url}contact)`, `[Sitemap](${fixtures.url}sitemap)`, '© 2024 The Daily Tide. Printed with care on recycled pixels.']) expect(markdown).toContain(text);
      // Nothing inside the kept footer is listed as removed, but its script.
      const inside = await page.locator('[data-testid=removal]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-path')!).filter((path) => path.startsWith('body > footer >')));
      expect(inside.every((path) => path.endsWith('script'))).toBe(true);
      expect(await footer.getByTestId('keep-element').getAttribute('aria-pressed')).toBe('true');

      // The Markdown pane scrolled to the block it brought back, which flashes.
      const flash = page.locator('[data-testid=markdown-source] .mk-flash');
      await expect.poll(() => flash.count()).toBeGreaterThan(0);
      expect((await flash.allInnerTexts()).join('')).toContain('Contact the coast desk');
      expect(await flash.first().isVisible()).toBe(true);
      await shots.take(page, 'keep-flash-light');
      // Rendered, the Markdown opens at that block too, flashing.
      await page.getByTestId('pane-markdown-view').click();
      const rendered = page.frameLocator('[data-testid=markdown-preview]');
      expect(await rendered.locator('.__os-flash').innerText()).toContain('Contact the coast desk');
      await expect.poll(() => rendered.locator('body').evaluate(() => document.scrollingElement!.scrollTop)).toBeGreaterThan(0);
      await page.getByTestId('pane-markdown-source').click();

      // Dropping it again takes it all away again, and says so.
      await footer.getByTestId('keep-element').click();
      await expect.poll(() => page.getByTestId('notice').innerText()).toMatch(/^Dropped <footer> again: removed [\d,]+ characters/);
      await page.getByTestId('copy').click();
      await expect.poll(() => markdownText(page)).not.toContain('Contact the coast desk');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('1 · "always keep this on the site" keeps it on the next load, is listed in Settings and can be removed there', async () => {
    const { context, page } = await open();
    try {
      await load(page, `${fixtures.url}daily.html`);
      await page.locator('[data-testid=removal][data-tag=footer]').getByTestId('keep-site').click();
      await expect.poll(() => page.locator('[data-testid=removal][data-tag=footer]').getByTestId('keep-site').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('notice').innerText()).toContain('on every page of 127.0.0.1');

      // A new load of a page of that site keeps it at once.
      await load(page, `${fixtures.url}daily.html?again`);
      await expect.poll(() => page.getByTestId('notice').innerText()).toContain('as always on 127.0.0.1');
      await page.keyboard.press(`${MOD}+Shift+KeyC`);
      await expect.poll(() => markdownText(page)).toContain('Printed with care');
      expect(await page.locator('[data-testid=removal][data-tag=footer]').getByTestId('keep-element').getAttribute('aria-pressed')).toBe('true');

      await page.keyboard.press(`${MOD}+Comma`);
      const row = page.locator('[data-testid=site-keep][data-site="127.0.0.1"]');
      expect(await row.innerText()).toContain('<footer> body > footer');
      await shots.take(page, 'settings-site-keeps-light');
      await row.getByTestId('site-keep-remove').click();
      expect(await page.getByTestId('site-keeps').innerText()).toContain('None yet');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('settings').count()).toBe(0);

      await load(page, `${fixtures.url}daily.html?third`);
      await page.keyboard.press(`${MOD}+Shift+KeyC`);
      await page.getByTestId('export-message').getByText('Markdown copied').waitFor();
      expect(await markdownText(page)).toContain('# The herons came back');
      expect(await markdownText(page)).not.toContain('Printed with care');
    } finally {
      await context.close();
    }
  });

  it('2 · the inspector leads with what cut the most text: scripts and styles folded, categories fold, a filter finds elements', async () => {
    const { context, page } = await open();
    try {
      await load(page, `${fixtures.url}daily.html`);
      // The first element listed is the one that removed the most text, not one of the 22 scripts.
      const first = page.locator('[data-testid=removal]').first();
      expect(await first.getAttribute('data-tag')).toBe('aside');
      const sizes = await page.locator('[data-testid=removal] .removal-size').allInnerTexts();
      expect(sizes[0]).toMatch(/chars$/);
      // Scripts and styles remove no text: their category starts folded, below the rest.
      expect(await page.getByTestId('category-unwanted').getAttribute('data-open')).toBe('false');
      expect(await page.locator('[data-testid=removal][data-tag=script]').count()).toBe(0);
      const categories = await page.locator('[data-testid^=category-]:not([data-testid^=category-count]):not([data-testid^=category-switch])').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));
      expect(categories.indexOf('category-unwanted')).toBeGreaterThan(categories.indexOf('category-chrome'));

      // Unfolded on request; the rule inside, noise too, still folded until asked.
      await page.getByTestId('category-unwanted').getByTestId('category-disclosure').click();
      const rule = page.locator('[data-testid=rule-group][data-rule=unwanted-element]');
      expect(await rule.getAttribute('data-open')).toBe('false');
      await rule.getByTestId('rule-disclosure').click();
      await expect.poll(() => page.locator('[data-testid=removal][data-tag=script]').count()).toBeGreaterThan(5);
      // A category folds away with everything in it.
      await page.getByTestId('category-chrome').getByTestId('category-disclosure').click();
      expect(await page.locator('[data-testid=removal][data-tag=aside]').count()).toBe(0);

      // The filter finds by tag, rule or text, unfolding what it finds.
      await page.keyboard.press(`${MOD}+Shift+KeyF`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('removal-filter');
      await page.keyboard.type('causeway');
      await expect.poll(() => page.locator('[data-testid=removal]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-tag')))).toEqual(['aside']);
      await page.getByTestId('removal-filter').fill('<footer>');
      await expect.poll(() => page.locator('[data-testid=removal]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-tag')))).toEqual(['footer']);
      await page.getByTestId('removal-filter').fill('no such thing');
      await page.getByTestId('removals-none').waitFor();
      await page.getByTestId('removal-filter').press('Escape');
      expect(await page.getByTestId('removal-filter').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`3 · at 1024×700 (${colorScheme}) no control is clipped, the address shows its host and the panes keep the room`, async () => {
      const { context, page } = await open({ width: 1024, height: 700, colorScheme });
      try {
        await load(page, `${fixtures.url}daily.html`);
        const clipped = await page.evaluate(() => {
          /** The part of the window an element can show in: the window, cut by every ancestor that clips. */
          const clipOf = (el: HTMLElement) => {
            let clip = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
            for (let parent = el.parentElement; parent; parent = parent.parentElement) {
              const style = getComputedStyle(parent);
              if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
              const box = parent.getBoundingClientRect();
              clip = { left: Math.max(clip.left, box.left), top: Math.max(clip.top, box.top), right: Math.min(clip.right, box.right), bottom: Math.min(clip.bottom, box.bottom) };
            }
            return clip;
          };
          const controls = [...document.querySelectorAll<HTMLElement>('button, label.toggle, label.chip, [role=tab], input:not([type=checkbox]):not([type=file]), select, .page-stats > *')];
          return controls
            .filter((el) => el.offsetParent !== null)
            .map((el) => {
              const box = el.getBoundingClientRect();
              const clip = clipOf(el);
              // Rows scrolled out of a list are not on screen: only what is in sight must be whole.
              const inSight = box.bottom > clip.top && box.top < clip.bottom;
              const cut = box.left < clip.left - 0.5 || box.right > clip.right + 0.5;
              return { text: (el.innerText || el.getAttribute('aria-label') || el.getAttribute('data-testid') || el.tagName).trim().slice(0, 40), over: el.scrollWidth - el.clientWidth, cut: inSight && cut };
            })
            .filter((c) => c.over > 1 || c.cut);
        });
        expect(clipped).toEqual([]);
        // "Rendered", "Page chrome" and its count, whole.
        expect(await page.getByTestId('pane-original-view').innerText()).toBe('Rendered');
        expect(await page.getByTestId('category-count-chrome').innerText()).toMatch(/^\d+$/);
        // The address in the status shows all of itself, host first.
        const url = page.getByTestId('page-url');
        expect(await url.innerText()).toBe(`${fixtures.url}daily.html`);
        expect(await url.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        // The inspector gives the panes at least half the window.
        const panes = await page.getByTestId('pane-markdown').boundingBox();
        expect(panes!.height).toBeGreaterThanOrEqual(300);
        const inspector = await page.getByTestId('inspector').boundingBox();
        expect(inspector!.height).toBeLessThanOrEqual(700 / 2 - 150 + 1);
        await shots.take(page, `loaded-1024x700-${colorScheme}`);

        await page.setViewportSize({ width: 1440, height: 900 });
        // Wider panes rewrap the lines: what was at the top stays there.
        await expect.poll(() => topRowsOf(page, 'original-source')).toContain('<main>');
        await page.getByTestId('pane-markdown-view').click();
        await page.frameLocator('[data-testid=markdown-preview]').locator('h1').waitFor();
        await shots.take(page, `loaded-1440x900-${colorScheme}`);
        await page.setViewportSize({ width: 1024, height: 540 });
        // A short window: the inspector starts folded.
        await expect.poll(() => page.getByTestId('inspector').getAttribute('class')).toContain('closed');
        await shots.take(page, `short-1024x540-${colorScheme}`);
      } finally {
        await context.close();
      }
    });
  }

  it('4 · keys: Ctrl+L, Ctrl+Enter, Ctrl+Shift+C, Ctrl+S, Ctrl+K with every command, F6 through the panes, each preview one Tab stop', async () => {
    const { context, page, errors } = await open();
    try {
      await page.keyboard.press(`${MOD}+KeyL`);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('address');
      await page.keyboard.type(`${fixtures.url}daily.html`);
      await page.getByTestId('pane-original').click({ position: { x: 40, y: 60 } }); // focus elsewhere: the key works anywhere
      await page.keyboard.press(`${MOD}+Enter`);
      await expect.poll(() => page.getByTestId('page-title').innerText(), { timeout: 30_000 }).toContain('The Herons Came Back');

      await page.keyboard.press(`${MOD}+Shift+KeyC`);
      await page.getByTestId('export-message').getByText('Markdown copied').waitFor();
      expect(await markdownText(page)).toContain('# The herons came back to the flats');

      await page.keyboard.press(`${MOD}+KeyS`);
      await expect.poll(() => page.getByTestId('export-message').innerText()).toContain('Saved');
      expect((await readdir(app.exportDir)).filter((name) => name.startsWith('The Herons Came Back'))).not.toEqual([]);

      // The palette lists every command (but itself), with its key; it runs what is chosen.
      await page.keyboard.press(`${MOD}+KeyK`);
      const items = page.getByTestId('palette-item');
      expect(await items.count()).toBe(COMMANDS.length - 1);
      expect(await page.locator('[data-testid=palette-item][data-command=save] kbd').innerText()).toMatch(/S$/);
      await shots.take(page, 'palette-light');
      await page.keyboard.type('markdown rendered');
      expect(await items.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-command')))).toEqual(['toggle-markdown-view']);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('palette').count()).toBe(0);
      await page.getByTestId('markdown-preview').waitFor();
      await page.keyboard.press(`${MOD}+KeyK`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('palette').count()).toBe(0);

      // F6 goes round: the address, the three panes, the inspector, and back.
      await page.keyboard.press(`${MOD}+KeyL`);
      const region = () => page.evaluate(() => document.activeElement?.closest('[data-region]')?.getAttribute('data-region'));
      const visited: Array<string | null | undefined> = [];
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('F6');
        visited.push(await region());
      }
      expect(visited).toEqual(['pane-original', 'pane-cleaned', 'pane-markdown', 'inspector', 'address']);
      await page.keyboard.press('Shift+F6');
      expect(await region()).toBe('inspector');

      // A rendered preview full of links is one Tab stop, like a source view.
      await page.getByTestId('pane-original-view').click();
      await page.getByTestId('original-preview').waitFor();
      await page.getByTestId('pane-original-view').focus();
      // What has the focus, once it has settled (moving into a frame takes a moment).
      const focused = async () => {
        let name = '';
        await expect
          .poll(async () => {
            name = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? '');
            return name;
          })
          .not.toBe('BODY');
        return name;
      };
      const stops: string[] = [];
      for (let i = 0; i < 8 && stops.at(-1) !== 'pane-cleaned-source'; i++) {
        await page.keyboard.press('Tab');
        stops.push(await focused());
      }
      expect(stops).toEqual(['Hide Original HTML', 'original-preview', 'Resize panes', 'pane-cleaned-source']);
      await page.getByTestId('pane-markdown-source').click();
      await page.getByTestId('markdown-source').focus();
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('inspector-toggle');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('5 · Recent closes on Escape and on a click elsewhere', async () => {
    const { context, page } = await open();
    try {
      await load(page, `${fixtures.url}daily.html`);
      await page.getByTestId('recent').click();
      await page.getByTestId('recent-menu').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('recent-menu').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('recent');
      await page.getByTestId('recent').click();
      await page.getByTestId('recent-menu').waitFor();
      await page.getByTestId('pane-cleaned').click({ position: { x: 60, y: 80 } });
      await expect.poll(() => page.getByTestId('recent-menu').count()).toBe(0);
      // Opened by the palette, it takes the keyboard: Enter loads the page at the top.
      await page.keyboard.press(`${MOD}+KeyK`);
      await page.keyboard.type('recent');
      await page.keyboard.press('Enter');
      await page.getByTestId('recent-menu').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('recent-menu').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('6 · a large page: stages with bytes and time, the old page dimmed meanwhile, Load held, a notice, capped previews', async () => {
    const { context, page, errors } = await open();
    try {
      await load(page, `${fixtures.url}daily.html`);
      await page.getByTestId('address').fill(bigUrl);
      await page.getByTestId('load').click();
      await expect.poll(() => page.getByTestId('stage-bytes').innerText().catch(() => '')).toMatch(/ of 6\.\d MB$/);
      expect(await page.locator('[data-testid=stages] li.current').getAttribute('data-stage')).toBe('fetch');
      expect(await page.getByTestId('elapsed').innerText()).toMatch(/^\d+(\.\d)? s$/);
      expect(await page.getByTestId('loading-line').innerText()).toContain('large page');
      expect(await page.getByTestId('pane-original').getAttribute('class')).toContain('stale');
      expect(await page.getByTestId('load').isDisabled()).toBe(true);
      await shots.take(page, 'large-page-loading-light');
      const stagesSeen = new Set<string>();
      await expect
        .poll(
          async () => {
            const current = await page.locator('[data-testid=stages] li.current').getAttribute('data-stage', { timeout: 100 }).catch(() => null);
            if (current) stagesSeen.add(current);
            return page.getByTestId('status').innerText();
          },
          { timeout: 90_000, interval: 50 },
        )
        .not.toContain('Loading');
      expect([...stagesSeen][0]).toBe('fetch');
      expect(await page.getByTestId('page-title').innerText()).toBe('A very large page');
      expect(await page.getByTestId('pane-original').getAttribute('class')).not.toContain('stale');
      expect(await page.getByTestId('large-page').innerText()).toContain('the rendered previews show its first');

      await page.getByTestId('pane-cleaned-view').click();
      await page.getByTestId('cleaned-preview-capped').waitFor();
      expect((await page.getByTestId('cleaned-preview').getAttribute('srcdoc'))!.length).toBeLessThan(1024 * 1024 + 20_000);
      // The Markdown is cut before it is made HTML (converting all of it would hold the page for long seconds).
      await page.getByTestId('pane-markdown-view').click();
      await page.getByTestId('markdown-preview-capped').waitFor();
      expect((await page.getByTestId('markdown-preview').getAttribute('srcdoc'))!.length).toBeLessThan(1024 * 1024 + 200_000);
      await shots.take(page, 'large-page-light');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('7 · errors in the pane with Retry and a suggestion; input neither an address nor a file says so', async () => {
    const { context, page, errors } = await open({ colorScheme: 'dark' });
    try {
      // A dead address: the error takes the panes' place, no banner, no "No page yet" beside it.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const deadPort = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      await load(page, `http://127.0.0.1:${deadPort}/story`);
      const pane = page.getByTestId('error-pane');
      expect(await pane.innerText()).toContain(`Could not load http://127.0.0.1:${deadPort}/story`);
      expect(await pane.locator('.badge').innerText()).toBe('connection');
      expect(await page.getByTestId('pane-original').count()).toBe(0);
      expect(await page.getByTestId('error-line').count()).toBe(0);
      expect(await page.getByTestId('retry').isVisible()).toBe(true);
      await shots.take(page, 'error-pane-dark');

      // Retry loads it again: here the page appears meanwhile.
      await load(page, `${scratch.url}later.html`);
      expect(await page.getByTestId('error-message').innerText()).toContain('HTTP 404');
      await writeFile(join(scratchDir, 'later.html'), '<title>Here now</title><h1>It came</h1>');
      await page.getByTestId('retry').click();
      await expect.poll(() => page.getByTestId('page-title').innerText().catch(() => '')).toBe('Here now');
      expect(await page.getByTestId('error-pane').count()).toBe(0);

      // Not an address, not a file: said so, never looked for in the working directory.
      await load(page, 'not a url at all');
      expect(await page.getByTestId('error-message').innerText()).toBe('“not a url at all” is neither a web address (https://…) nor the full path of a file on this computer');
      expect(await page.getByTestId('error-suggestion').count()).toBe(0);
      await load(page, 'package.json');
      expect(await page.getByTestId('error-message').innerText()).toContain('neither a web address');
      // A bare host: the address it most likely meant, one click away.
      await load(page, 'example.com/page');
      expect(await page.getByTestId('suggestion').innerText()).toBe('https://example.com/page');
      // And back to the page that was on screen.
      await page.getByTestId('back-to-page').click();
      expect(await page.getByTestId('page-title').innerText()).toBe('Here now');
      expect(errors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('8 · panes open at the content, not the <head>; the cleaned source has no runs of empty lines', async () => {
    const { context, page } = await open();
    try {
      await load(page, `${fixtures.url}daily.html`);
      const topRows = (testId: string) => topRowsOf(page, testId);
      await expect.poll(() => topRows('original-source')).toContain('<main>');
      expect(await topRows('original-source')).not.toContain('<head');
      await expect.poll(() => topRows('cleaned-source')).toContain('<main>');

      const longestBlankRun = await page.getByTestId('cleaned-source').evaluate(async (view) => {
        let longest = 0;
        let run = 0;
        for (let top = 0; top <= view.scrollHeight; top += view.clientHeight / 2) {
          view.scrollTop = top;
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          for (const row of view.querySelectorAll<HTMLElement>('.sv-row')) {
            const blank = (row.querySelector('.sv-code')?.textContent ?? '').trim() === '' && (row.querySelector('.sv-ln')?.textContent ?? '') !== '';
            run = blank ? run + 1 : 0;
            longest = Math.max(longest, run);
          }
          run = 0;
        }
        return longest;
      });
      expect(longestBlankRun).toBeLessThanOrEqual(1);
    } finally {
      await context.close();
    }
  });

  it('9 · every pane has Source and Rendered; the previews start level; a size-less SVG stays small', async () => {
    const { context, page } = await open();
    try {
      await load(page, `${fixtures.url}daily.html`);
      for (const pane of ['original', 'cleaned', 'markdown']) {
        expect(await page.getByTestId(`pane-${pane}-source`).innerText()).toBe('Source');
        await page.getByTestId(`pane-${pane}-view`).click();
      }
      const heading = async (testId: string) => {
        const frame = page.frameLocator(`[data-testid=${testId}]`);
        await frame.locator('h1').waitFor();
        return frame.locator('h1').evaluate((h1) => Math.round(h1.getBoundingClientRect().top));
      };
      const tops = [await heading('original-preview'), await heading('cleaned-preview'), await heading('markdown-preview')];
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
      const icon = await page.frameLocator('[data-testid=cleaned-preview]').locator('svg.icon').boundingBox();
      expect(icon!.height).toBeLessThanOrEqual(24);
      await shots.take(page, 'previews-level-light');
    } finally {
      await context.close();
    }
  });

  it('10 · the batch table at 1024×700: hosts in sight, errors readable, a finished run leaves the form for the next batch', async () => {
    const { context, page } = await open({ width: 1024, height: 700 });
    try {
      await page.getByTestId('open-batch').click();
      expect(await page.getByTestId('batch-choose-folder').innerText()).toBe('New folder'); // no dialog in a browser
      const deep = 'coast/2024/11/wardens-count-the-herons-along-the-causeway-before-the-water-turns';
      const urls = [1, 2, 3].map((i) => `${fixtures.url}${deep}/missing-${i}.html`).concat(`${fixtures.url}daily.html`);
      await page.getByTestId('batch-urls').fill(urls.join('\n'));
      await page.getByTestId('batch-retries').fill('0');
      await page.getByTestId('batch-choose-folder').click();
      await expect.poll(() => page.getByTestId('batch-folder').innerText()).not.toBe('none yet');
      await page.getByTestId('batch-start').click();
      await expect.poll(() => page.getByTestId('batch-counts').innerText(), { timeout: 30_000 }).toBe('4 / 4 · 1 done · 3 failed');
      const cells = await page.locator('[data-testid=batch-row]').evaluateAll((rows) =>
        rows.map((row) => {
          const host = row.querySelector<HTMLElement>('.url-host')!;
          const detail = row.querySelector<HTMLElement>('.batch-cell.detail')!;
          return { host: host.innerText, hostWhole: host.scrollWidth <= host.clientWidth, detailWidth: detail.clientWidth, detailWhole: detail.scrollHeight <= detail.clientHeight + 1, detail: detail.innerText };
        }),
      );
      const host = new URL(fixtures.url).host;
      for (const cell of cells) {
        expect(cell).toMatchObject({ host, hostWhole: true, detailWhole: true });
        expect(cell.detailWidth).toBeGreaterThanOrEqual(200);
      }
      expect(cells.filter((cell) => cell.detail.includes('the server answered HTTP 404 Not Found'))).toHaveLength(3);
      await shots.take(page, 'batch-1024x700-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await shots.take(page, 'batch-1024x700-dark');
      // Finished: ready for the next batch, not a pre-checked "Resume".
      expect(await page.getByTestId('batch-start').innerText()).toBe('Start batch');
      expect(await page.getByTestId('batch-folder').innerText()).toBe('none yet');
      await page.getByTestId('batch-back').click();
      expect(await page.getByTestId('save').innerText()).toBe('Save .md'); // saves without a dialog here: no ellipsis
    } finally {
      await context.close();
    }
  });

  it('saves into the export folder as the button says', async () => {
    const { context, page } = await open();
    try {
      await load(page, `${fixtures.url}daily.html`);
      await page.getByTestId('save').click();
      await expect.poll(() => page.getByTestId('export-message').innerText()).toContain(join(app.exportDir, 'The Herons Came Back'));
      const saved = (await readdir(app.exportDir)).find((name) => name.startsWith('The Herons Came Back') && name.endsWith('.md'))!;
      expect(await readFile(join(app.exportDir, saved), 'utf8')).toContain('# The herons came back to the flats');
    } finally {
      await context.close();
    }
  });
});
