// The desktop app's entry: one window with the renderer, the contract's IPC, and nothing else
// reachable from the page. Only files under src/main/electron import 'electron'.
import { basename, join } from 'node:path';
import { app, BrowserWindow, dialog, Menu, nativeTheme, protocol, session, shell } from 'electron';
import { createServices, type AppServices } from '../services/handlers';
import { SettingsStore } from '../services/settings-store';
import { WorkerHost } from '../services/worker-host';
import { appFiles, missingAppFiles } from './app-files';
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, appProtocolHandler } from './app-protocol';
import { guardAppSession, guardWebContents, trustedSenderCheck } from './guards';
import { registerIpc } from './ipc';
import { installAppMenu } from './menu';
import type { AppLocation } from './policies';
import { HiddenWindowSource, renderSession } from './render-window';
import { createMainWindow } from './windows';

const files = appFiles(import.meta.dirname);
const devServer = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const location: AppLocation = { entryUrl: devServer ?? APP_ENTRY_URL };

let mainWindow: BrowserWindow | null = null;
let services: AppServices | null = null;

// Before 'ready': our scheme is standard and secure, so the page's CSP 'self' means app://openscraper.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
// Every renderer in Chromium's sandbox, whatever its options say.
app.enableSandbox();
app.on('web-contents-created', (_event, contents) =>
  guardWebContents(contents, {
    openExternal: (url) => shell.openExternal(url),
    isRenderContents: (candidate) => candidate.session === renderSession(),
  }),
);

function createWindow(): BrowserWindow {
  const window = createMainWindow(files.preload, nativeTheme.shouldUseDarkColors);
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  void window.loadURL(location.entryUrl);
  return window;
}

/** An incomplete build: say which files are missing, in a dialog and on stderr, and quit. */
function refuseToStart(missing: string[]): void {
  const message = `OpenScraper's build is incomplete; missing: ${missing.join(', ')}. Run \`npm run build\` (or reinstall the app).`;
  console.error(message);
  dialog.showErrorBox('OpenScraper cannot start', message);
  app.exit(1);
}

async function chooseSavePath(stem: string): Promise<string | undefined> {
  const options = {
    title: 'Save Markdown',
    defaultPath: join(app.getPath('documents'), `${stem}.md`),
    filters: [{ name: 'Markdown', extensions: ['md'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
  };
  const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
  return result.canceled ? undefined : result.filePath;
}

/** The save dialog confirms replacing the Markdown file; this asks about the HTML file beside it. */
async function confirmReplace(path: string): Promise<boolean> {
  const options = {
    type: 'question' as const,
    buttons: ['Replace', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: `${basename(path)} already exists.`,
    detail: 'Saving the cleaned HTML beside the Markdown replaces it.',
  };
  const result = mainWindow ? await dialog.showMessageBox(mainWindow, options) : await dialog.showMessageBox(options);
  return result.response === 0;
}

async function chooseBatchFolder(): Promise<string | undefined> {
  const options = {
    title: 'Choose a folder for the batch',
    buttonLabel: 'Use this folder',
    defaultPath: app.getPath('documents'),
    properties: ['openDirectory', 'createDirectory', 'promptToCreate'] as Array<'openDirectory' | 'createDirectory' | 'promptToCreate'>,
  };
  const result = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
  return result.canceled ? undefined : result.filePaths[0];
}

/** shell.openPath answers an error message, or '' when the folder opened. */
async function openFolder(path: string): Promise<boolean> {
  return (await shell.openPath(path)) === '';
}

void app.whenReady().then(() => {
  const missing = missingAppFiles(files, { devServer: devServer !== undefined });
  if (missing.length > 0) return refuseToStart(missing);
  protocol.handle(APP_SCHEME, appProtocolHandler(files.rendererRoot));
  guardAppSession(session.defaultSession, location);
  services = createServices({
    mode: 'electron',
    chooseSavePath,
    confirmReplace,
    settings: new SettingsStore(join(app.getPath('userData'), 'settings.json')),
    worker: new WorkerHost({ entry: { file: files.conversionWorker, typescript: false } }),
    batchPlace: { kind: 'worker', file: files.batchWorker, typescript: false },
    renderer: new HiddenWindowSource(),
    chooseFolder: chooseBatchFolder,
    openFolder,
  });
  registerIpc(services.handlers, trustedSenderCheck(() => mainWindow?.webContents ?? null, location));
  installAppMenu(Menu, () => mainWindow?.webContents);
  mainWindow = createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// A running batch writes its manifest before the app goes (it resumes from it next time).
app.on('will-quit', (event) => {
  const closing = services;
  if (!closing) return;
  services = null;
  event.preventDefault();
  void closing.close().finally(() => app.quit());
});
