// Rendering a page with JavaScript in the desktop app: a hidden BrowserWindow in its own in-memory
// session, sandboxed, without preload, permissions, downloads, popups, dialogs or sound. It waits
// for the load and for the network to go quiet (plus the optional selector and extra wait), then
// reads the DOM from an isolated world the page cannot tamper with. A hard deadline destroys the
// window; a crash or a hang fails the render instead of hanging the app.
import { type Session, session as electronSession, type WebContents } from 'electron';
import { LoadError } from '../loaders/source';
import type { RenderedHtml, RenderPage, RenderSettings } from '../services/page-service';
import { countsForNetworkQuiet, isRenderableContentType, netErrorCode, renderNavigationAllowed, renderRequestAllowed } from './policies';
import { createRenderWindow } from './windows';

export const RENDER_PARTITION = 'openscraper-render';
/** A world id of our own: the page's scripts live in world 0 and cannot see this one. */
const ISOLATED_WORLD = 1001;
const MAX_HTML_CHARS = 64 * 1024 * 1024;
const QUIET_MS = 500;
const MAX_QUIET_WAIT_MS = 10_000;
const POLL_MS = 100;

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
      if (!isRenderableContentType(entry.contentType)) return callback({ cancel: true });
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

function readDomScript(): string {
  // Runs in the isolated world: its own prototypes, so the page cannot fake outerHTML.
  return `(() => {
    const root = document.documentElement;
    if (!root) return { html: '' };
    const doctype = document.doctype ? '<!DOCTYPE ' + document.doctype.name + '>\\n' : '';
    const html = doctype + root.outerHTML;
    return html.length > ${MAX_HTML_CHARS} ? { tooLarge: html.length } : { html };
  })()`;
}

/** The render windows' session. No "persist:" prefix: cookies and storage live in memory only. */
export function renderSession(): Session {
  return electronSession.fromPartition(RENDER_PARTITION, { cache: false });
}

export class HiddenWindowRenderer {
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

  readonly render: RenderPage = async (url, settings, signal) => {
    const ses = this.session();
    const window = createRenderWindow(RENDER_PARTITION);
    const contents = window.webContents;
    const entry: Tracked = { inflight: 0, lastActivity: performance.now() };
    this.tracked.set(contents.id, entry);
    try {
      return await this.renderIn(contents, entry, url, settings, signal);
    } finally {
      this.tracked.delete(contents.id);
      if (!window.isDestroyed()) window.destroy();
      // Nothing a page stored outlives its render.
      await ses.clearStorageData().catch(() => undefined);
    }
  };

  private renderIn(contents: WebContents, entry: Tracked, url: string, settings: RenderSettings, signal: AbortSignal): Promise<RenderedHtml> {
    return new Promise<RenderedHtml>((resolve, reject) => {
      let settled = false;
      let loaded = false;
      let status: number | undefined;
      let finalUrl = url;
      const fail = (error: LoadError) => {
        if (settled) return;
        settled = true;
        cleanup();
        reject(error);
      };
      const deadline = setTimeout(() => fail(new LoadError('timeout', `rendering took longer than ${Math.round(settings.timeoutMs / 1000)} s`)), settings.timeoutMs);
      const onAbort = () => fail(new LoadError('cancelled', 'rendering was cancelled'));
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
      entry.onMainFrameType = (contentType) => {
        if (!isRenderableContentType(contentType)) fail(new LoadError('unsupported-type', `content of type ${contentType} is not rendered`));
      };
      contents.on('did-fail-load', (_event, errorCode, description, _validatedUrl, isMainFrame) => {
        // -3 (ERR_ABORTED) is a navigation replaced by another one, e.g. a redirect by script.
        if (isMainFrame && errorCode !== -3) fail(new LoadError(netErrorCode(errorCode), `the page did not load: ${description}`));
      });
      contents.once('did-finish-load', () => {
        loaded = true;
        if (status !== undefined && status >= 400) return fail(new LoadError('http-status', `the server answered ${status}`, status));
        this.settle(contents, entry, settings, () => settled)
          .then((html) => {
            if (settled) return;
            settled = true;
            cleanup();
            resolve({ html, finalUrl, status, contentType: entry.contentType });
          })
          .catch((error: unknown) => fail(error instanceof LoadError ? error : new LoadError('render', error instanceof Error ? error.message : String(error))));
      });
      contents.loadURL(url, settings.userAgent ? { userAgent: settings.userAgent } : undefined).catch(() => {
        // Failures arrive as did-fail-load (with the real reason); the promise only repeats them.
      });
    });
  }

  /** After the load event: network quiet, the selector, the extra wait, then the DOM. */
  private async settle(contents: WebContents, entry: Tracked, settings: RenderSettings, stopped: () => boolean): Promise<string> {
    const quietBy = performance.now() + MAX_QUIET_WAIT_MS;
    while (!stopped() && performance.now() < quietBy && !(entry.inflight === 0 && performance.now() - entry.lastActivity >= QUIET_MS)) await sleep(POLL_MS);
    if (settings.waitFor) {
      const test = `(() => { try { return document.querySelector(${JSON.stringify(settings.waitFor)}) !== null; } catch { return 'invalid'; } })()`;
      for (;;) {
        if (stopped()) return '';
        const found: unknown = await contents.executeJavaScriptInIsolatedWorld(ISOLATED_WORLD, [{ code: test }]);
        if (found === 'invalid') throw new LoadError('invalid-input', `waitFor is not a valid CSS selector: ${settings.waitFor}`);
        if (found === true) break;
        await sleep(POLL_MS * 2);
      }
    }
    if (settings.extraWaitMs) await sleep(settings.extraWaitMs);
    if (stopped()) return '';
    const result = (await contents.executeJavaScriptInIsolatedWorld(ISOLATED_WORLD, [{ code: readDomScript() }])) as { html?: string; tooLarge?: number };
    if (result.tooLarge !== undefined) throw new LoadError('too-large', `the rendered page has ${result.tooLarge} characters, more than the ${MAX_HTML_CHARS} allowed`);
    return result.html ?? '';
  }
}
