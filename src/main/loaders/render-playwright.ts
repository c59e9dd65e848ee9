// Pages rendered by headless Chromium through Playwright. One browser, started on first use and
// shared; a fresh context (cookies, storage, cache) per page. Wait for `load`, then network idle
// (capped), then an optional selector and extra delay; read the DOM with page.content(), which
// serialises doctype + documentElement.outerHTML in Playwright's isolated utility world, so page
// scripts cannot tamper with the result. Permission prompts are denied, downloads refused, popups
// closed, and the request's signal (caller or deadline) tears the page down at any point.
import type { Browser, BrowserContext, Page as BrowserPage, Response } from 'playwright';
import { mediaType } from './content-type';
import { abortError, formatBytes, formatMs, LoadError, type LoadedResource, type LoadRequest, remainingMs, type PageSource } from './source';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  // Headless has no prompt UI: without this a permission request waits forever instead of failing.
  '--deny-permission-prompts',
];

/** Network idle is waited for at most this long: pages that poll never go idle. */
export const NETWORK_IDLE_MAX_MS = 5000;
/** Time kept in hand before the deadline to read the DOM. */
const READ_RESERVE_MS = 300;
const LAUNCH_TIMEOUT_MS = 30_000;

export function defaultBrowserPath(): string {
  return process.env.OPENSCRAPER_CHROMIUM || '/usr/bin/chromium';
}

const RENDERED_TYPES = new Set(['', 'text/html', 'application/xhtml+xml']);

/** What the abort handler needs to know about a render in progress. */
interface Held {
  context?: BrowserContext;
  /** Set while waiting for the caller's selector: a deadline then is reported as its absence. */
  selector?: string;
}

export class BrowserSource implements PageSource {
  readonly name = 'browser';
  private browser?: Promise<Browser>;

  constructor(readonly executablePath: string = defaultBrowserPath()) {}

  /** True once a browser has been started and not closed (tests check cleanup with it). */
  get running(): boolean {
    return this.browser !== undefined;
  }

  private launch(): Promise<Browser> {
    if (this.browser === undefined) {
      // Playwright is imported on first use: it takes a while to load and most runs never render.
      const launching = import('playwright')
        .then(({ chromium }) => chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS, headless: true, timeout: LAUNCH_TIMEOUT_MS }))
        .catch((error: unknown) => {
          throw new LoadError('render', `could not start Chromium at ${this.executablePath}: ${firstLine(error)}`);
        });
      this.browser = launching;
      const forget = () => {
        if (this.browser === launching) this.browser = undefined;
      };
      launching.then((browser) => browser.on('disconnected', forget), forget);
    }
    return this.browser;
  }

  async close(): Promise<void> {
    const launching = this.browser;
    this.browser = undefined;
    const browser = await launching?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }

  async load(request: LoadRequest): Promise<LoadedResource> {
    const held: Held = {};
    const closeContext = () => held.context?.close().catch(() => undefined);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        const error = abortError(request, 'rendering');
        reject(error.code === 'timeout' && held.selector !== undefined ? selectorTimeout(held.selector, request) : error);
      };
      if (request.signal.aborted) onAbort();
      else request.signal.addEventListener('abort', onAbort, { once: true });
    });
    const work = this.render(request, held);
    try {
      return await Promise.race([work, aborted]);
    } finally {
      request.signal.removeEventListener('abort', onAbort!);
      aborted.catch(() => undefined);
      // Closing the context ends a hung page too; the work then fails, which nobody awaits.
      work.catch(() => undefined).finally(closeContext);
      await closeContext();
    }
  }

  private async render(request: LoadRequest, held: Held): Promise<LoadedResource> {
    const { settings, deadline } = request;
    const browser = await this.launch();
    const context = await browser.newContext({
      userAgent: settings.userAgent,
      acceptDownloads: false,
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    });
    held.context = context;
    if (request.signal.aborted) throw abortError(request, 'rendering');
    const page = await context.newPage();
    // Popups (window.open, target=_blank clicks by scripts) are closed as soon as they appear.
    context.on('page', (popup) => {
      if (popup !== page) popup.close().catch(() => undefined);
    });

    const declined = (contentType?: string): LoadedResource => ({ url: request.url, finalUrl: page.url(), contentType, rendered: false, declined: true, warnings: [] });
    // A selector that cannot parse fails now, before the page is loaded for nothing.
    if (settings.waitFor !== undefined) await checkSelector(page, settings.waitFor);

    // Not a document the browser renders (a PDF shows in a viewer, an image as an image): the
    // caller loads those bytes over plain HTTP. Seen on the response, before the viewer loads.
    let declineEarly!: (contentType: string | undefined) => void;
    const declinedType = new Promise<string | undefined>((resolve) => (declineEarly = resolve));
    page.on('response', (candidate) => {
      if (candidate.frame() !== page.mainFrame() || !candidate.request().isNavigationRequest()) return;
      if (candidate.status() >= 300 && candidate.status() < 400) return;
      const type = candidate.headers()['content-type'];
      if (!RENDERED_TYPES.has(mediaType(type))) declineEarly(type);
    });

    let response: Response | null;
    try {
      const navigation = page.goto(request.url, { waitUntil: 'load', timeout: Math.max(1, remainingMs(deadline)) });
      navigation.catch(() => undefined);
      const first = await Promise.race([navigation.then((value) => ({ value })), declinedType.then((type) => ({ type }))]);
      if ('type' in first) return declined(first.type);
      response = first.value;
    } catch (error) {
      if (/Download is starting/.test(firstLine(error))) return declined();
      throw navigationError(error, request);
    }
    const status = response?.status();
    if (status !== undefined && status !== 0 && (status < 200 || status > 299)) {
      throw new LoadError('http-status', `the server answered HTTP ${`${status} ${response?.statusText() ?? ''}`.trim()}`, status);
    }
    const contentType = response?.headers()['content-type'];
    const finalUrl = page.url();
    if (response && !RENDERED_TYPES.has(mediaType(contentType))) return declined(contentType);

    const warnings: LoadedResource['warnings'] = [];
    const idleWait = Math.min(NETWORK_IDLE_MAX_MS, remainingMs(deadline) - READ_RESERVE_MS);
    const idle = idleWait > 0 && (await page.waitForLoadState('networkidle', { timeout: idleWait }).then(() => true, () => false));
    // With a selector to wait for, that wait decides; without one, say the page may be incomplete.
    if (!idle && !request.signal.aborted && settings.waitFor === undefined) {
      warnings.push({ code: 'network-busy', message: `the page was still loading resources after ${formatMs(Math.max(0, idleWait))}; content that came later is missing (wait for a selector to get it)` });
    }
    if (settings.waitFor !== undefined) {
      held.selector = settings.waitFor;
      await waitForSelector(page, settings.waitFor, request);
      held.selector = undefined;
    }
    if (settings.extraWaitMs) await page.waitForTimeout(Math.max(0, Math.min(settings.extraWaitMs, remainingMs(deadline) - READ_RESERVE_MS)));

    const html = await page.content();
    if (Buffer.byteLength(html) > settings.maxBytes) throw tooLarge(settings.maxBytes);
    return { url: request.url, finalUrl: page.url() || finalUrl, status, contentType, html, rendered: true, warnings };
  }
}

async function checkSelector(page: BrowserPage, selector: string): Promise<void> {
  try {
    await page.locator(`css=${selector}`).count();
  } catch (error) {
    throw invalidSelector(selector, error);
  }
}

function invalidSelector(selector: string, error: unknown): LoadError {
  const reason = firstLine(error).replace(/^\w+\.\w+: /, '');
  return new LoadError('invalid-input', `cannot wait for "${selector}": ${reason}`);
}

async function waitForSelector(page: BrowserPage, selector: string, request: LoadRequest): Promise<void> {
  const timeout = Math.max(1, remainingMs(request.deadline) - READ_RESERVE_MS);
  try {
    await page.waitForSelector(`css=${selector}`, { state: 'attached', timeout });
  } catch (error) {
    if (request.signal.aborted) throw abortError(request, 'rendering');
    const message = firstLine(error);
    if (/Timeout .*exceeded/i.test(message)) throw selectorTimeout(selector, request);
    throw invalidSelector(selector, error);
  }
}

function selectorTimeout(selector: string, request: LoadRequest): LoadError {
  return new LoadError('timeout', `"${selector}" did not appear within ${formatMs(request.settings.timeoutMs)}`);
}

function tooLarge(maxBytes: number): LoadError {
  return new LoadError('too-large', `the page is larger than the limit of ${formatBytes(maxBytes)}`);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}

const NET_ERRORS: Array<[RegExp, LoadError['code'], string]> = [
  [/ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/, 'dns', 'could not resolve the host name'],
  [/ERR_CERT_|ERR_SSL_|ERR_BAD_SSL/, 'tls', 'TLS failure'],
  [/ERR_TOO_MANY_REDIRECTS/, 'too-many-redirects', 'too many redirects'],
  [/ERR_CONNECTION_REFUSED/, 'connection', 'the connection was refused'],
  [/ERR_CONNECTION_RESET|ERR_CONNECTION_CLOSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_ABORTED/, 'connection', 'the connection was reset'],
  [/ERR_TIMED_OUT|ERR_CONNECTION_TIMED_OUT/, 'timeout', 'the connection timed out'],
  [/ERR_FILE_NOT_FOUND/, 'not-found', 'no such file'],
];

function navigationError(error: unknown, request: LoadRequest): LoadError {
  if (error instanceof LoadError) return error;
  if (request.signal.aborted) return abortError(request, 'rendering');
  const message = firstLine(error).replace(/^page\.goto: /, '');
  if (/Timeout \d+ms exceeded/.test(message)) {
    return new LoadError('timeout', `the page did not finish loading within ${formatMs(request.settings.timeoutMs)}`);
  }
  for (const [pattern, code, text] of NET_ERRORS) {
    if (pattern.test(message)) return new LoadError(code, `${text} (${message.match(/net::\w+/)?.[0] ?? message})`);
  }
  return new LoadError('render', `the browser could not load the page: ${message}`);
}
