// Rendering with headless Chromium through the Scraper: script-built content, waiting, the hard
// deadline, the sandbox (permissions, popups, downloads), non-HTML hand-off, and cleanup.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scraper } from '../../../src/main/services/scraper';
import { buildPdf } from '../../fixtures/pdf';
import { startTestServer, type TestServer } from '../../fixtures/server';
import { chromiumChildren, HAS_CHROMIUM, noteMissingChromium } from '../helpers/chromium';
import { converted, failed } from '../helpers/pages';

noteMissingChromium('the rendering tests');

describe.skipIf(!HAS_CHROMIUM)('rendering', () => {
  let server: TestServer;
  // Generous: the machine running the suite may be busy; the deadline tests set their own.
  const scraper = new Scraper({ render: true, timeoutMs: 20_000 });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await scraper.close();
    await server.close();
  });

  it('gets the text that only JavaScript inserts', async () => {
    const page = converted(await scraper.scrape(server.url('/js-page')));
    expect(page.source).toEqual({ url: server.url('/js-page'), rendered: true, status: 200, contentType: 'text/html', finalUrl: server.url('/js-page') });
    expect(page.result.markdown).toBe('# Rendered heading\n\nOnly JavaScript writes this sentence.\n');
    expect(page.result.metadata.title).toBe('Script-built page');
    expect(page.result.warnings).toEqual([]);
  });

  it('renders a local HTML file too', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'openscraper-render-'));
    try {
      const path = join(directory, 'local.html');
      await writeFile(path, '<title>Local</title><div id="a"></div><script>document.getElementById("a").innerHTML = "<p>Inserted into a local file by its own script.</p>"</script>');
      const page = converted(await scraper.scrape(path));
      expect(page.source.rendered).toBe(true);
      expect(page.result.markdown).toBe('Inserted into a local file by its own script.\n');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('waits for a selector to catch content that comes after the network went idle', async () => {
    const settled = converted(await scraper.scrape(server.url('/late')));
    expect(settled.result.markdown).not.toContain('Appended after a long pause.');
    const waited = converted(await scraper.scrape(server.url('/late'), { waitFor: '#late' }));
    expect(waited.result.markdown).toContain('Appended after a long pause.');
  });

  it('fails with a timeout when the selector never appears, within the time allowed', async () => {
    const started = performance.now();
    const page = await scraper.scrape(server.url('/static'), { waitFor: '#never', timeoutMs: 3000 });
    expect(page).toMatchObject({ ok: false, error: { code: 'timeout', message: '"#never" did not appear within 3 s' } });
    expect(performance.now() - started).toBeLessThan(6000);
  });

  it('refuses an invalid selector before loading the page', async () => {
    const page = failed(await scraper.scrape(server.url('/not-requested'), { waitFor: 'p[' }));
    expect(page.error.code).toBe('invalid-input');
    expect(page.error.message).toMatch(/^cannot wait for "p\[": /);
    expect(server.hits.get('/not-requested')).toBeUndefined();
  });

  it('ends a page that never finishes loading at the deadline', async () => {
    const started = performance.now();
    const page = failed(await scraper.scrape(server.url('/hang'), { timeoutMs: 3000 }));
    expect(page.error.code).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(7000);
    // The browser survives a hung page: the next one renders.
    expect(converted(await scraper.scrape(server.url('/js-page'))).result.markdown).toContain('Only JavaScript writes this sentence.');
  });

  it('denies permissions, closes popups, survives downloads, and reads the DOM where page scripts cannot tamper', async () => {
    const page = converted(await scraper.scrape(server.url('/sandbox'), { waitFor: 'body[data-done]' }));
    const { markdown } = page.result;
    expect(markdown).toContain('notifications: denied');
    expect(markdown).toContain('geolocation: error 1'); // PERMISSION_DENIED
    expect(markdown).toContain('popup closed: true');
    // The page replaced outerHTML and XMLSerializer in its own world; the real document came out.
    expect(page.originalHtml).toMatch(/^<!DOCTYPE html><html lang="en"><head>/);
    expect(markdown).toMatch(/^# Sandbox checks\n/);
    expect(markdown).not.toContain('Tampered outerHTML');
  });

  it('warns about an app shell that stays empty', async () => {
    const page = converted(await scraper.scrape(server.url('/shell')));
    expect(page.result.warnings.map((w) => w.code)).toContain('empty-shell');
  });

  it('hands a PDF over to the PDF loader', async () => {
    const pdf = buildPdf({ pages: [[{ text: 'A PDF reached with rendering on.', size: 12, x: 72, y: 720 }]] });
    server.put('/rendered.pdf', { contentType: 'application/pdf', body: pdf });
    const page = converted(await scraper.scrape(server.url('/rendered.pdf')));
    expect(page.source).toMatchObject({ rendered: false, contentType: 'application/pdf' });
    expect(page.result.markdown).toBe('A PDF reached with rendering on.\n');
  });

  it.each([
    ['/status/404', 'http-status'],
    ['/loop/a', 'too-many-redirects'],
  ])('fails %s with %s', async (path, code) => {
    const page = failed(await scraper.scrape(server.url(path)));
    expect(page.error.code).toBe(code);
    expect(page.error.message).toMatch(/^[^\n]+$/);
  });

  it('reports a browser that cannot start, and close() leaves no Chromium behind', async () => {
    const missing = failed(await scraper.scrape(server.url('/static'), { browserPath: '/nonexistent/chromium' }));
    expect(missing.error.code).toBe('render');
    expect(missing.error.message).toContain('/nonexistent/chromium');

    expect(chromiumChildren().length).toBeGreaterThan(0);
    await scraper.close();
    expect(chromiumChildren()).toEqual([]);
  });
});
