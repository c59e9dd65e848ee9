// Rendering a page with JavaScript in the desktop app — a PageSource like Playwright's, under the
// same render policy (render-policy.ts): a hidden BrowserWindow in its own in-memory session,
// sandboxed, without preload, permissions, downloads, popups, dialogs or sound. It waits for the
// load and for the network to go quiet (plus the optional selector and extra wait), then reads the
// DOM from an isolated world the page cannot tamper with. Content it does not render (a PDF) is
// declined, for the plain loaders. A hard deadline destroys the window; a crash or a hang fails the
// render instead of hanging the app.
import { type Session, session as electronSession, type WebContents } from 'electron';
import { checkSize, declined, extraWaitMs, idleWaitMs, invalidSelector, isRenderedType, networkBusyWarning, RENDER_POLICY, selectorTimeout, statusError, tooLarge } from '../loaders/render-policy';
import { abortError, formatMs, LoadError, type LoadRequest, type PageSource, type RawPage } from '../loaders/source';
import { countsForNetworkQuiet, netErrorCode, renderNavigationAllowed, renderRequestAllowed } from './policies';
import { createRenderWindow } from './windows';

export const RENDER_PARTITION = 'openscraper-render';
/** A world id of our own: the page's scripts live in world 0 and cannot see this one. */
const ISOLATED_WORLD = 1001;

/** Per-window bookkeeping fed by the session's request hooks (one hook per session in Electron). */
interface Tracked {
  inflight: number;
  lastActivity: number;
  contentType?: string;
  onMainFrameType?: (contentType: string | undefined) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Locks down the render session once: no permissions, no downloads, only web requests. */
export function hardenRenderSession(ses: Session, tracked: Map<number, Tracked>): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.on('will-download', (event, item) => {
    event.preventDefault();
    item.cancel();
  });
  ses.webRequest.onBeforeRequest((details, callback) => {
    if (!renderRequestAllowed(details.url)) return callback({ cancel: true });
    const entry = details.webContentsId === undefined ? undefined : tracked.get(details.webContentsId);
    if (entry && countsForNetworkQuiet(details.resourceType)) {
      entry.inflight++;
      entry.lastActivity = performance.now();
    }
    callback({});
  });
  ses.webRequest.onHeadersReceived((details, callback) => {
    const entry = details.webContentsId === undefined ? undefined : tracked.get(details.webContentsId);
    if (entry && details.resourceType === 'mainFrame') {
      const header = Object.entries(details.responseHeaders ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
      entry.contentType = header?.[1]?.[0];
      entry.onMainFrameType?.(entry.contentType);
      if (!isRenderedType(entry.contentType)) return callback({ cancel: true });
    }
    callback({});
  });
  const settle = (details: { webContentsId?: number; resourceType: string }) => {
    const entry = details.webContentsId === undefined ? undefined : tracked.get(details.webContentsId);
    if (entry && countsForNetworkQuiet(details.resourceType)) {
      entry.inflight = Math.max(0, entry.inflight - 1);
      entry.lastActivity = performance.now();
    }
  };
  ses.webRequest.onCompleted(settle);
  ses.webRequest.onErrorOccurred(settle);
}

/** Reads the DOM; more characters than `maxBytes` cannot fit in as many bytes, so they are not sent over. */
function readDomScript(maxBytes: number): string {
  // Runs in the isolated world: its own prototypes, so the page cannot fake outerHTML.
  return `(() => {
    const root = document.documentElement;
    if (!root) return { html: '' };
    const doctype = document.doctype ? '<!DOCTYPE ' + document.doctype.name + '>\\n' : '';
    const html = doctype + root.outerHTML;
    return html.length > ${maxBytes} ? { tooLarge: html.length } : { html };
  })()`;
}

/** The render windows' session. No "persist:" prefix: cookies and storage live in memory only. */
export function renderSession(): Session {
  return electronSession.fromPartition(RENDER_PARTITION, { cache: false });
}

export class HiddenWindowSource implements PageSource {
  readonly name = 'hidden-window';
  private hardened = false;
  private readonly tracked = new Map<number, Tracked>();

  private session(): Session {
    const ses = renderSession();
    if (!this.hardened) {
      hardenRenderSession(ses, this.tracked);
      ses.setSpellCheckerEnabled(false);
      this.hardened = true;
    }
    return ses;
  }

  async load(request: LoadRequest): Promise<RawPage> {
    const ses = this.session();
    const window = createRenderWindow(RENDER_PARTITION);
    const contents = window.webContents;
    const entry: Tracked = { inflight: 0, lastActivity: performance.now() };
    this.tracked.set(contents.id, entry);
    try {
      return await this.renderIn(contents, entry, request);
    } finally {
      this.tracked.delete(contents.id);
      if (!window.isDestroyed()) window.destroy();
      // Nothing a page stored outlives its render.
      await ses.clearStorageData().catch(() => undefined);
    }
  }

  private renderIn(contents: WebContents, entry: Tracked, request: LoadRequest): Promise<RawPage> {
    const { url, settings, signal } = request;
    return new Promise<RawPage>((resolve, reject) => {
      let settled = false;
      let loaded = false;
      let status: number | undefined;
      let finalUrl = url;
      /** Set while waiting for the selector: a deadline then is reported as its absence. */
      let waitingFor: string | undefined;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        cleanup();
        outcome();
      };
      const fail = (error: LoadError) => finish(() => reject(error));
      const failWith = (error: LoadError) =>
        fail(error.code === 'timeout' && waitingFor !== undefined ? selectorTimeout(waitingFor, settings.timeoutMs) : error);
      const onAbort = () => failWith(abortError(request, 'rendering'));
      // Our own timer as well as the signal: whatever happens to the signal, the window goes at the deadline.
      // Timers may fire a little before the clock reads the deadline, so this one says "timeout" itself.
      const onDeadline = () => failWith(new LoadError('timeout', `rendering took longer than ${formatMs(settings.timeoutMs)}`));
      const deadline = setTimeout(onDeadline, Math.max(0, request.deadline - performance.now()));
      signal.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(deadline);
        signal.removeEventListener('abort', onAbort);
      };
      if (signal.aborted) return onAbort();

      contents.setAudioMuted(true);
      contents.setWindowOpenHandler(() => ({ action: 'deny' }));
      contents.on('will-navigate', (event, target) => {
        if (!renderNavigationAllowed(loaded, target)) event.preventDefault();
      });
      contents.on('will-redirect', (event, target) => {
        if (!renderNavigationAllowed(loaded, target)) event.preventDefault();
      });
      contents.on('will-prevent-unload', (event) => event.preventDefault());
      contents.on('render-process-gone', (_event, details) => fail(new LoadError('render', `the page's renderer stopped (${details.reason})`)));
      contents.on('unresponsive', () => fail(new LoadError('render', 'the page stopped responding')));
      contents.on('did-navigate', (_event, navigatedUrl, httpResponseCode) => {
        finalUrl = navigatedUrl;
        status = httpResponseCode > 0 ? httpResponseCode : undefined;
      });
      contents.on('did-navigate-in-page', (_event, navigatedUrl, isMainFrame) => {
        if (isMainFrame) finalUrl = navigatedUrl;
      });
      // Not a document the browser renders: declined, for the plain loaders (the session hook stops the request).
      entry.onMainFrameType = (contentType) => {
        if (!isRenderedType(contentType)) finish(() => resolve(declined(request, finalUrl, contentType)));
      };
      contents.on('did-fail-load', (_event, errorCode, description, _validatedUrl, isMainFrame) => {
        // -3 (ERR_ABORTED) is a navigation replaced by another one, e.g. a redirect by script.
        if (isMainFrame && errorCode !== -3) fail(new LoadError(netErrorCode(errorCode), `the page did not load: ${description}`));
      });
      contents.once('did-finish-load', () => {
        loaded = true;
        const failed = statusError(status);
        if (failed) return fail(failed);
        this.settle(contents, entry, request, (selector) => (waitingFor = selector), () => settled)
          .then((read) => finish(() => resolve({ url, finalUrl, status, contentType: entry.contentType, html: read.html, rendered: true, warnings: read.warnings })))
          .catch((error: unknown) => fail(error instanceof LoadError ? error : new LoadError('render', error instanceof Error ? error.message : String(error))));
      });
      contents.loadURL(url, settings.userAgent ? { userAgent: settings.userAgent } : undefined).catch(() => {
        // Failures arrive as did-fail-load (with the real reason); the promise only repeats them.
      });
    });
  }

  /** After the load event: network quiet (capped), the selector, the extra wait, then the DOM. */
  private async settle(
    contents: WebContents,
    entry: Tracked,
    request: LoadRequest,
    waiting: (selector: string | undefined) => void,
    stopped: () => boolean,
  ): Promise<{ html: string; warnings: RawPage['warnings'] }> {
    const { settings, deadline } = request;
    const warnings: RawPage['warnings'] = [];
    const idleWait = idleWaitMs(deadline);
    const quietBy = performance.now() + idleWait;
    const quiet = () => entry.inflight === 0 && performance.now() - entry.lastActivity >= RENDER_POLICY.quietMs;
    while (!stopped() && performance.now() < quietBy && !quiet()) await sleep(RENDER_POLICY.pollMs);
    if (!stopped() && !quiet() && settings.waitFor === undefined) warnings.push(networkBusyWarning(idleWait));
    if (settings.waitFor) {
      waiting(settings.waitFor);
      const test = `(() => { try { return document.querySelector(${JSON.stringify(settings.waitFor)}) !== null; } catch { return 'invalid'; } })()`;
      for (;;) {
        if (stopped()) return { html: '', warnings };
        const found: unknown = await contents.executeJavaScriptInIsolatedWorld(ISOLATED_WORLD, [{ code: test }]);
        if (found === 'invalid') throw invalidSelector(settings.waitFor, 'not a valid CSS selector');
        if (found === true) break;
        await sleep(RENDER_POLICY.pollMs);
      }
      waiting(undefined);
    }
    if (settings.extraWaitMs) await sleep(extraWaitMs(settings.extraWaitMs, deadline));
    if (stopped()) return { html: '', warnings };
    const result = (await contents.executeJavaScriptInIsolatedWorld(ISOLATED_WORLD, [{ code: readDomScript(settings.maxBytes) }])) as { html?: string; tooLarge?: number };
    if (result.tooLarge !== undefined) throw tooLarge(settings.maxBytes);
    const html = result.html ?? '';
    checkSize(html, settings.maxBytes);
    return { html, warnings };
  }
}
