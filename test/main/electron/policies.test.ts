// The security decisions, as plain functions: which links leave for the browser, which frames
// may call IPC, which permissions and requests are allowed.
import { describe, expect, it } from 'vitest';
import {
  appFrameNavigationAllowed,
  appPermissionAllowed,
  countsForNetworkQuiet,
  isAppUrl,
  isRenderableContentType,
  isSafeExternalUrl,
  isTrustedSender,
  netErrorCode,
  renderNavigationAllowed,
  renderRequestAllowed,
} from '../../../src/main/electron/policies';

const built = { entryUrl: 'app://openscraper/index.html' };
const fileBuilt = { entryUrl: 'file:///opt/OpenScraper/resources/app/out/renderer/index.html' };
const dev = { entryUrl: 'http://localhost:5173/' };

describe('links that may open in the system browser', () => {
  it.each(['https://example.org/page?q=1', 'http://example.org', 'mailto:someone@example.org', 'HTTPS://EXAMPLE.ORG/'])('allows %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'smb://host/share',
    'ms-settings:privacy',
    'https://user:secret@example.org/',
    'http://',
    'not a url',
    '',
    `https://example.org/${'a'.repeat(9000)}`,
  ])('refuses %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });
});

describe("the app's own page", () => {
  it('is app://openscraper/index.html, whatever its query or hash, and nothing else', () => {
    expect(isAppUrl('app://openscraper/index.html', built)).toBe(true);
    expect(isAppUrl('app://openscraper/index.html?x=1#y', built)).toBe(true);
    expect(isAppUrl('app://openscraper/assets/other.html', built)).toBe(false);
    expect(isAppUrl('app://evil/index.html', built)).toBe(false);
    expect(isAppUrl('file:///opt/OpenScraper/resources/app/out/renderer/index.html', built)).toBe(false);
    expect(isAppUrl('https://openscraper/index.html', built)).toBe(false);
    expect(isAppUrl('about:srcdoc', built)).toBe(false);
  });

  it('on file: (if ever used) is the built index.html and no other file', () => {
    expect(isAppUrl('file:///opt/OpenScraper/resources/app/out/renderer/index.html#x', fileBuilt)).toBe(true);
    expect(isAppUrl('file:///home/me/Downloads/evil.html', fileBuilt)).toBe(false);
  });

  it('is the dev server origin in development', () => {
    expect(isAppUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
  });

  it('only its top frame, in the app window, may call IPC', () => {
    const url = built.entryUrl;
    expect(isTrustedSender({ fromAppWindow: true, fromMainFrame: true, frameUrl: url }, built)).toBe(true);
    expect(isTrustedSender({ fromAppWindow: false, fromMainFrame: true, frameUrl: url }, built)).toBe(false);
    expect(isTrustedSender({ fromAppWindow: true, fromMainFrame: false, frameUrl: 'about:srcdoc' }, built)).toBe(false);
    expect(isTrustedSender({ fromAppWindow: true, fromMainFrame: true, frameUrl: 'https://attacker.example/' }, built)).toBe(false);
    expect(isTrustedSender({ fromAppWindow: true, fromMainFrame: true, frameUrl: undefined }, built)).toBe(false);
  });

  it('lets frames (the previews) show only their own documents', () => {
    expect(appFrameNavigationAllowed(false, 'about:srcdoc')).toBe(true);
    expect(appFrameNavigationAllowed(false, 'about:blank')).toBe(true);
    expect(appFrameNavigationAllowed(false, 'https://example.org/')).toBe(false);
    expect(appFrameNavigationAllowed(true, 'about:srcdoc')).toBe(false);
  });

  it('gets the clipboard-write permission and nothing else', () => {
    expect(appPermissionAllowed('clipboard-sanitized-write', built.entryUrl, built)).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(appPermissionAllowed(permission, built.entryUrl, built)).toBe(false);
    }
    expect(appPermissionAllowed('clipboard-sanitized-write', 'https://attacker.example/', built)).toBe(false);
    expect(appPermissionAllowed('clipboard-sanitized-write', undefined, built)).toBe(false);
  });
});

describe('a page being rendered', () => {
  it('may load web resources, never local files or browser-internal schemes', () => {
    for (const url of ['https://example.org/a.js', 'http://example.org/', 'wss://example.org/socket', 'data:image/png;base64,AA', 'blob:https://example.org/1']) expect(renderRequestAllowed(url)).toBe(true);
    for (const url of ['file:///etc/passwd', 'chrome://settings', 'devtools://devtools', 'chrome-extension://x/y', 'ftp://example.org/']) expect(renderRequestAllowed(url)).toBe(false);
  });

  it('may redirect while loading, and stays put once loaded', () => {
    expect(renderNavigationAllowed(false, 'https://example.org/next')).toBe(true);
    expect(renderNavigationAllowed(true, 'https://example.org/next')).toBe(false);
    expect(renderNavigationAllowed(false, 'file:///etc/passwd')).toBe(false);
    expect(renderNavigationAllowed(false, 'javascript:alert(1)')).toBe(false);
  });

  it('is HTML; other types go to the loaders', () => {
    expect(isRenderableContentType('text/html; charset=utf-8')).toBe(true);
    expect(isRenderableContentType('application/xhtml+xml')).toBe(true);
    expect(isRenderableContentType(undefined)).toBe(true);
    expect(isRenderableContentType('application/pdf')).toBe(false);
    expect(isRenderableContentType('image/png')).toBe(false);
  });

  it('waits for network quiet, not for sockets and media streams that never end', () => {
    expect(countsForNetworkQuiet('script')).toBe(true);
    expect(countsForNetworkQuiet('xhr')).toBe(true);
    expect(countsForNetworkQuiet('webSocket')).toBe(false);
    expect(countsForNetworkQuiet('media')).toBe(false);
  });

  it('reports network errors with the app codes', () => {
    expect(netErrorCode(-105)).toBe('dns');
    expect(netErrorCode(-102)).toBe('connection');
    expect(netErrorCode(-118)).toBe('timeout');
    expect(netErrorCode(-202)).toBe('tls');
    expect(netErrorCode(-20)).toBe('render');
  });
});
