// What every web contents the app creates is allowed to do: observed on fakes of Electron's
// objects, by firing the events Electron fires.
import { describe, expect, it, vi } from 'vitest';
import { FakeEvent, FakeSession, FakeWebContents } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);
const { guardAppSession, guardWebContents, trustedSenderCheck } = await import('../../../src/main/electron/guards');

const location = { entryUrl: 'app://openscraper/index.html' };

function guarded(isRender = false) {
  const contents = new FakeWebContents(new FakeSession(''));
  const opened: string[] = [];
  guardWebContents(contents as never, { openExternal: async (url) => void opened.push(url), isRenderContents: () => isRender });
  return { contents, opened };
}

describe('the web contents guard', () => {
  it('denies every navigation and webview of the app window', () => {
    const { contents } = guarded();
    expect(contents.fire('will-navigate', 'https://attacker.example/').defaultPrevented).toBe(true);
    expect(contents.fire('will-navigate', 'file:///app/out/renderer/index.html').defaultPrevented).toBe(true);
    expect(contents.fire('will-redirect', 'https://attacker.example/').defaultPrevented).toBe(true);
    expect(contents.fire('will-attach-webview', {}, {}).defaultPrevented).toBe(true);
  });

  it('lets the previews load their own documents, and no frame load anything else', () => {
    const { contents } = guarded();
    const navigate = (url: string, isMainFrame: boolean) => {
      const event = Object.assign(new FakeEvent(), { url, isMainFrame });
      contents.emit('will-frame-navigate', event);
      return event.defaultPrevented;
    };
    expect(navigate('about:srcdoc', false)).toBe(false);
    expect(navigate('https://attacker.example/', false)).toBe(true);
    expect(navigate('javascript:alert(1)', false)).toBe(true);
    expect(navigate('about:srcdoc', true)).toBe(true);
  });

  it('opens no window; sends safe links to the system browser, drops the rest', () => {
    const { contents, opened } = guarded();
    for (const url of ['https://example.org/docs', 'mailto:a@example.org', 'javascript:alert(1)', 'file:///etc/passwd', 'https://u:p@example.org/']) {
      expect(contents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual(['https://example.org/docs', 'mailto:a@example.org']);
  });

  it('leaves navigation to the render window (it redirects while loading) but still denies popups and webviews', () => {
    const { contents, opened } = guarded(true);
    expect(contents.fire('will-navigate', 'https://example.org/next').defaultPrevented).toBe(false);
    expect(contents.fire('will-attach-webview', {}, {}).defaultPrevented).toBe(true);
    expect(contents.windowOpenHandler!({ url: 'https://example.org/popup' })).toEqual({ action: 'deny' });
    expect(opened).toEqual([]);
  });
});

describe("the app session's permissions", () => {
  it('grants clipboard writing to the app page only, and cancels downloads', () => {
    const session = new FakeSession('');
    guardAppSession(session as never, location);
    const app = { getURL: () => location.entryUrl };
    const other = { getURL: () => 'https://attacker.example/' };
    const answers: boolean[] = [];
    session.permissionRequest!(app as never, 'clipboard-sanitized-write' as never, ((granted: boolean) => answers.push(granted)) as never);
    session.permissionRequest!(app as never, 'media' as never, ((granted: boolean) => answers.push(granted)) as never);
    session.permissionRequest!(other as never, 'clipboard-sanitized-write' as never, ((granted: boolean) => answers.push(granted)) as never);
    expect(answers).toEqual([true, false, false]);
    expect(session.permissionCheck!(app as never, 'geolocation' as never)).toBe(false);
    expect(session.permissionCheck!(null as never, 'clipboard-sanitized-write' as never)).toBe(false);
    expect(session.devicePermission!()).toBe(false);
    const download = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    session.emit('will-download', download, {});
    expect(download.defaultPrevented).toBe(true);
  });
});

describe('the IPC sender check', () => {
  it('accepts the app window top frame on the app page, nothing else', () => {
    const window = new FakeWebContents(new FakeSession(''));
    const stranger = new FakeWebContents(new FakeSession(''));
    const check = trustedSenderCheck(() => window as never, location);
    const top = window.mainFrame;
    top.url = location.entryUrl;
    expect(check({ sender: window, senderFrame: top } as never)).toBe(true);
    expect(check({ sender: window, senderFrame: { url: 'about:srcdoc' } } as never)).toBe(false);
    expect(check({ sender: stranger, senderFrame: stranger.mainFrame } as never)).toBe(false);
    expect(check({ sender: window, senderFrame: null } as never)).toBe(false);
    top.url = 'https://attacker.example/';
    expect(check({ sender: window, senderFrame: top } as never)).toBe(false);
    expect(trustedSenderCheck(() => null, location)({ sender: window, senderFrame: top } as never)).toBe(false);
  });
});
