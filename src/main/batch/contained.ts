// Writes stay inside the batch folder by where paths lead, not by how they read: a symlink in the
// folder (`o/Story number 1 -> /tmp/outside`) made `{title}/{index}` write /tmp/outside/1.md, though
// the path's text was inside. A folder is made only under an existing folder that resolves inside
// the batch folder, and checked again once made (a link cannot be followed out of it).
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, sep } from 'node:path';

export class OutsideFolderError extends Error {
  override readonly name = 'OutsideFolderError';
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

async function checkInside(realRoot: string, path: string, shown: string): Promise<void> {
  const real = await realpath(path);
  if (!isInside(realRoot, real)) throw new OutsideFolderError(`refusing to write outside the batch folder: ${shown} leads to ${real}`);
}

/** Makes `dir` (inside `root`) if it is missing, refusing when it, or any folder on the way, leads out of `root`. */
export async function makeContainedDirectory(root: string, dir: string): Promise<void> {
  const realRoot = await realpath(root);
  let existing = dir;
  while (!(await exists(existing))) {
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  await checkInside(realRoot, existing, existing);
  await mkdir(dir, { recursive: true });
  await checkInside(realRoot, dir, dir);
}
