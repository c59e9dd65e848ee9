// The package's name and version, read once from package.json at build time.
import pkg from '../../package.json' with { type: 'json' };

export const APP_NAME: string = pkg.name;
export const APP_VERSION: string = pkg.version;
