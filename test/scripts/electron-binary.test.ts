// scripts/electron-binary.mjs, run as `npm install` (postinstall) and `npm start` (prestart) run it,
// in a throw-away project whose node_modules/electron is a copy of the real package: Electron's own
// installer, on this Node, against a local mirror (a small stand-in zip) or no network at all.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const script = join(root, 'scripts/electron-binary.mjs');
const electronVersion: string = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;

/** A zip archive of stored (uncompressed) files: enough for Electron's extractor. */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the mode below counts
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100755 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

let mirror: Server;
let mirrorUrl: string;
let closedUrl: string;
const requests: string[] = [];
let work: string;

beforeAll(async () => {
  const archive = zip({ electron: '#!/bin/sh\necho stand-in electron\n', version: `v${electronVersion}` });
  const sum = createHash('sha256').update(archive).digest('hex');
  mirror = createServer((request, response) => {
    requests.push(request.url ?? '');
    const name = (request.url ?? '').split('/').pop() ?? '';
    if (/^electron-v[\d.]+-[\w-]+\.zip$/.test(name)) return void response.end(archive);
    if (name === 'SHASUMS256.txt') return void response.end(`${sum} *electron-v${electronVersion}-${process.platform}-${process.arch}.zip\n`);
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((done) => mirror.listen(0, '127.0.0.1', done));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;
  // A port nobody listens on: a connection refused at once, as on a machine without network.
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
  closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
  await new Promise((done) => closed.close(done));
  work = mkdtempSync(join(tmpdir(), 'openscraper-electron-binary-'));
});

afterAll(async () => {
  await new Promise((done) => mirror?.close(done));
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A project with node_modules/electron as npm installs it (no binary); its installer's dependencies are the real ones. */
function project(name: string, withElectron = true): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'node_modules/@electron'), { recursive: true });
  mkdirSync(join(dir, 'node_modules/@electron-internal'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"name":"consumer","private":true}');
  if (!withElectron) return dir;
  cpSync(join(root, 'node_modules/electron'), join(dir, 'node_modules/electron'), { recursive: true, filter: (path) => !/[\\/](dist|node_modules)$/.test(path) && !path.endsWith('path.txt') });
  symlinkSync(join(root, 'node_modules/@electron/get'), join(dir, 'node_modules/@electron/get'), 'dir');
  symlinkSync(join(root, 'node_modules/@electron-internal/extract-zip'), join(dir, 'node_modules/@electron-internal/extract-zip'), 'dir');
  return dir;
}

function run(dir: string, mode: string, mirrorAt: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_MIRROR: mirrorAt, electron_use_remote_checksums: '1', electron_config_cache: join(dir, 'cache') };
  delete env.ELECTRON_OVERRIDE_DIST_PATH;
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  return new Promise((done) => execFile(process.execPath, [script, mode], { cwd: dir, env, timeout: 60_000 }, (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })));
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('the Electron binary, before `npm start`', () => {
  it('without network: one line naming the missing binary and the command that fixes it, exit 1, no stack trace', async () => {
    const dir = project('offline');
    const result = await run(dir, '--require', closedUrl);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain("Electron's binary is missing (node_modules/electron/dist)");
    expect(result.stderr).toContain('npx install-electron');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('without network, after `npm install`: one warning, and the install still succeeds', async () => {
    const result = await run(project('offline-install'), '--postinstall', closedUrl);
    expect(result.code).toBe(0);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain('npx install-electron');
  });

  it("downloads it with Electron's own installer on this Node, then finds it again without any request", async () => {
    const dir = project('online');
    const first = await run(dir, '--require', mirrorUrl);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(existsSync(join(dir, 'node_modules/electron/dist/electron'))).toBe(true);
    expect(requests.some((url) => url.endsWith('.zip'))).toBe(true);
    const seen = requests.length;
    const again = await run(dir, '--require', mirrorUrl);
    expect(again.code).toBe(0);
    expect(requests.length).toBe(seen);
  });

  it('does nothing where Electron is not installed (the package used as a library)', async () => {
    const result = await run(project('library', false), '--postinstall', closedUrl);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
