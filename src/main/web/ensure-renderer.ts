// The web bridge serves the built renderer (out/renderer). When it is missing or older than its
// sources, build it with the project's own electron-vite config, one build at a time (a lock
// directory), so `npm run web` and the end-to-end tests work with or without `npm run build`.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const LOCK_STALE_MS = 5 * 60_000;

async function mtime(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time of any file under the folders (an explicit stack, no recursion). */
async function newestFile(folders: string[]): Promise<number> {
  let newest = 0;
  const stack = [...folders];
  while (stack.length > 0) {
    const folder = stack.pop()!;
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (entry.isFile()) newest = Math.max(newest, await mtime(path));
    }
  }
  return newest;
}

interface BuildCheck {
  /** A file the build writes, relative to the root. */
  output: string;
  /** Folders whose files it is built from. */
  sources: string[];
}

const RENDERER: BuildCheck = { output: 'out/renderer/index.html', sources: ['src/renderer', 'src/shared'] };
/** The whole Electron app: main process, worker, preload, renderer. */
export const ELECTRON_APP: BuildCheck = { output: 'out/main/index.js', sources: ['src'] };

async function isFresh(root: string, check: BuildCheck): Promise<boolean> {
  const built = await mtime(join(root, check.output));
  if (built === 0) return false;
  const sources = await newestFile(check.sources.map((folder) => join(root, folder)));
  const config = await mtime(join(root, 'electron.vite.config.ts'));
  return built >= Math.max(sources, config);
}

async function withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const waitUntil = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - (await mtime(lock)) > LOCK_STALE_MS || Date.now() > waitUntil) await rm(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Returns out/renderer, building the app first when the renderer there is missing or stale. */
export async function ensureRendererBuilt(root: string = process.cwd(), log: (line: string) => void = () => {}): Promise<string> {
  await ensureBuilt(root, RENDERER, log);
  return join(root, 'out/renderer');
}

/** Runs `electron-vite build` unless `check.output` is newer than all of its sources. */
export async function ensureBuilt(root: string, check: BuildCheck, log: (line: string) => void = () => {}): Promise<void> {
  if (await isFresh(root, check)) return;
  await mkdir(join(root, 'out'), { recursive: true });
  await withLock(join(root, 'out/.build.lock'), async () => {
    if (await isFresh(root, check)) return; // someone else built it while we waited
    log('building the app (electron-vite build)…');
    try {
      await run(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`building the app failed:\n${stdout}\n${stderr}`, { cause: error });
    }
  });
}
