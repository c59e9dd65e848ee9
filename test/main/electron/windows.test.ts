// The options each window really gets: created through the fake BrowserWindow and read back.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);
const { createMainWindow, createRenderWindow } = await import('../../../src/main/electron/windows');

const LOCKED_DOWN = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  nodeIntegrationInWorker: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  disableBlinkFeatures: 'Auxclick',
};

describe('the app windows', () => {
  beforeEach(() => {
    FakeBrowserWindow.created = [];
  });

  it('the UI window: sandboxed, isolated, no Node, only our preload, hidden until ready', () => {
    createMainWindow('/app/out/preload/index.cjs', true);
    const [window] = FakeBrowserWindow.created;
    expect(window.options.webPreferences).toMatchObject({ ...LOCKED_DOWN, preload: '/app/out/preload/index.cjs' });
    expect(window.options).toMatchObject({ show: false, width: 1280, height: 800 });
    expect(window.options.webPreferences).not.toHaveProperty('partition');
  });

  it('the render window: the same lock-down, its own partition, no preload, no dialogs, no images', () => {
    createRenderWindow('openscraper-render');
    const [window] = FakeBrowserWindow.created;
    expect(window.options.webPreferences).toMatchObject({ ...LOCKED_DOWN, partition: 'openscraper-render', disableDialogs: true, images: false, javascript: true, backgroundThrottling: false });
    expect(window.options.webPreferences).not.toHaveProperty('preload');
    expect(String((window.options.webPreferences as { partition: string }).partition)).not.toMatch(/^persist:/);
    expect(window.options).toMatchObject({ show: false, focusable: false, skipTaskbar: true });
  });
});
