// A small stand-in for the 'electron' module (Electron cannot start here): just enough of
// BrowserWindow, webContents, session, ipcMain and shell for the main process's own logic to run,
// recording what that logic does (options, listeners, handlers, calls).
import { EventEmitter } from 'node:events';

export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

type Handler = (...args: never[]) => unknown;

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  session: FakeSession;
  url = '';
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  audioMuted = false;
  loadedUrls: Array<{ url: string; options?: unknown }> = [];
  mainFrame = { url: '' };
  /** What executeJavaScriptInIsolatedWorld answers: by default, the DOM read. */
  evaluate: (code: string) => unknown = () => ({ html: '<html><body><p>rendered</p></body></html>' });
  scripts: string[] = [];

  constructor(session: FakeSession) {
    super();
    this.session = session;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  setAudioMuted(muted: boolean): void {
    this.audioMuted = muted;
  }
  getURL(): string {
    return this.url;
  }
  loadURL(url: string, options?: unknown): Promise<void> {
    this.loadedUrls.push({ url, options });
    return Promise.resolve();
  }
  async executeJavaScriptInIsolatedWorld(_world: number, scripts: Array<{ code: string }>): Promise<unknown> {
    this.scripts.push(scripts[0].code);
    return this.evaluate(scripts[0].code);
  }
  /** Fires an event the way Electron does (an Event first) and says whether it was prevented. */
  fire(name: string, ...args: unknown[]): FakeEvent {
    const event = new FakeEvent();
    this.emit(name, event, ...args);
    return event;
  }
}

export class FakeSession extends EventEmitter {
  permissionRequest: Handler | null = null;
  permissionCheck: Handler | null = null;
  devicePermission: Handler | null = null;
  spellChecker = true;
  cleared = 0;
  readonly webRequest = {
    handlers: {} as Record<string, Handler>,
    onBeforeRequest(handler: Handler) {
      this.handlers.beforeRequest = handler;
    },
    onHeadersReceived(handler: Handler) {
      this.handlers.headersReceived = handler;
    },
    onCompleted(handler: Handler) {
      this.handlers.completed = handler;
    },
    onErrorOccurred(handler: Handler) {
      this.handlers.errorOccurred = handler;
    },
  };
  constructor(readonly partition: string) {
    super();
  }
  setPermissionRequestHandler(handler: Handler): void {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: Handler): void {
    this.permissionCheck = handler;
  }
  setDevicePermissionHandler(handler: Handler): void {
    this.devicePermission = handler;
  }
  setSpellCheckerEnabled(enabled: boolean): void {
    this.spellChecker = enabled;
  }
  clearStorageData(): Promise<void> {
    this.cleared++;
    return Promise.resolve();
  }
}

export const sessions = new Map<string, FakeSession>();
export const defaultSession = new FakeSession('');

export class FakeBrowserWindow {
  static created: FakeBrowserWindow[] = [];
  readonly webContents: FakeWebContents;
  destroyed = false;
  constructor(readonly options: { webPreferences?: { partition?: string } } & Record<string, unknown>) {
    const partition = options.webPreferences?.partition;
    this.webContents = new FakeWebContents(partition ? fakeElectron.session.fromPartition(partition) : defaultSession);
    FakeBrowserWindow.created.push(this);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export const ipcHandlers = new Map<string, (event: unknown, request: unknown) => unknown>();

export const fakeElectron = {
  BrowserWindow: FakeBrowserWindow,
  ipcMain: {
    handle(channel: string, listener: (event: unknown, request: unknown) => unknown) {
      if (ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
      ipcHandlers.set(channel, listener);
    },
    removeHandler(channel: string) {
      ipcHandlers.delete(channel);
    },
  },
  session: {
    defaultSession,
    fromPartition(partition: string): FakeSession {
      let session = sessions.get(partition);
      if (!session) {
        session = new FakeSession(partition);
        sessions.set(partition, session);
      }
      return session;
    },
  },
  shell: { openExternal: async (_url: string) => undefined },
};
