// Screenshots of the main states, kept as test artifacts (test-results/ is not committed): one
// folder per suite (test-results/app, test-results/batch), emptied when the suite starts.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';

export interface ScreenshotFolder {
  dir: string;
  /** Starts a run with an empty folder, so every screenshot there is from this run. */
  clear(): void;
  take(page: Page, name: string): Promise<string>;
}

export function screenshotFolder(suite: string): ScreenshotFolder {
  const dir = join(process.cwd(), 'test-results', suite);
  return {
    dir,
    clear: () => rmSync(dir, { recursive: true, force: true }),
    take: async (page, name) => {
      mkdirSync(dir, { recursive: true });
      const path = join(dir, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
  };
}

const app = screenshotFolder('app');

export const clearScreenshots = app.clear;
export const screenshot = app.take;
