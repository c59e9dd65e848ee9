// A recording stand-in for the 'electron' module, for the boot test: the built main bundle
// (out/main/index.js) runs under plain Node against it. Just enough of app, BrowserWindow,
// webContents, session, protocol, ipcMain, dialog, shell, nativeTheme and Menu for the app to
// start, and everything it does written into one record the driver reads.
import { EventEmitter } from 'node:events';

/** What the app did, in order; the driver (boot-driver.mjs) reads and prints it. */
export const record = {
  events: [],
  privilegedSchemes: [],
  protocolHandlers: new Map(),
  ipcHandlers: new Map(),
  windows: [],
  errorBoxes: [],
  exitCode: undefined,
  sandboxEnabled: false,
  readyAt: -1,
};
const log = (event) => record.events.push(event);

class StandInEvent {
  defaultPrevented = false;
  preventDefault() {
    this.defaultPrevented = true;
  }
}

let nextContentsId = 1;
class StandInSession extends EventEmitter {
  handlers = {};
  webRequest = {
    handlers: {},
    onBeforeRequest: (h) => (this.webRequest.handlers.beforeRequest = h),
    onHeadersReceived: (h) => (this.webRequest.handlers.headersReceived = h),
    onCompleted: (h) => (this.webRequest.handlers.completed = h),
    onErrorOccurred: (h) => (this.webRequest.handlers.errorOccurred = h),
  };
  constructor(partition) {
    super();
    this.partition = partition;
  }
  setPermissionRequestHandler(h) {
    this.handlers.permissionRequest = h;
  }
  setPermissionCheckHandler(h) {
    this.handlers.permissionCheck = h;
  }
  setDevicePermissionHandler(h) {
    this.handlers.devicePermission = h;
  }
  setSpellCheckerEnabled() {}
  clearStorageData() {
    return Promise.resolve();
  }
}

const sessions = new Map();
const defaultSession = new StandInSession('');

class StandInWebContents extends EventEmitter {
  id = nextContentsId++;
  windowOpenHandler = null;
  loadedUrls = [];
  mainFrame = { url: '' };
  constructor(session) {
    super();
    this.session = session;
  }
  setWindowOpenHandler(h) {
    this.windowOpenHandler = h;
  }
  setAudioMuted() {}
  /** What main sent the page unasked (the app menu's commands). */
  sent = [];
  send(channel, ...args) {
    this.sent.push([channel, ...args]);
  }
  getURL() {
    return this.mainFrame.url;
  }
  loadURL(url) {
    this.loadedUrls.push(url);
    this.mainFrame.url = url;
    return Promise.resolve();
  }
  /** Fires an event the way Electron does (an Event first); answers whether it was prevented. */
  fire(name, ...args) {
    const event = Object.assign(new StandInEvent(), args[0] && typeof args[0] === 'object' ? args[0] : {});
    this.emit(name, event, ...args);
    return event.defaultPrevented;
  }
}

class StandInBrowserWindow extends EventEmitter {
  static all = [];
  destroyed = false;
  shown = false;
  constructor(options = {}) {
    super();
    this.options = options;
    const partition = options.webPreferences?.partition;
    this.webContents = new StandInWebContents(partition ? session.fromPartition(partition) : defaultSession);
    StandInBrowserWindow.all.push(this);
    record.windows.push(this);
    app.emit('web-contents-created', new StandInEvent(), this.webContents);
  }
  static getAllWindows() {
    return StandInBrowserWindow.all.filter((window) => !window.destroyed);
  }
  loadURL(url) {
    return this.webContents.loadURL(url);
  }
  loadFile(path) {
    return this.webContents.loadURL(`file://${path}`);
  }
  show() {
    this.shown = true;
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
  }
}

let resolveReady;
const ready = new Promise((resolve) => (resolveReady = resolve));

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  enableSandbox() {
    record.sandboxEnabled = true;
    log('enableSandbox');
  },
  whenReady: () => ready,
  isReady: () => record.readyAt >= 0,
  getPath: (name) => `${process.env.BOOT_USER_DATA}/${name}`,
  quit() {
    log('quit');
  },
  exit(code = 0) {
    record.exitCode = code;
    log(`exit ${code}`);
  },
  /** Driver only: Electron's 'ready'. */
  standInReady() {
    record.readyAt = record.events.length;
    log('ready');
    this.emit('ready');
    resolveReady();
  },
});

export const BrowserWindow = StandInBrowserWindow;

export const session = {
  defaultSession,
  fromPartition(partition) {
    if (!sessions.has(partition)) sessions.set(partition, new StandInSession(partition));
    return sessions.get(partition);
  },
};

export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    if (record.readyAt >= 0) throw new Error('protocol.registerSchemesAsPrivileged after ready (Electron ignores it)');
    record.privilegedSchemes.push(...schemes);
    log('registerSchemesAsPrivileged');
  },
  handle(scheme, handler) {
    if (record.readyAt < 0) throw new Error('protocol.handle before ready (Electron throws)');
    record.protocolHandlers.set(scheme, handler);
    log(`protocol.handle ${scheme}`);
  },
};

export const ipcMain = {
  handle(channel, listener) {
    if (record.ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
    record.ipcHandlers.set(channel, listener);
  },
  removeHandler(channel) {
    record.ipcHandlers.delete(channel);
  },
};

export const dialog = {
  showErrorBox(title, content) {
    record.errorBoxes.push({ title, content });
  },
  showSaveDialog: async () => ({ canceled: true }),
  showOpenDialog: async () => ({ canceled: false, filePaths: [process.env.BOOT_BATCH_DIR] }),
};

export const shell = { openExternal: async () => undefined, openPath: async () => '' };
export const nativeTheme = Object.assign(new EventEmitter(), { shouldUseDarkColors: false, themeSource: 'system' });
export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: (menu) => (record.menu = menu),
  getApplicationMenu: () => record.menu ?? null,
};

export default { app, BrowserWindow, session, protocol, ipcMain, dialog, shell, nativeTheme, Menu };
