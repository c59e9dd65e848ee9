// Writing a batch's files so a crash never leaves half a file under a real name: the content goes
// to a temporary file in the batch's work folder (same file system), then takes its name in one
// step. Without permission to replace, that step is link() — it fails if the name exists, so a file
// that appeared meanwhile is never overwritten; with permission, rename() replaces atomically.
import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, readdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makeContainedDirectory } from './contained';

export class NameTakenError extends Error {
  override readonly name = 'NameTakenError';
}

/** The batch's own folder inside the output folder: its journal and temporary files. */
export const WORK_DIR = '.openscraper-batch';

export function tempDir(root: string): string {
  return join(root, WORK_DIR, 'tmp');
}

/** Removes temporary files a killed run left behind, and makes sure the folder exists. */
export async function resetTempDir(root: string): Promise<void> {
  const dir = tempDir(root);
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) await rm(join(dir, name), { recursive: true, force: true });
}

const LINK_UNSUPPORTED = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

/**
 * Writes `content` to `target` atomically. `replace: false` refuses to replace an existing file
 * (NameTakenError); `replace: true` replaces it.
 */
export async function writeAtomic(root: string, target: string, content: string | Uint8Array, replace: boolean): Promise<void> {
  // Where the folder really is, not how its path reads: no symlink leads a write out of the batch folder.
  await makeContainedDirectory(root, dirname(target));
  const temp = join(tempDir(root), `${randomBytes(8).toString('hex')}.tmp`);
  await writeFile(temp, content);
  try {
    if (replace) return await rename(temp, target);
    try {
      await link(temp, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') throw new NameTakenError(`${target} exists already`);
      if (!LINK_UNSUPPORTED.has(code)) throw error;
      // A file system without hard links (FAT, some network shares): check, then rename.
      if (await lstat(target).then(() => true, () => false)) throw new NameTakenError(`${target} exists already`);
      return await rename(temp, target);
    }
    await unlink(temp);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
