// `npm run web`: starts the bridge and prints the URL to open (token included) on stdout.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

describe('npm run web', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prints http://127.0.0.1:PORT/TOKEN/ and serves the app there, and only there', { timeout: 180_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'openscraper-web-cli-'));
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/main/web/cli.ts', '--export-dir', join(dir, 'out'), '--settings', join(dir, 'settings.json')], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
      });
      expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{32}\/$/);
      const page = await fetch(firstLine);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const url = new URL(firstLine);
      expect((await fetch(`${url.origin}/`)).status).toBe(404);
      const info = await fetch(`${firstLine}api/app:info`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'null' });
      expect(await info.json()).toMatchObject({ ok: true, value: { name: 'openscraper', mode: 'web' } });
      expect(stderr).toContain('Ctrl+C');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
