// The CLI the soak runs: dist/lib/cli.js, as `npx openscraper` runs it — built first when missing
// or older than its sources. (Run from source through tsx instead, memory would be tsx's: its
// loader thread and source-mapped stacks add hundreds of MB that users never see.)
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time of any file under `folder`. */
function newest(folder: string): number {
  let latest = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, mtime(join(entry.parentPath, entry.name)));
  }
  return latest;
}

/** The path of the built CLI, building the library first when it is stale. */
export function builtCli(root: string, log: (line: string) => void): string {
  const cli = join(root, 'dist/lib/cli.js');
  const sources = Math.max(newest(join(root, 'src/main')), newest(join(root, 'src/shared')), mtime(join(root, 'scripts/build-lib.mjs')));
  if (mtime(cli) < sources) {
    log('soak: building the CLI (npm run build:lib)…');
    const built = spawnSync(process.execPath, ['scripts/build-lib.mjs'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('building the CLI failed');
  }
  return cli;
}
