// The renderer's store driven against the real main-process handlers (in process, requests
// validated and cloned as IPC would): loading, keeping, categories, latest-wins re-conversion,
// cancelling, and settings persisted through the contract.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, CHANNELS, type Handlers, validators } from '../../src/shared/contract';
import { type AppServices, createServices } from '../../src/main/services/handlers';
import { createAppStore, SETTINGS_KEY } from '../../src/renderer/src/store/index';
import { contractStorage } from '../../src/renderer/src/store/storage';

const PAGE = '<html><head><title>Store test</title></head><body><nav><a href="/a">Alpha</a></nav><main><h1>Main</h1><p>Text.</p><div class="adsbygoogle">Buy boots</div></main><footer>Foot</footer></body></html>';

function inProcessApi(handlers: Handlers, calls: string[]): Api {
  return Object.fromEntries(
    CHANNELS.map((channel) => [
      channel,
      async (request: unknown) => {
        calls.push(channel);
        const valid = validators[channel](structuredClone(request));
        return structuredClone(await (handlers[channel] as (r: unknown) => unknown)(valid));
      },
    ]),
  ) as Api;
}

describe('the app store', { timeout: 60_000 }, () => {
  let services: AppServices;
  let api: Api;
  const calls: string[] = [];
  let server: Server;
  let slowUrl: string;

  beforeAll(async () => {
    services = createServices({ mode: 'web', chooseSavePath: async () => undefined });
    api = inProcessApi(services.handlers, calls);
    server = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await services.close();
  });

  const settled = (store: ReturnType<typeof createAppStore>) => vi.waitFor(() => expect(store.getState().converting).toBe(false), { timeout: 20_000 });

  it('loads a page and re-converts as elements, rules and categories are kept', async () => {
    const store = createAppStore(api, contractStorage(api, 0));
    await store.getState().init();
    expect(store.getState().rules.length).toBeGreaterThan(5);
    await store.getState().load({ kind: 'html', html: PAGE });
    const { page, result } = store.getState();
    expect(page?.title).toBe('Store test');
    expect(result?.markdown).not.toContain('Alpha');

    const nav = result!.removed.find((n) => n.tag === 'nav')!;
    store.getState().toggleKeepElement(nav);
    await settled(store);
    expect(store.getState().result?.markdown).toContain('[Alpha](/a)');

    store.getState().setCategory('ads', false);
    await settled(store);
    expect(store.getState().result?.markdown).toContain('Buy boots');

    store.getState().toggleKeepRule('footer');
    await settled(store);
    expect(store.getState().result?.markdown).toContain('Foot');
    expect(Object.keys(store.getState().keep.rules)).toEqual(['footer']);
  });

  it('converts only the latest state when changes come faster than conversions', async () => {
    const store = createAppStore(api, contractStorage(api, 0));
    await store.getState().load({ kind: 'html', html: PAGE });
    const nav = store.getState().result!.removed.find((n) => n.tag === 'nav')!;
    calls.length = 0;
    store.getState().toggleKeepElement(nav); // starts a conversion
    store.getState().setCategory('ads', false); // these two wait…
    store.getState().toggleKeepElement(nav); // …and only the final state is converted
    await settled(store);
    expect(calls.filter((c) => c === 'page:convert')).toHaveLength(2);
    const markdown = store.getState().result!.markdown;
    expect(markdown).not.toContain('Alpha');
    expect(markdown).toContain('Buy boots');
  });

  it('says why a load failed in place of the panes, keeps the page before it to go back to, and retries', async () => {
    const store = createAppStore(api, contractStorage(api, 0));
    await store.getState().load({ kind: 'html', html: PAGE });
    await store.getState().load({ kind: 'url', url: 'ftp://example.org/x' });
    expect(store.getState()).toMatchObject({ status: 'error', error: null, failure: { label: 'ftp://example.org/x', error: { code: 'invalid-input' } }, page: { title: 'Store test' } });
    await store.getState().retry();
    expect(store.getState().failure?.input).toEqual({ kind: 'url', url: 'ftp://example.org/x' });
    store.getState().backToPage();
    expect(store.getState()).toMatchObject({ status: 'ready', failure: null, page: { title: 'Store test' } });

    const loading = store.getState().load({ kind: 'url', url: slowUrl });
    await vi.waitFor(() => expect(store.getState().status).toBe('loading'));
    await store.getState().cancel();
    await loading;
    expect(store.getState()).toMatchObject({ status: 'ready', error: { code: 'cancelled' }, page: { title: 'Store test' } });
  });

  it('says what a keep changed, and where in the Markdown', async () => {
    const store = createAppStore(api, contractStorage(api, 0));
    await store.getState().load({ kind: 'html', html: PAGE });
    const before = store.getState().result!.markdown;
    const footer = store.getState().result!.removed.find((n) => n.tag === 'footer')!;
    store.getState().toggleKeepElement(footer);
    await settled(store);
    const { notice, flash, result } = store.getState();
    expect(notice?.text).toBe('Kept <footer>: restored 4 characters');
    expect(result!.markdown).not.toBe(before);
    expect(result!.markdown.slice(flash!.start, flash!.end)).toBe('Foot');
    store.getState().toggleKeepElement(footer);
    await settled(store);
    expect(store.getState().notice?.text).toBe('Dropped <footer> again: removed 4 characters');
  });

  it('keeps an element on every page of a site: remembered, sent with the next load of that site, and not of another', async () => {
    const site = createServer((request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE.replace('Store test', request.url!)));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const port = (site.address() as AddressInfo).port;
      const store = createAppStore(api, contractStorage(api, 0));
      await store.getState().load({ kind: 'url', url: `http://127.0.0.1:${port}/one` });
      const footer = store.getState().result!.removed.find((n) => n.tag === 'footer')!;
      store.getState().toggleSiteKeep(footer);
      await settled(store);
      expect(store.getState().settings.siteKeeps['127.0.0.1']).toMatchObject([{ path: 'body > footer', tag: 'footer', ruleId: 'footer' }]);
      expect(store.getState().result!.markdown).toContain('Foot');

      await store.getState().load({ kind: 'url', url: `http://127.0.0.1:${port}/two` });
      expect(store.getState().result!.markdown).toContain('Foot');
      expect(Object.keys(store.getState().keep.paths)).toEqual(['body > footer']);
      expect(store.getState().notice?.text).toBe('Kept <footer> as always on 127.0.0.1');

      await store.getState().load({ kind: 'url', url: `http://localhost:${port}/three` });
      expect(store.getState().result!.markdown).not.toContain('Foot');
    } finally {
      site.close();
    }
  });

  it('persists settings through the contract and reads them back in a new session', async () => {
    const store = createAppStore(api, contractStorage(api, 0));
    await store.persist.rehydrate();
    store.getState().updateSettings({ theme: 'dark', frontMatter: true });
    store.getState().updateLayout({ sizes: [0.5, 0.25, 0.25] });
    await vi.waitFor(async () => expect((await api['settings:get']({ key: SETTINGS_KEY })).value).toContain('"theme":"dark"'));

    const next = createAppStore(api, contractStorage(api, 0));
    await next.persist.rehydrate();
    expect(next.getState().settings).toMatchObject({ theme: 'dark', frontMatter: true, layout: { sizes: [0.5, 0.25, 0.25] } });
    expect(next.getState().page).toBeNull(); // only settings persist
  });
});
