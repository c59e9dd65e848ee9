#!/usr/bin/env node
// Makes sure Electron's binary is in node_modules/electron before the app starts. Since Electron 42
// the npm package has no install script: the binary comes from the package's own installer
// (`npx install-electron`). We run that installer ourselves:
//   --postinstall  after `npm install`/`npm ci`: try once; without network, say so and succeed
//                  (the library, the CLI and the tests do not need Electron);
//   --require      before `npm start`/`npm run dev`: try again if missing; on failure print one line
//                  naming what is missing and the command that fixes it, and exit 1.
// Fast when the binary is there: two small file reads, no download, no child process.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const mode = process.argv[2];
if (mode !== '--postinstall' && mode !== '--require') {
  console.error('usage: node scripts/electron-binary.mjs --postinstall | --require');
  process.exit(2);
}

/** node_modules/electron of this project, or undefined where it is not installed (a consumer of the library). */
function electronPackage() {
  try {
    return dirname(createRequire(join(process.cwd(), 'package.json')).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/** The binary install.js writes, when it is there and of the package's version (install.js's own test). */
function installedBinary(dir) {
  try {
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (readFileSync(join(dir, 'dist', 'version'), 'utf8').trim().replace(/^v/, '') !== version) return undefined;
    const binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH || join(dir, 'dist'), readFileSync(join(dir, 'path.txt'), 'utf8').trim());
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/** Runs Electron's installer; answers its last error line when it fails. */
function runInstaller(dir, timeoutMs) {
  const result = spawnSync(process.execPath, [join(dir, 'install.js')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
  if (result.status === 0) return undefined;
  if (result.signal) return `no answer within ${Math.round(timeoutMs / 60_000)} minutes`;
  const lines = `${result.stderr ?? ''}\n${result.error?.message ?? ''}`.split('\n').map((line) => line.trim());
  // The installer prints a stack; its first line is the error, the rest is noise for a user.
  return lines.find((line) => line !== '' && !line.startsWith('at ')) ?? `exit code ${result.status}`;
}

const dir = electronPackage();
if (!dir) {
  // Installed as a library (Electron is a devDependency): nothing to do.
  if (mode === '--require') console.error('OpenScraper: the electron package is not installed; run `npm install` in the project first.');
  process.exit(mode === '--require' ? 1 : 0);
}
if (installedBinary(dir)) process.exit(0);
// The convention Electron's old install script honoured: CI and offline machines can opt out.
if (mode === '--postinstall' && process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) process.exit(0);

// A download is about 100 MB; a network that swallows packets must not hang `npm install` forever.
const failure = runInstaller(dir, mode === '--postinstall' ? 5 * 60_000 : 30 * 60_000);
if (!failure && installedBinary(dir)) process.exit(0);

const where = relative(process.cwd(), join(dir, 'dist')) || join(dir, 'dist');
const reason = failure ?? 'the installer did not write it';
if (mode === '--postinstall') {
  console.warn(`OpenScraper: Electron's binary could not be downloaded now (${reason}); the library, CLI and tests work without it. Before \`npm start\`, run \`npx install-electron\` with network access.`);
  process.exit(0);
}
console.error(`OpenScraper: Electron's binary is missing (${where}) and could not be downloaded (${reason}). Fix: run \`npx install-electron\` with network access (or set ELECTRON_MIRROR), then \`npm start\`.`);
process.exit(1);
