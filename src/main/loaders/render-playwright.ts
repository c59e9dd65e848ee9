// Pages rendered by headless Chromium through Playwright, under the shared render policy
// (render-policy.ts). One browser per executable, started on first use and shared; a fresh context
// (cookies, storage, cache) per page. Wait for `load`, then network idle (capped), then an optional
// selector and extra delay; read the DOM with page.content(), which serialises doctype +
// documentElement.outerHTML in Playwright's isolated utility world, so page scripts cannot tamper
// with the result. Permission prompts are denied, downloads refused, popups closed, and the
// request's signal (caller or deadline) tears the page down at any point.
import type { Browser, BrowserContext, Page as BrowserPage, Response } from 'playwright';
import { checkSize, declined, extraWaitMs, idleWaitMs, invalidSelector, isRenderedType, networkBusyWarning, RENDER_POLICY, selectorTimeout, statusError } from './render-policy';
import { abortError, formatMs, LoadError, type LoadRequest, type PageSource, type RawPage, remainingMs } from './source';

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

const LAUNCH_TIMEOUT_MS = 30_000;

export function defaultBrowserPath(): string {
  return process.env.OPENSCRAPER_CHROMIUM || '/usr/bin/chromium';
}

/** What the abort handler needs to know about a render in progress. */
interface Held {
  context?: BrowserContext;
  /** Set while waiting for the caller's selector: a deadline then is reported as its absence. */
  selector?: string;
}

/** Rendering with Playwright: the browser named by the request (`browserPath`), else the default one. */
export class PlaywrightSource implements PageSource {
  readonly name = 'playwright';
  private readonly browsers = new Map<string, LaunchedChromium>();

  load(request: LoadRequest): Promise<RawPage> {
    const path = request.settings.browserPath?.trim() || defaultBrowserPath();
    let browser = this.browsers.get(path);
    if (browser === undefined) {
      browser = new LaunchedChromium(path);
      this.browsers.set(path, browser);
    }
    return browser.load(request);
  }

  /** Stops every browser started; a later load starts one again. */
  async close(): Promise<void> {
    const browsers = [...this.browsers.values()];
    this.browsers.clear();
    await Promise.all(browsers.map((browser) => browser.close()));
  }
}

/** One Chromium executable. */
class LaunchedChromium {
  private browser?: Promise<Browser>;

  constructor(readonly executablePath: string = defaultBrowserPath()) {}

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

  async load(request: LoadRequest): Promise<RawPage> {
    const held: Held = {};
    const closeContext = () => held.context?.close().catch(() => undefined);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        const error = abortError(request, 'rendering');
        reject(error.code === 'timeout' && held.selector !== undefined ? selectorTimeout(held.selector, request.settings.timeoutMs) : error);
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

  private async render(request: LoadRequest, held: Held): Promise<RawPage> {
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

    const decline = (contentType?: string) => declined(request, page.url(), contentType);
    // A selector that cannot parse fails now, before the page is loaded for nothing.
    if (settings.waitFor !== undefined) await checkSelector(page, settings.waitFor);

    // Not a document the browser renders (a PDF shows in a viewer, an image as an image): the
    // caller loads those bytes plainly. Seen on the response, before the viewer loads.
    let declineEarly!: (contentType: string | undefined) => void;
    const declinedType = new Promise<string | undefined>((resolve) => (declineEarly = resolve));
    page.on('response', (candidate) => {
      if (candidate.frame() !== page.mainFrame() || !candidate.request().isNavigationRequest()) return;
      if (candidate.status() >= 300 && candidate.status() < 400) return;
      const type = candidate.headers()['content-type'];
      if (!isRenderedType(type)) declineEarly(type);
    });

    let response: Response | null;
    try {
      const navigation = page.goto(request.url, { waitUntil: 'load', timeout: Math.max(1, remainingMs(deadline)) });
      navigation.catch(() => undefined);
      const first = await Promise.race([navigation.then((value) => ({ value })), declinedType.then((type) => ({ type }))]);
      if ('type' in first) return decline(first.type);
      response = first.value;
    } catch (error) {
      if (/Download is starting/.test(firstLine(error))) return decline();
      throw navigationError(error, request);
    }
    const status = response?.status();
    const failed = statusError(status, response?.statusText());
    if (failed) throw failed;
    const contentType = response?.headers()['content-type'];
    const finalUrl = page.url();
    if (response && !isRenderedType(contentType)) return decline(contentType);

    const warnings: RawPage['warnings'] = [];
    const idleWait = idleWaitMs(deadline);
    const idle = idleWait > 0 && (await page.waitForLoadState('networkidle', { timeout: idleWait }).then(() => true, () => false));
    if (!idle && !request.signal.aborted && settings.waitFor === undefined) warnings.push(networkBusyWarning(idleWait));
    if (settings.waitFor !== undefined) {
      held.selector = settings.waitFor;
      await waitForSelector(page, settings.waitFor, request);
      held.selector = undefined;
    }
    if (settings.extraWaitMs) await page.waitForTimeout(extraWaitMs(settings.extraWaitMs, deadline));

    const html = await page.content();
    checkSize(html, settings.maxBytes);
    return { url: request.url, finalUrl: page.url() || finalUrl, status, contentType, html, rendered: true, warnings };
  }
}

async function checkSelector(page: BrowserPage, selector: string): Promise<void> {
  try {
    await page.locator(`css=${selector}`).count();
  } catch (error) {
    throw selectorError(selector, error);
  }
}

async function waitForSelector(page: BrowserPage, selector: string, request: LoadRequest): Promise<void> {
  const timeout = Math.max(1, remainingMs(request.deadline) - RENDER_POLICY.readReserveMs);
  try {
    await page.waitForSelector(`css=${selector}`, { state: 'attached', timeout });
  } catch (error) {
    if (request.signal.aborted) throw abortError(request, 'rendering');
    const message = firstLine(error);
    if (/Timeout .*exceeded/i.test(message)) throw selectorTimeout(selector, request.settings.timeoutMs);
    throw selectorError(selector, error);
  }
}

function selectorError(selector: string, error: unknown): LoadError {
  return invalidSelector(selector, firstLine(error).replace(/^\w+\.\w+: /, ''));
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
