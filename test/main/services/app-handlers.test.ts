// The contract's handlers as the app and the web bridge use them: loading pasted HTML, files and
// URLs, re-converting by page id with elements kept, cancelling, saving, settings.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../../src/shared/contract';
import { type AppServices, createServices } from '../../../src/main/services/handlers';
import { declined } from '../../../src/main/loaders/render-policy';
import type { PageSource } from '../../../src/main/loaders/source';
import { converted, failed } from '../helpers/pages';

const BIG_BYTES = 2 * 1024 * 1024;
const ARTICLE = '<html><head><title>Kept or not</title></head><body><nav><a href="/home">Home</a> <a href="/news">News</a></nav><main><h1>Story</h1><p>Body text.</p><div class="adsbygoogle">Buy</div></main></body></html>';

describe('the app handlers', { timeout: 60_000 }, () => {
  let services: AppServices;
  let handlers: Handlers;
  let dir: string;
  let server: Server;
  let base: string;
  const rendered: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'openscraper-handlers-'));
    services = createServices({
      mode: 'web',
      chooseSavePath: async (stem) => (stem.includes('cancel') ? undefined : join(dir, `${stem}.md`)),
      // The HTML beside a chosen Markdown file is replaced only when the user says so.
      confirmReplace: async (path) => path.includes('Replace me'),
      // A stand-in for the hidden window: renders /app, declines /doc.pdf (not HTML).
      renderer: {
        name: 'stand-in',
        load: async (request) => {
          rendered.push(request.url);
          if (request.url.endsWith('.pdf')) return declined(request, request.url, 'application/pdf');
          return { url: request.url, finalUrl: `${request.url}#done`, status: 200, html: '<title>After JS</title><h1>Built by script</h1>', rendered: true, warnings: [] };
        },
      } satisfies PageSource,
    });
    handlers = services.handlers;
    server = createServer((request, response) => {
      if (request.url === '/slow') return;
      if (request.url === '/big') {
        // 2 MB of article, announced, in slow chunks: long enough to watch it arrive.
        const chunk = Buffer.from(`<p>${'word '.repeat(4000)}</p>`);
        const count = Math.ceil(BIG_BYTES / chunk.length);
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(chunk.length * count) });
        let sent = 0;
        const timer = setInterval(() => {
          response.write(chunk);
          if (++sent === count) {
            clearInterval(timer);
            response.end();
          }
        }, 10);
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(ARTICLE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await services?.close();
    server?.closeAllConnections();
    server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('loads pasted HTML with source offsets, then re-converts it by id keeping an element', async () => {
    const { page: loaded, pageId } = await handlers['page:load']({ requestId: 'l1', input: { kind: 'html', html: ARTICLE } });
    const page = converted(loaded);
    expect(page.source).toEqual({ url: 'pasted HTML', rendered: false });
    expect(page.result.metadata.title).toBe('Kept or not');
    expect(page.result.markdown).not.toContain('Home');
    const nav = page.result.removed.find((node) => node.tag === 'nav')!;
    expect(ARTICLE.slice(nav.source!.start, nav.source!.end)).toBe('<nav><a href="/home">Home</a> <a href="/news">News</a></nav>');

    const kept = await handlers['page:convert']({ requestId: 'c1', pageId: pageId!, options: { keep: { paths: [nav.path] } } });
    expect(kept.ok && kept.result.markdown).toContain('[Home](/home)');
    expect(kept.ok && kept.result.removed.some((node) => node.tag === 'nav')).toBe(false);

    const noAds = await handlers['page:convert']({ requestId: 'c2', pageId: pageId!, options: { rules: { ads: false } } });
    expect(noAds.ok && noAds.result.markdown).toContain('Buy');
  });

  it('loads a URL through the Scraper, links made absolute, and keeps that base on re-conversion', async () => {
    const { page, pageId } = await handlers['page:load']({ requestId: 'l2', input: { kind: 'url', url: `${base}/story` } });
    expect(converted(page).source).toMatchObject({ finalUrl: `${base}/story`, status: 200 });
    const kept = await handlers['page:convert']({ requestId: 'c3', pageId: pageId!, options: { keep: { rules: ['nav'] } } });
    expect(kept.ok && kept.result.markdown).toContain(`[Home](${base}/home)`);
  });

  it('loads dropped files (bytes), HTML or not, and says why when it cannot', async () => {
    const html = await handlers['page:load']({ requestId: 'l3', input: { kind: 'file', name: 'saved.html', base64: Buffer.from(ARTICLE).toString('base64') } });
    expect(converted(html.page)).toMatchObject({ source: { url: 'saved.html' }, result: { metadata: { title: 'Kept or not' } } });
    const junk = await handlers['page:load']({ requestId: 'l4', input: { kind: 'file', name: 'image.png', base64: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]).toString('base64') } });
    expect(failed(junk.page).error.code).toBe('unsupported-type');
    expect(junk.pageId).toBeUndefined();
  });

  it('renders http(s) pages with the injected renderer, and hands non-HTML back to the loaders', async () => {
    const page = converted((await handlers['page:load']({ requestId: 'l5', input: { kind: 'url', url: `${base}/app` }, options: { render: true } })).page);
    expect(page.source).toEqual({ url: `${base}/app`, finalUrl: `${base}/app#done`, status: 200, contentType: 'text/html', rendered: true });
    expect(page.result.metadata.title).toBe('After JS');
    expect(page.result.markdown).toContain('# Built by script');
    // Almost no text after rendering: the same warning the Scraper gives.
    expect(page.result.warnings.map((w) => w.code)).toContain('empty-shell');
    const pdf = converted((await handlers['page:load']({ requestId: 'l6', input: { kind: 'url', url: `${base}/doc.pdf` }, options: { render: true } })).page);
    expect(rendered).toEqual([`${base}/app`, `${base}/doc.pdf`]);
    // Declined by the renderer, loaded plainly (our server answers HTML).
    expect(pdf).toMatchObject({ source: { rendered: false }, result: { metadata: { title: 'Kept or not' } } });
  });

  it('cancels a load by its request id', async () => {
    const loading = handlers['page:load']({ requestId: 'slow-1', input: { kind: 'url', url: `${base}/slow` } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await handlers['page:cancel']({ requestId: 'slow-1' })).toEqual({ cancelled: true });
    expect(failed((await loading).page).error.code).toBe('cancelled');
    expect(await handlers['page:cancel']({ requestId: 'slow-1' })).toEqual({ cancelled: false });
  });

  it('tells where a load is: fetching with the bytes so far of those announced, then nothing once it is over', async () => {
    const seen: Array<{ stage: string; bytes?: number; totalBytes?: number }> = [];
    const loading = Promise.resolve(handlers['page:load']({ requestId: 'big-1', input: { kind: 'url', url: `${base}/big` } }));
    let done = false;
    void loading.then(() => (done = true));
    while (!done) {
      const { progress } = await handlers['page:progress']({ requestId: 'big-1' });
      if (progress && JSON.stringify(progress) !== JSON.stringify(seen.at(-1))) seen.push(progress);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    expect((await loading).page.ok).toBe(true);
    const fetching = seen.filter((progress) => progress.stage === 'fetch' && (progress.bytes ?? 0) > 0);
    expect(fetching.length).toBeGreaterThan(1);
    expect(fetching.every((progress, i) => i === 0 || progress.bytes! >= fetching[i - 1].bytes!)).toBe(true);
    expect(fetching[0].totalBytes).toBeGreaterThanOrEqual(BIG_BYTES);
    expect(fetching[0].bytes).toBeLessThan(fetching[0].totalBytes!);
    // Stages only move forward.
    const order = ['fetch', 'render', 'parse', 'clean', 'markdown'];
    const stages = seen.map((progress) => order.indexOf(progress.stage));
    expect(stages).toEqual([...stages].sort((a, b) => a - b));
    expect(await handlers['page:progress']({ requestId: 'big-1' })).toEqual({ progress: null });
  });

  it('refuses what is neither a web address nor a full file path, never looking in the working directory', async () => {
    const text = (await handlers['page:load']({ requestId: 'i1', input: { kind: 'url', url: 'not a url at all' } })).page;
    expect(text).toMatchObject({ ok: false, error: { code: 'invalid-input', message: '“not a url at all” is neither a web address (https://…) nor the full path of a file on this computer' } });
    const host = failed((await handlers['page:load']({ requestId: 'i2', input: { kind: 'url', url: 'example.com/page' } })).page);
    expect(host.error.message).toBe('“example.com/page” is not a complete web address (did you mean https://example.com/page?)');
    // package.json is in the working directory: still refused, a relative path names nothing here.
    const relative = (await handlers['page:load']({ requestId: 'i3', input: { kind: 'url', url: 'package.json' } })).page;
    expect(relative).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const absolute = (await handlers['page:load']({ requestId: 'i4', input: { kind: 'url', url: join(dir, 'missing.html') } })).page;
    expect(absolute).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('says when a page is no longer in memory', async () => {
    expect(await handlers['page:convert']({ requestId: 'c9', pageId: 'no-such-page' })).toEqual({ ok: false, error: { code: 'not-found', message: 'this page is no longer in memory: load it again' } });
  });

  it('saves through the chosen path, or reports the user cancelled', async () => {
    const saved = await handlers['export:save']({ markdown: '# Hi\n', title: 'My / Title', cleanedHtml: '<h1>Hi</h1>' });
    expect(saved).toEqual({ saved: true, files: [join(dir, 'My Title.md'), join(dir, 'My Title.html')] });
    expect(await readFile(join(dir, 'My Title.md'), 'utf8')).toBe('# Hi\n');
    expect(await handlers['export:save']({ markdown: 'x', title: 'cancel me' })).toEqual({ saved: false, reason: 'cancelled' });
  });

  it('never replaces the HTML beside the Markdown without asking', async () => {
    await writeFile(join(dir, 'Kept.html'), 'mine');
    expect(await handlers['export:save']({ markdown: '# New\n', title: 'Kept', cleanedHtml: '<h1>New</h1>' })).toEqual({ saved: false, reason: 'Kept.html exists already and was not replaced: choose another name' });
    expect(await readFile(join(dir, 'Kept.html'), 'utf8')).toBe('mine');
    await writeFile(join(dir, 'Replace me.html'), 'old');
    expect(await handlers['export:save']({ markdown: '# New\n', title: 'Replace me', cleanedHtml: '<h1>New</h1>' })).toMatchObject({ saved: true });
    expect(await readFile(join(dir, 'Replace me.html'), 'utf8')).toBe('<h1>New</h1>');
  });

  it('lists the rules and keeps settings', async () => {
    const rules = await handlers['rules:list']();
    expect(rules.find((rule) => rule.id === 'nav')).toMatchObject({ category: 'boilerplate', action: 'remove' });
    expect(rules.find((rule) => rule.id === 'site-template')).toMatchObject({ category: 'chrome', action: 'remove' });
    expect(await handlers['app:info']()).toMatchObject({ name: 'openscraper', mode: 'web' });
    await handlers['settings:set']({ key: 'x', value: '1' });
    expect(await handlers['settings:get']({ key: 'x' })).toEqual({ value: '1' });
  });
});
