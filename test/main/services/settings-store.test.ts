// Settings survive a restart, are written whole or not at all, and a damaged file is no crash.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../src/main/services/settings-store';

describe('the settings store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'openscraper-settings-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps values across instances, in one JSON file, and forgets removed keys', async () => {
    const file = join(dir, 'nested', 'settings.json');
    const store = new SettingsStore(file);
    await store.set('theme', '"dark"');
    await store.set('layout', '{"a":1}');
    await store.set('layout', null);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ theme: '"dark"' });
    expect(await new SettingsStore(file).get('theme')).toBe('"dark"');
    expect(await new SettingsStore(file).get('layout')).toBeNull();
  });

  it('writes in order when calls overlap', async () => {
    const file = join(dir, 'settings.json');
    const store = new SettingsStore(file);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set('n', String(i))));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ n: '19' });
  });

  it('starts from nothing when the file is damaged or not an object of strings', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, '{ not json');
    expect(await new SettingsStore(file).get('theme')).toBeNull();
    await writeFile(file, JSON.stringify({ theme: 42, ok: 'yes' }));
    const store = new SettingsStore(file);
    expect(await store.get('theme')).toBeNull();
    expect(await store.get('ok')).toBe('yes');
  });

  it('refuses to grow without bound', async () => {
    const store = new SettingsStore();
    await expect(store.set('big', 'x'.repeat(5 * 1024 * 1024))).rejects.toThrow('too large');
    expect(await store.get('big')).toBeNull();
    for (let i = 0; i < 64; i++) await store.set(`k${i}`, 'v');
    await expect(store.set('one-more', 'v')).rejects.toThrow('more than 64 keys');
  });
});
