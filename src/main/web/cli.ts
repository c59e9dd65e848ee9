// `npm run web`: the app's UI in a browser, served by the HTTP bridge on 127.0.0.1. Prints the URL
// to open (with its token) on stdout; everything else goes to stderr. Ctrl+C stops it.
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportSubfolders } from '../batch/folders';
import { uniqueMarkdownPath } from '../services/export-writer';
import { createServices } from '../services/handlers';
import { SettingsStore } from '../services/settings-store';
import { ensureRendererBuilt } from './ensure-renderer';
import { startWebServer } from './server';

const USAGE = `Usage: npm run web -- [--port N] [--export-dir DIR] [--settings FILE]

Serves the OpenScraper UI on http://127.0.0.1 (loopback only, with a secret token in the URL).
  --port N          port to listen on (default: a free one)
  --export-dir DIR  where "Save .md" and batches write (default: ~/Downloads/OpenScraper)
  --settings FILE   where settings are kept (default: ~/.config/openscraper/web-settings.json)`;

function configHome(): string {
  return process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'export-dir': { type: 'string' },
      settings: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: not a port number: ${values.port}`);
  const exportDir = resolve(values['export-dir'] ?? join(homedir(), 'Downloads', 'OpenScraper'));
  const settingsFile = resolve(values.settings ?? join(configHome(), 'openscraper', 'web-settings.json'));

  const rendererDir = await ensureRendererBuilt(process.cwd(), (line) => process.stderr.write(`${line}\n`));
  const services = createServices({
    mode: 'web',
    settings: new SettingsStore(settingsFile),
    chooseSavePath: async (stem, withHtml) => {
      await mkdir(exportDir, { recursive: true });
      return uniqueMarkdownPath(exportDir, stem, withHtml);
    },
    // No folder dialog in a browser: each batch gets a folder under the export folder.
    chooseFolder: exportSubfolders(exportDir),
  });
  const server = await startWebServer({ handlers: services.handlers, rendererDir, port });
  process.stderr.write(`OpenScraper web UI (saves to ${exportDir}); Ctrl+C to stop. Open:\n`);
  process.stdout.write(`${server.url}\n`);

  const stop = () => {
    void Promise.all([server.close(), services.close()]).finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`openscraper web: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
