// The app for the batch end-to-end tests: the web bridge as `npm run web` serves it, with a folder
// "dialog" the test answers (each choice is the next folder it queued), and the batch site.
import { mkdir } from 'node:fs/promises';
import { createServices } from '../../../src/main/services/handlers';
import { SettingsStore } from '../../../src/main/services/settings-store';
import { ensureRendererBuilt } from '../../../src/main/web/ensure-renderer';
import { startWebServer } from '../../../src/main/web/server';

export interface BatchApp {
  url: string;
  /** The folder the next "Choose folder…" gets. */
  nextFolder(path: string): void;
  close(): Promise<void>;
}

export async function startBatchApp(options: { settingsFile: string }): Promise<BatchApp> {
  const rendererDir = await ensureRendererBuilt(process.cwd());
  const folders: string[] = [];
  const services = createServices({
    mode: 'web',
    settings: new SettingsStore(options.settingsFile),
    chooseSavePath: async () => undefined,
    chooseFolder: async () => {
      const path = folders.shift();
      if (path) await mkdir(path, { recursive: true });
      return path;
    },
  });
  const server = await startWebServer({ handlers: services.handlers, rendererDir });
  return {
    url: server.url,
    nextFolder: (path) => void folders.push(path),
    close: async () => {
      await server.close();
      await services.close();
    },
  };
}
