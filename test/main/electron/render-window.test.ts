// The hidden render window, driven through fakes: the events Electron would fire are fired by the
// test, and what the renderer does (destroying the window, preventing navigation, reading the DOM
// in an isolated world) is observed.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadError, type LoadSettings } from '../../../src/main/loaders/source';
import { resolveScrapeOptions } from '../../../src/shared/options/scrape';
import { FakeBrowserWindow, FakeSession, type FakeWebContents, sessions } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);
const { HiddenWindowSource, hardenRenderSession, RENDER_PARTITION } = await import('../../../src/main/electron/render-window');

type Settings = Partial<LoadSettings>;
const settings: Settings = { timeoutMs: 5000 };
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a render, as the Scraper asks for one, and hands back the window it created. */
async function start(renderer: InstanceType<typeof HiddenWindowSource>, url = 'https://example.org/a', options: Settings = settings, signal = new AbortController().signal) {
  const resolved = resolveScrapeOptions(options);
  const result = renderer.load({ url, settings: resolved, signal, deadline: performance.now() + resolved.timeoutMs });
  result.catch(() => undefined);
  await tick();
  const window = FakeBrowserWindow.created.at(-1)!;
  return { result, window, contents: window.webContents };
}

function finishLoading(contents: FakeWebContents, url = 'https://example.org/a', status = 200): void {
  contents.fire('did-navigate', url, status);
  contents.emit('did-finish-load');
}

describe('the render session', () => {
  it('refuses permissions, downloads and non-web requests, and blocks non-HTML main frames', () => {
    const session = new FakeSession('test');
    const tracked = new Map<number, { inflight: number; lastActivity: number; contentType?: string }>();
    hardenRenderSession(session as never, tracked as never);
    const granted: boolean[] = [];
    session.permissionRequest!({} as never, 'geolocation' as never, ((g: boolean) => granted.push(g)) as never);
    expect(granted).toEqual([false]);
    expect(session.permissionCheck!()).toBe(false);

    let cancelled = false;
    const download = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    session.emit('will-download', download, { cancel: () => (cancelled = true) });
    expect(download.defaultPrevented && cancelled).toBe(true);

    const answer = (handler: string, details: object) => {
      let response: unknown;
      session.webRequest.handlers[handler](details as never, ((r: unknown) => (response = r)) as never);
      return response;
    };
    tracked.set(7, { inflight: 0, lastActivity: 0 });
    expect(answer('beforeRequest', { url: 'file:///etc/passwd', webContentsId: 7, resourceType: 'subFrame' })).toEqual({ cancel: true });
    expect(answer('beforeRequest', { url: 'https://cdn.example/app.js', webContentsId: 7, resourceType: 'script' })).toEqual({});
    expect(answer('beforeRequest', { url: 'wss://example.org/live', webContentsId: 7, resourceType: 'webSocket' })).toEqual({});
    expect(tracked.get(7)!.inflight).toBe(1); // the socket does not count
    session.webRequest.handlers.completed({ webContentsId: 7, resourceType: 'script' } as never);
    expect(tracked.get(7)!.inflight).toBe(0);
    expect(answer('headersReceived', { webContentsId: 7, resourceType: 'mainFrame', responseHeaders: { 'Content-Type': ['application/pdf'] } })).toEqual({ cancel: true });
    expect(answer('headersReceived', { webContentsId: 7, resourceType: 'mainFrame', responseHeaders: { 'content-type': ['text/html; charset=utf-8'] } })).toEqual({});
  });
});

describe('rendering a page', () => {
  let renderer: InstanceType<typeof HiddenWindowSource>;
  beforeEach(() => {
    FakeBrowserWindow.created = [];
    sessions.clear();
    renderer = new HiddenWindowSource();
  });

  it('loads in its own in-memory partition, muted, and reads the DOM from an isolated world', async () => {
    const { result, window, contents } = await start(renderer, 'https://example.org/a', { timeoutMs: 5000, userAgent: 'TestAgent/1' });
    expect(window.options.webPreferences!.partition).toBe(RENDER_PARTITION);
    expect(contents.audioMuted).toBe(true);
    expect(contents.loadedUrls).toEqual([{ url: 'https://example.org/a', options: { userAgent: 'TestAgent/1' } }]);
    expect(contents.windowOpenHandler!({ url: 'https://popup.example/' })).toEqual({ action: 'deny' });
    // Redirects while loading are fine.
    expect(contents.fire('will-navigate', 'https://example.org/b').defaultPrevented).toBe(false);
    finishLoading(contents, 'https://example.org/b');
    // Once loaded, the page stays put (a meta refresh or script navigation is refused).
    expect(contents.fire('will-navigate', 'https://attacker.example/').defaultPrevented).toBe(true);
    expect(contents.fire('will-redirect', 'https://attacker.example/').defaultPrevented).toBe(true);
    expect(contents.fire('will-prevent-unload').defaultPrevented).toBe(true);

    await expect(result).resolves.toEqual({ url: 'https://example.org/a', finalUrl: 'https://example.org/b', status: 200, contentType: undefined, html: '<html><body><p>rendered</p></body></html>', rendered: true, warnings: [] });
    expect(contents.scripts.at(-1)).toContain('outerHTML');
    expect(window.destroyed).toBe(true);
    expect(sessions.get(RENDER_PARTITION)!.cleared).toBe(1);
  });

  it('waits for a selector when asked, and refuses an invalid one', async () => {
    let polls = 0;
    const first = await start(renderer, 'https://example.org/a', { timeoutMs: 5000, waitFor: '#app .ready' });
    first.contents.evaluate = (code) => (code.includes('querySelector') ? ++polls >= 3 : { html: '<p>late</p>' });
    finishLoading(first.contents);
    await expect(first.result).resolves.toMatchObject({ html: '<p>late</p>' });
    expect(polls).toBe(3);
    expect(first.contents.scripts.some((code) => code.includes('"#app .ready"'))).toBe(true);

    const second = await start(renderer, 'https://example.org/a', { timeoutMs: 5000, waitFor: '###' });
    second.contents.evaluate = (code) => (code.includes('querySelector') ? 'invalid' : { html: '' });
    finishLoading(second.contents);
    await expect(second.result).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('fails with the right code: HTTP error, DNS, crash, hang, too large', async () => {
    const cases: Array<[string, (contents: FakeWebContents) => void, string]> = [
      ['http-status', (c) => finishLoading(c, 'https://example.org/a', 404), 'the server answered HTTP 404'],
      ['dns', (c) => c.fire('did-fail-load', -105, 'ERR_NAME_NOT_RESOLVED', 'https://example.org/a', true), 'ERR_NAME_NOT_RESOLVED'],
      ['render', (c) => c.fire('render-process-gone', { reason: 'crashed' }), 'crashed'],
      ['render', (c) => c.fire('unresponsive'), 'stopped responding'],
      ['too-large', (c) => { c.evaluate = () => ({ tooLarge: 99_999_999 }); finishLoading(c); }, 'larger than the limit of 20 MiB'],
    ];
    for (const [code, act, message] of cases) {
      const { result, window, contents } = await start(renderer);
      act(contents);
      const error = await result.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LoadError);
      expect(error).toMatchObject({ code });
      expect((error as Error).message).toContain(message);
      expect(window.destroyed).toBe(true);
    }
  });

  it('declines what it does not render (a PDF), for the plain loaders, as Playwright does', async () => {
    const { result, window, contents } = await start(renderer);
    const answer = sessions.get(RENDER_PARTITION)!.webRequest.handlers.headersReceived;
    let response: unknown;
    answer({ webContentsId: contents.id, resourceType: 'mainFrame', responseHeaders: { 'content-type': ['application/pdf'] } } as never, ((r: unknown) => (response = r)) as never);
    expect(response).toEqual({ cancel: true });
    await expect(result).resolves.toEqual({ url: 'https://example.org/a', finalUrl: 'https://example.org/a', contentType: 'application/pdf', rendered: false, declined: true, warnings: [] });
    expect(window.destroyed).toBe(true);
  });

  it('says when the network never went quiet, and then reads the page all the same', async () => {
    const { result, contents } = await start(renderer, 'https://example.org/a', { timeoutMs: 8000 });
    const hooks = sessions.get(RENDER_PARTITION)!.webRequest.handlers;
    // A request that never completes: the network stays busy past the policy's cap (5 s).
    hooks.beforeRequest({ url: 'https://example.org/poll', webContentsId: contents.id, resourceType: 'xhr' } as never, (() => undefined) as never);
    finishLoading(contents);
    const raw = await result;
    expect(raw).toMatchObject({ rendered: true, html: '<html><body><p>rendered</p></body></html>' });
    expect(raw.warnings.map((w) => w.code)).toEqual(['network-busy']);
  }, 15_000);

  it('a subframe failing or a replaced navigation (ERR_ABORTED) does not fail the page', async () => {
    const { result, contents } = await start(renderer);
    contents.fire('did-fail-load', -105, 'ERR_NAME_NOT_RESOLVED', 'https://ads.example/', false);
    contents.fire('did-fail-load', -3, 'ERR_ABORTED', 'https://example.org/a', true);
    finishLoading(contents);
    await expect(result).resolves.toMatchObject({ finalUrl: 'https://example.org/a' });
  });

  it('destroys the window at the deadline, or when cancelled', async () => {
    const late = await start(renderer, 'https://example.org/slow', { timeoutMs: 50 });
    await expect(late.result).rejects.toMatchObject({ code: 'timeout' });
    expect(late.window.destroyed).toBe(true);

    const controller = new AbortController();
    const cancelled = await start(renderer, 'https://example.org/a', settings, controller.signal);
    controller.abort();
    await expect(cancelled.result).rejects.toMatchObject({ code: 'cancelled' });
    expect(cancelled.window.destroyed).toBe(true);
  });
});
