// The built app as users get it: out/main/index.js booted under plain Node with a recording
// stand-in for 'electron' (Electron itself cannot start here), then driven as Electron and a
// user would (boot/boot-driver.mjs). What it promises: a handler for every channel of the
// contract, the locked-down window with its preload, the page served from app:// and nothing
// outside the renderer, permissions and navigation denied, every file it loads built, batches off
// the main thread — and packaging with the fuses we promise.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/shared/commands';
import { CHANNELS, COMMAND_EVENT } from '../../../src/shared/contract';
import { ELECTRON_APP, ensureBuilt } from '../../../src/main/web/ensure-renderer';
import { type Site, startSite } from '../batch/helpers/site';

const root = resolve(import.meta.dirname, '../../..');
const out = join(root, 'out');
const BATCH_SIZE = 200;

interface BootReport {
  privilegedSchemes: Array<{ scheme: string; privileges: Record<string, boolean> }>;
  sandboxEnabled: boolean;
  events: string[];
  errorBoxes: Array<{ title: string; content: string }>;
  exitCode?: number;
  workers: Array<{ path: string; existed: boolean }>;
  window: { options: { webPreferences: Record<string, unknown> } & Record<string, unknown>; loadedUrls: string[]; shown: boolean; count: number };
  channels: string[];
  menu: { commands: string[]; sent: unknown[][] };
  protocols: string[];
  served: { index: { status: number; type: string }; assets: Array<{ url: string; status: number }>; outside: Array<{ url: string; status: number }> };
  guards: Record<string, unknown>;
  info: { mode: string };
  untrusted: string;
  page: { ok: boolean; markdown: string };
  batch: { started: { ok: boolean }; state: string; counts: { done: number; failed: number; total: number }; mainThreadUtilisation: number };
  quit: { deferred: boolean; quit: boolean };
}

let site: Site;
let dir: string;
let report: BootReport;

beforeAll(async () => {
  await ensureBuilt(root, ELECTRON_APP);
  site = await startSite();
  dir = await mkdtemp(join(tmpdir(), 'openscraper-boot-'));
  const { stdout } = await promisify(execFile)(process.execPath, [join(import.meta.dirname, 'boot/boot-driver.mjs'), out, site.base, String(BATCH_SIZE)], {
    env: { ...process.env, BOOT_USER_DATA: join(dir, 'user-data'), BOOT_BATCH_DIR: dir },
    timeout: 150_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = stdout.split('\n').find((text) => text.startsWith('BOOT-REPORT '));
  if (!line) throw new Error(`the boot driver printed no report:\n${stdout.slice(-2000)}`);
  report = JSON.parse(line.slice('BOOT-REPORT '.length));
}, 300_000);

afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the built app (out/main/index.js) booted with a stand-in for electron', () => {
  it('starts: no error dialog, no exit, one window shown', () => {
    expect(report.errorBoxes).toEqual([]);
    expect(report.exitCode).toBeUndefined();
    expect(report.window.count).toBe(1);
    expect(report.window.shown).toBe(true);
  });

  it('registers a handler for every channel of the contract, and only from the app window', () => {
    expect([...report.channels].sort()).toEqual([...CHANNELS].sort());
    expect(report.info.mode).toBe('electron');
    expect(report.untrusted).toBe('RefusedSender');
  });

  it('has a menu with every command, which it sends to the page on the contract\'s event', () => {
    expect([...report.menu.commands].sort()).toEqual(COMMANDS.map((command) => command.id).sort());
    expect(report.menu.sent).toEqual([[COMMAND_EVENT, 'save']]);
  });

  it('creates its window with the webPreferences we promise and the built preload', () => {
    const prefs = report.window.options.webPreferences;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, nodeIntegrationInSubFrames: false, nodeIntegrationInWorker: false, webviewTag: false, webSecurity: true, allowRunningInsecureContent: false });
    expect(prefs.preload).toBe(join(out, 'preload/index.cjs'));
    expect(existsSync(prefs.preload as string)).toBe(true);
    expect(report.sandboxEnabled).toBe(true);
  });

  it('serves its page from app:// (privileged before ready), with every asset, and nothing outside the renderer', () => {
    expect(report.privilegedSchemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect(report.events.indexOf('registerSchemesAsPrivileged')).toBeLessThan(report.events.indexOf('ready'));
    expect(report.protocols).toEqual(['app']);
    expect(report.window.loadedUrls).toEqual(['app://openscraper/index.html']);
    expect(report.served.index).toEqual({ status: 200, type: 'text/html; charset=utf-8' });
    expect(report.served.assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of report.served.assets) expect(asset, asset.url).toMatchObject({ status: 200 });
    for (const attempt of report.served.outside) expect(attempt, attempt.url).toMatchObject({ status: 404 });
  });

  it('denies navigation, new windows, webviews, downloads and every permission but the clipboard for its own page', () => {
    expect(report.guards).toEqual({
      navigate: true,
      redirect: true,
      frameNavigate: true,
      previewFrame: false,
      webview: true,
      windowOpen: 'deny',
      camera: false,
      notifications: false,
      clipboard: true,
      clipboardElsewhere: false,
      geolocationCheck: false,
      device: false,
      download: true,
    });
  });

  it('loads only files the build wrote: both workers are in out/main and were there when started', async () => {
    const started = report.workers.map((worker) => relative(out, worker.path)).sort();
    expect(started).toEqual(['main/batch-worker.js', 'main/conversion-worker.js']);
    for (const worker of report.workers) expect(worker, worker.path).toMatchObject({ existed: true });
    expect(report.page.ok).toBe(true);
    expect(report.page.markdown).toContain('Page 1');
  });

  it(`runs a ${BATCH_SIZE}-URL batch in its worker while the main thread stays free, and writes its manifest on quit`, async () => {
    expect(report.batch.started.ok).toBe(true);
    expect(report.batch).toMatchObject({ state: 'finished', counts: { total: BATCH_SIZE, done: BATCH_SIZE, failed: 0 } });
    // Converting 200 pages on the main thread keeps its event loop busy most of the time; here the
    // main thread only answers polls. (A utilisation, not a time: it does not depend on the machine.)
    expect(report.batch.mainThreadUtilisation).toBeLessThan(0.5);
    expect((await readdir(dir)).filter((name) => name.endsWith('.md'))).toHaveLength(BATCH_SIZE);
    expect(report.quit).toEqual({ deferred: true, quit: true });
  });
});

describe('packaging (electron-builder.yml)', () => {
  it("is valid for electron-builder, targets every desktop platform, and flips the fuses Electron's checklist asks for", async () => {
    const { loadPackagingConfig, configuredTargets } = await import('../../../scripts/packaging-config.mjs');
    const config = await loadPackagingConfig(root);
    expect(configuredTargets(config)).toEqual({ linux: ['AppImage', 'deb'], mac: ['dmg'], win: ['nsis'] });
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // What the app needs at run time is packed: its build, and package.json's "main" pointing into it.
    const patterns = (config.files as Array<string | { filter: string[] }>).flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.filter));
    expect(patterns).toEqual(expect.arrayContaining(['out/**', 'package.json']));
  });
});
