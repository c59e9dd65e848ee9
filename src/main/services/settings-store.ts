// The renderer's persisted settings (zustand persist talks to this through the contract): string
// values by key, in one JSON file written atomically, so the app and the web bridge both remember
// them. Without a file it keeps them in memory (tests, throwaway sessions).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const MAX_KEYS = 64;
const MAX_TOTAL_CHARS = 4 * 1024 * 1024;

export class SettingsStore {
  /** Loaded once: every caller awaits the same load, so calls apply in the order they were made. */
  private values: Promise<Map<string, string>> | null = null;
  private writing: Promise<void> = Promise.resolve();

  /** `file`: where to keep them; undefined keeps them in memory only. */
  constructor(private readonly file?: string) {}

  async get(key: string): Promise<string | null> {
    return (await this.load()).get(key) ?? null;
  }

  async set(key: string, value: string | null): Promise<void> {
    const values = await this.load();
    if (value === null) values.delete(key);
    else {
      if (!values.has(key) && values.size >= MAX_KEYS) throw new Error(`settings: more than ${MAX_KEYS} keys`);
      values.set(key, value);
      let total = 0;
      for (const v of values.values()) total += v.length;
      if (total > MAX_TOTAL_CHARS) {
        values.delete(key);
        throw new Error('settings: too large');
      }
    }
    await this.save(values);
  }

  private load(): Promise<Map<string, string>> {
    this.values ??= this.read();
    return this.values;
  }

  private async read(): Promise<Map<string, string>> {
    const values = new Map<string, string>();
    if (this.file) {
      try {
        const data: unknown = JSON.parse(await readFile(this.file, 'utf8'));
        if (typeof data === 'object' && data !== null) {
          for (const [key, value] of Object.entries(data)) if (typeof value === 'string') values.set(key, value);
        }
      } catch {
        // Missing or damaged: start from the defaults rather than refuse to start.
      }
    }
    return values;
  }

  private save(values: Map<string, string>): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    const json = JSON.stringify(Object.fromEntries(values));
    // One write at a time, in order; each goes to a temporary file renamed over the old one.
    this.writing = this.writing.catch(() => undefined).then(async () => {
      await mkdir(dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, json, { encoding: 'utf8', mode: 0o600 });
      await rename(temporary, file);
    });
    return this.writing;
  }
}
