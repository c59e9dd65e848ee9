// Rendering tests need Chromium (CI installs Debian's). Without it they skip, saying why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defaultBrowserPath } from '../../../src/main/loaders/render-playwright';

export const CHROMIUM_PATH = defaultBrowserPath();
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);

/** Call at the top of a file whose tests need Chromium: one clear line when they will skip. */
export function noteMissingChromium(what: string): void {
  if (!HAS_CHROMIUM) console.warn(`SKIPPED ${what}: no Chromium at ${CHROMIUM_PATH} (install chromium or set OPENSCRAPER_CHROMIUM)`);
}

/** Chromium processes that are children of `parent` (Playwright starts the browser as a child). */
export function chromiumChildren(parent = process.pid): number[] {
  return processes().filter((p) => p.parent === parent && /chrom/i.test(p.command)).map((p) => p.pid);
}

/** Processes whose environment holds `marker=value`: Chromium and all its helpers inherit it. */
export function processesWithEnv(marker: string, value: string): number[] {
  const needle = `${marker}=${value}`;
  return processes()
    .filter((p) => p.pid !== process.pid)
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p.pid}/environ`, 'latin1').split('\0').includes(needle);
      } catch {
        return false; // gone already, or not ours to read
      }
    })
    .map((p) => p.pid);
}

function processes(): Array<{ pid: number; parent: number; command: string }> {
  if (!existsSync('/proc')) return [];
  const found: Array<{ pid: number; parent: number; command: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      // "pid (command) state ppid …": the command may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const command = stat.slice(stat.indexOf('(') + 1, close);
      const parent = Number(stat.slice(close + 2).split(' ')[1]);
      const state = stat.slice(close + 2).split(' ')[0];
      if (state !== 'Z') found.push({ pid: Number(name), parent, command });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}
