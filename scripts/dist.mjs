#!/usr/bin/env node
// `npm run dist [-- <electron-builder options>]`: builds the app, then packages it with
// electron-builder (targets, fuses and files in electron-builder.yml). Without options it packages
// for the current platform. electron-builder downloads Electron's binaries, so it needs network.
// `npm run dist -- --dry-run`: validates the configuration and prints what would be built, offline.
// `npm run dist -- --help`: this, then electron-builder's own options.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PACKAGING_CONFIG, configuredTargets, loadPackagingConfig } from './packaging-config.mjs';

const args = process.argv.slice(2);
const run = (command, commandArgs) => spawnSync(command, commandArgs, { stdio: 'inherit' }).status ?? 1;

const config = await loadPackagingConfig().catch((error) => {
  console.error(`${PACKAGING_CONFIG} is not valid: ${error.message}`);
  process.exit(1);
});
const targets = configuredTargets(config);
const summary = [
  `${config.productName} (${config.appId}), configured in ${PACKAGING_CONFIG}:`,
  `  Linux:   ${targets.linux.join(', ')}`,
  `  macOS:   ${targets.mac.join(', ')}`,
  `  Windows: ${targets.win.join(', ')}`,
  `  fuses:   ${Object.entries(config.electronFuses ?? {}).map(([fuse, on]) => `${fuse}=${on ? 'on' : 'off'}`).join(' ')}`,
  `  output:  ${config.directories?.output ?? 'dist'}/`,
].join('\n');

if (args.includes('--dry-run')) {
  console.log(`${summary}\nDry run: configuration valid; nothing built.`);
  process.exit(0);
}
const builder = createRequire(import.meta.url).resolve('electron-builder/cli.js');
if (args.includes('--help')) {
  console.log(`npm run dist [-- <electron-builder options>]   build, then package\nnpm run dist -- --dry-run                     check the configuration, build nothing\n\n${summary}\n`);
  process.exit(run(process.execPath, [builder, '--help']));
}
const built = run(process.execPath, [join(import.meta.dirname, '../node_modules/electron-vite/bin/electron-vite.js'), 'build']);
if (built !== 0) process.exit(built);
process.exit(run(process.execPath, [builder, '--config', PACKAGING_CONFIG, '--publish', 'never', ...args]));
