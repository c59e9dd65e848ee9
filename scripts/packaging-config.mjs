// electron-builder.yml, loaded and checked against electron-builder's own schema: shared by
// `npm run dist` and the boot test, so what the test checks is what packaging uses.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';

export const PACKAGING_CONFIG = 'electron-builder.yml';

/** The configuration electron-builder would use (its defaults merged in); throws when it is invalid. */
export async function loadPackagingConfig(projectDir = process.cwd()) {
  const config = await getConfig(projectDir, PACKAGING_CONFIG, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

/** Platform → its targets, as configured. */
export function configuredTargets(config) {
  const names = (value) => (Array.isArray(value) ? value : [value]).map((target) => (typeof target === 'string' ? target : target.target));
  return { linux: names(config.linux?.target), mac: names(config.mac?.target), win: names(config.win?.target) };
}
