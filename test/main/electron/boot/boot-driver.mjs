// Boots the built app (out/main/index.js) under plain Node against the recording stand-in for
// 'electron', then drives it as Electron and a user would: 'ready', the window shown, the page
// served over app://, IPC calls from the window (a page load, a batch of local URLs), hostile
// navigation and permission requests, and quitting. Prints one line, `BOOT-REPORT <json>`.
// Usage: node boot-driver.mjs <out dir> <site base URL> <batch size>
import { register } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const [outDir, siteBase, batchSize] = process.argv.slice(2);
register('./hooks.mjs', import.meta.url, { data: { bundleDir: pathToFileURL(outDir).href } });
const { record, app, session } = await import('./electron-stand-in.mjs');
const report = {};
const done = () => {
  report.events = record.events;
  report.errorBoxes = record.errorBoxes;
  report.exitCode = record.exitCode;
  report.workers = record.workers ?? [];
  console.log(`BOOT-REPORT ${JSON.stringify(report)}`);
  process.exit(0);
};
const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

await import(pathToFileURL(join(outDir, 'main/index.js')).href);
report.privilegedSchemes = record.privilegedSchemes;
report.sandboxEnabled = record.sandboxEnabled;
app.standInReady();
await settle();
if (record.errorBoxes.length > 0 || record.exitCode !== undefined) done();

// The window, as created and shown.
const [window] = record.windows;
window.emit('ready-to-show');
report.window = { options: window.options, loadedUrls: window.webContents.loadedUrls, shown: window.shown, count: record.windows.length };
report.channels = [...record.ipcHandlers.keys()];

// The app menu: every command in it, and a click sends its command to the window's page.
const menuItems = (template) => template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? menuItems(item.submenu) : [])]);
const commands = menuItems(record.menu?.template ?? []).filter((item) => typeof item.id === 'string');
commands.find((item) => item.id === 'save')?.click();
report.menu = { commands: commands.map((item) => item.id), sent: window.webContents.sent };

// The page, served by the app's protocol (and nothing outside the renderer folder).
const serve = record.protocolHandlers.get('app');
report.protocols = [...record.protocolHandlers.keys()];
if (serve) {
  const get = async (url) => {
    const response = await serve(new Request(url));
    return { url, status: response.status, type: response.headers.get('content-type'), body: response.status === 200 ? await response.text() : '' };
  };
  const index = await get(window.webContents.loadedUrls[0]);
  const assets = [...index.body.matchAll(/(?:src|href)="(\.\/[^"]+)"/g)].map((match) => new URL(match[1], index.url).href);
  report.served = {
    index: { status: index.status, type: index.type },
    assets: await Promise.all(assets.map(async (url) => ({ url, status: (await get(url)).status }))),
    outside: await Promise.all(['app://openscraper/../../package.json', 'app://openscraper/%2e%2e/%2e%2e/package.json', 'app://openscraper/..%2f..%2fpackage.json', 'app://other/index.html'].map(async (url) => ({ url, status: (await get(url)).status }))),
  };
}

// What the page and the web may do.
const contents = window.webContents;
const appUrl = contents.getURL();
const defaults = session.defaultSession.handlers;
const ask = (permission, url = appUrl) => new Promise((resolve) => defaults.permissionRequest({ getURL: () => url }, permission, resolve));
report.guards = {
  navigate: contents.fire('will-navigate', { url: 'https://attacker.example/' }),
  redirect: contents.fire('will-redirect', { url: 'https://attacker.example/' }),
  frameNavigate: contents.fire('will-frame-navigate', { url: 'https://attacker.example/', isMainFrame: false }),
  previewFrame: contents.fire('will-frame-navigate', { url: 'about:srcdoc', isMainFrame: false }),
  webview: contents.fire('will-attach-webview', {}),
  windowOpen: contents.windowOpenHandler?.({ url: 'https://example.org/' })?.action,
  camera: await ask('media'),
  notifications: await ask('notifications'),
  clipboard: await ask('clipboard-sanitized-write'),
  clipboardElsewhere: await ask('clipboard-sanitized-write', 'https://attacker.example/'),
  geolocationCheck: defaults.permissionCheck(contents, 'geolocation'),
  device: defaults.devicePermission?.({}),
  download: (() => {
    const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    session.defaultSession.emit('will-download', event, {}, contents);
    return event.defaultPrevented;
  })(),
};

// IPC as the window sends it; and once from a frame that is not the app's page.
const trusted = { sender: contents, senderFrame: contents.mainFrame };
const invoke = (channel, request, event = trusted) => record.ipcHandlers.get(channel)(event, request);
report.info = await invoke('app:info', undefined);
report.untrusted = await invoke('app:info', undefined, { sender: contents, senderFrame: { url: 'https://attacker.example/' } }).then(
  () => 'answered',
  (error) => error.name,
);
const page = await invoke('page:load', { requestId: 'boot-1', input: { kind: 'url', url: `${siteBase}/p/1` } });
// (Read both ways: a page's shape is being unified, see issue 18.)
const markdown = page.markdown ?? page.result?.markdown ?? '';
report.page = { ok: page.ok, markdown, error: page.error };

// A batch: run in its worker while the main thread stays free (its event-loop utilisation).
const folder = await invoke('batch:choose-folder', {});
const urls = Array.from({ length: Number(batchSize) }, (_, i) => `${siteBase}/p/${i + 1}`);
const started = await invoke('batch:start', { folderId: folder.folderId, urls, settings: { concurrency: 16, perHost: 16, delayMs: 0, retries: 0, timeoutMs: 10_000 } });
report.batch = { started };
if (started.ok) {
  const before = performance.eventLoopUtilization();
  let cursor = 0;
  let last;
  for (let polls = 0; polls < 600; polls++) {
    last = await invoke('batch:poll', { batchId: started.batchId, cursor, waitMs: 1000 });
    cursor = last.cursor;
    if (!last.more && !['running', 'paused', 'cancelling', 'idle'].includes(last.state)) break;
  }
  report.batch = { started, state: last.state, counts: last.counts, mainThreadUtilisation: performance.eventLoopUtilization(before).utilization };
}

// Quitting: the app closes its services (a running batch writes its manifest), then quits.
const quitEvent = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
app.emit('will-quit', quitEvent);
for (let i = 0; i < 200 && !record.events.includes('quit'); i++) await settle();
report.quit = { deferred: quitEvent.defaultPrevented, quit: record.events.includes('quit') };
done();
