// Where a worker's or child process's script is: the built file (beside the bundle that starts it,
// or one folder up when that bundle is a shared chunk), else its TypeScript source beside this
// module (development, tests, `npm run web`), which is loaded through tsx.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface EntryFile {
  file: string;
  /** A .ts source: a worker needs the tsx bootstrap, a child process `--import tsx`. */
  typescript: boolean;
}

export function entryFile(name: string, dir: string = import.meta.dirname): EntryFile {
  for (const folder of [dir, dirname(dir)]) {
    const built = join(folder, `${name}.js`);
    if (existsSync(built)) return { file: built, typescript: false };
  }
  const source = join(import.meta.dirname, `${name}.ts`);
  if (existsSync(source)) return { file: source, typescript: true };
  throw new Error(`${name}.js is missing from the build (looked in ${dir})`);
}

/** The bootstrap that registers tsx in a worker thread (Node 20 ignores `--import` there). */
export function tsxWorkerBootstrap(entry: EntryFile): { script: string; workerData: { entry: string } } {
  return { script: join(import.meta.dirname, '../services/worker-bootstrap.mjs'), workerData: { entry: pathToFileURL(entry.file).href } };
}
