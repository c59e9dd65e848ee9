// Screenshots of the main states, kept as test artifacts (test-results/ is not committed).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'app');

/** Starts a run with an empty folder, so every screenshot there is from this run. */
export function clearScreenshots(): void {
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
