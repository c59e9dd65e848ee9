// The desktop app itself, through Playwright's Electron driver. Electron's binary cannot be
// downloaded everywhere (not on this project's CI machine): without it, or without a display on
// Linux, the test is reported as skipped, with the reason.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { _electron } from 'playwright';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../src/shared/contract';
import { ELECTRON_APP, ensureBuilt } from '../../src/main/web/ensure-renderer';

function electronBinary(): string | undefined {
  if (process.env.ELECTRON_PATH) return existsSync(process.env.ELECTRON_PATH) ? process.env.ELECTRON_PATH : undefined;
  const dir = join(process.cwd(), 'node_modules', 'electron');
  try {
    const binary = join(dir, 'dist', readFileSync(join(dir, 'path.txt'), 'utf8').trim());
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined; // the package is there, its binary was never downloaded
  }
}

const binary = electronBinary();
const display = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const skipReason = !binary ? 'no Electron binary (node_modules/electron was installed without it)' : !display ? 'no display (run under xvfb-run)' : '';
if (skipReason) console.warn(`SKIPPED the Electron smoke test: ${skipReason}`);

describe.skipIf(skipReason !== '')('the desktop app (Electron)', () => {
  it('opens the locked-down window with the three-pane UI and only the contract exposed', { timeout: 180_000 }, async () => {
    await ensureBuilt(process.cwd(), ELECTRON_APP);
    const app = await _electron.launch({ executablePath: binary, args: ['.'], cwd: process.cwd() });
    try {
      const page = await app.firstWindow();
      await page.getByTestId('address').waitFor();
      expect(await page.title()).toBe('OpenScraper');
      expect(await page.getByTestId('pane-original').count()).toBe(1);

      // The page sees the contract's functions and nothing of Node or Electron.
      const exposed = await page.evaluate(() => {
        const g = globalThis as unknown as Record<string, unknown> & { openscraper?: Record<string, unknown> };
        return { channels: Object.keys(g.openscraper ?? {}).sort(), require: typeof g.require, process: typeof g.process, module: typeof g.module };
      });
      expect(exposed).toEqual({ channels: [...CHANNELS].sort(), require: 'undefined', process: 'undefined', module: 'undefined' });
      const info = await page.evaluate(() => (globalThis as unknown as { openscraper: { 'app:info': () => Promise<{ mode: string }> } }).openscraper['app:info']());
      expect(info).toMatchObject({ mode: 'electron' });
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);

      // Navigation away from the app is refused.
      const before = page.url();
      await page.evaluate(() => {
        globalThis.location.href = 'https://example.org/';
      });
      await page.waitForTimeout(500);
      expect(page.url()).toBe(before);
    } finally {
      await app.close();
    }
  });
});
