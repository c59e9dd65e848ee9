// Batch folders where no dialog can ask (the web bridge): a sub-folder of the export folder, named
// after what the user typed (sanitised) or after the time, so every batch gets its own.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sanitiseFileName } from '../services/export-writer';

function timestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}.${pad(date.getMinutes())}.${pad(date.getSeconds())}`;
}

/** A chooseFolder for the web bridge: `<exportDir>/<name>`, created if missing. */
export function exportSubfolders(exportDir: string): (suggestedName?: string) => Promise<string> {
  return async (suggestedName) => {
    const name = sanitiseFileName(suggestedName, '', { maxBytes: 100 }) || `batch ${timestamp(new Date())}`;
    const path = join(exportDir, name);
    await mkdir(path, { recursive: true });
    return path;
  };
}
