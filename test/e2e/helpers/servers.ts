// What the end-to-end tests run against: the built renderer served by the real web bridge (the
// real main-process services behind it), a plain HTTP server for the fixture pages, and Debian's
// Chromium driven by Playwright.
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { type Browser, chromium } from 'playwright';
import { exportSubfolders } from '../../../src/main/batch/folders';
import { uniqueMarkdownPath } from '../../../src/main/services/export-writer';
import { createServices } from '../../../src/main/services/handlers';
import { SettingsStore } from '../../../src/main/services/settings-store';
import { ensureRendererBuilt } from '../../../src/main/web/ensure-renderer';
import { startWebServer } from '../../../src/main/web/server';

export const CHROMIUM_PATH = process.env.OPENSCRAPER_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Serves a folder of fixture pages on 127.0.0.1 (GET only, no listing); `/slow` never answers. */
export async function serveFixtures(dir: string): Promise<Served> {
  const server = createServer((request, response) => {
    if (request.url === '/slow') return; // held open until the client gives up or cancels
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    if (path.includes('..')) {
      response.writeHead(403).end();
      return;
    }
    readFile(join(dir, path)).then(
      (body) => response.writeHead(200, { 'Content-Type': extname(path) === '.html' ? 'text/html; charset=utf-8' : 'application/octet-stream' }).end(body),
      () => response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export interface AppUnderTest extends Served {
  exportDir: string;
}

/**
 * The app as `npm run web` serves it, saving into `exportDir` (each batch into a new folder there)
 * and keeping settings in `settingsFile`.
 */
export async function startApp(options: { exportDir: string; settingsFile: string }): Promise<AppUnderTest> {
  const rendererDir = await ensureRendererBuilt(process.cwd());
  const services = createServices({
    mode: 'web',
    settings: new SettingsStore(options.settingsFile),
    chooseSavePath: async (stem, withHtml) => {
      await mkdir(options.exportDir, { recursive: true });
      return uniqueMarkdownPath(options.exportDir, stem, withHtml);
    },
    chooseFolder: exportSubfolders(options.exportDir),
  });
  const server = await startWebServer({ handlers: services.handlers, rendererDir });
  return {
    url: server.url,
    exportDir: options.exportDir,
    close: async () => {
      await server.close();
      await services.close();
    },
  };
}
