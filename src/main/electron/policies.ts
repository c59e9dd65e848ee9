// The app's security decisions as plain functions (no Electron at run time), so each one is unit
// tested: which links may leave for the system browser, which frames may call IPC, which
// permissions a page gets, which requests a rendered page may make.

/** Links that may open in the system browser: well-formed http(s) with a host, or mailto. */
export function isSafeExternalUrl(raw: string): boolean {
  if (typeof raw !== 'string' || raw.length > 8192) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === 'mailto:') return url.pathname.length > 0;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // user:password@ URLs are a phishing trick; the app never makes them.
  return url.hostname !== '' && url.username === '' && url.password === '';
}

/** Where the app's own page lives: the built index.html, or the dev server in development. */
export interface AppLocation {
  /** app://openscraper/index.html (the built renderer, see app-protocol.ts), or the dev server's URL. */
  entryUrl: string;
}

/** Whether a frame URL is the app's own page (its index.html or dev server origin). */
export function isAppUrl(raw: string, location: AppLocation): boolean {
  let url: URL;
  let entry: URL;
  try {
    url = new URL(raw);
    entry = new URL(location.entryUrl);
  } catch {
    return false;
  }
  // Custom and file schemes have an opaque origin ("null"): compare the page itself.
  if (entry.protocol === 'file:' || entry.protocol === 'app:') return url.protocol === entry.protocol && url.host === entry.host && url.pathname === entry.pathname;
  return url.origin === entry.origin;
}

/** What an IPC sender looks like, reduced to what the check needs. */
export interface SenderInfo {
  /** The sending WebContents is the app window's. */
  fromAppWindow: boolean;
  /** The message came from that window's top frame, not an iframe. */
  fromMainFrame: boolean;
  frameUrl: string | undefined;
}

export function isTrustedSender(sender: SenderInfo, location: AppLocation): boolean {
  return sender.fromAppWindow && sender.fromMainFrame && sender.frameUrl !== undefined && isAppUrl(sender.frameUrl, location);
}

/**
 * The app window's permissions: only writing to the clipboard (the Copy button), and only for
 * the app's own page. Everything else (camera, notifications, geolocation, …) is refused.
 */
export function appPermissionAllowed(permission: string, requestingUrl: string | undefined, location: AppLocation): boolean {
  return permission === 'clipboard-sanitized-write' && requestingUrl !== undefined && isAppUrl(requestingUrl, location);
}

/**
 * Frames inside the app window: only the previews' own documents (srcdoc, blank). A click in a
 * preview that tried to load a page into its frame is refused, so remote content never loads there.
 */
export function appFrameNavigationAllowed(isMainFrame: boolean, raw: string): boolean {
  return !isMainFrame && (raw === 'about:srcdoc' || raw === 'about:blank');
}

/** Requests a rendered page may make: the web, and in-page data. No file:, no app or devtools schemes. */
export function renderRequestAllowed(raw: string): boolean {
  return /^(https?|wss?|data|blob):/i.test(raw);
}

/** Requests that never finish on their own do not count against "the network is quiet". */
export function countsForNetworkQuiet(resourceType: string): boolean {
  return resourceType !== 'webSocket' && resourceType !== 'media' && resourceType !== 'ping' && resourceType !== 'cspReport';
}

/** The rendered page may redirect while it loads; once loaded, it stays put (we read it then). */
export function renderNavigationAllowed(loaded: boolean, raw: string): boolean {
  return !loaded && /^https?:/i.test(raw);
}

/** Main-frame types the hidden window renders; anything else (PDF, images, …) goes to the loaders. */
export function isRenderableContentType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === '' || type === 'text/html' || type === 'application/xhtml+xml';
}

/** A Chromium net error code as the app's error codes. */
export function netErrorCode(code: number): 'dns' | 'connection' | 'timeout' | 'tls' | 'render' {
  if (code === -105 || code === -137) return 'dns';
  if (code === -7 || code === -118) return 'timeout';
  if (code <= -200 && code > -300) return 'tls';
  if (code <= -100 && code > -200) return 'connection';
  return 'render';
}
