// The app's two kinds of window, each created here with its options written out in full (so a
// reader, a test and the electronegativity scan all see the same literal): the UI window (our
// page and the preload, nothing else) and the hidden window that renders a hostile page.
import { BrowserWindow } from 'electron';

export function createMainWindow(preload: string, dark: boolean): BrowserWindow {
  return new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'OpenScraper',
    backgroundColor: dark ? '#111318' : '#eef0f3',
    autoHideMenuBar: true,
    webPreferences: {
      preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click would open links in new windows without a click event we could check.
      disableBlinkFeatures: 'Auxclick',
    },
  });
}

/** The hidden page renderer: its own in-memory session, no preload, no dialogs, no sound. */
export function createRenderWindow(partition: string): BrowserWindow {
  return new BrowserWindow({
    width: 1280,
    height: 1024,
    show: false,
    focusable: false,
    skipTaskbar: true,
    webPreferences: {
      partition,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      javascript: true,
      // Images do not change the DOM we read; not loading them is faster and tells trackers less.
      images: false,
      disableDialogs: true,
      autoplayPolicy: 'document-user-activation-required',
      // A hidden window's timers would be throttled, and the page would never settle.
      backgroundThrottling: false,
    },
  });
}
