// Types for packaging-config.mjs (used by the boot test).
import type { Configuration } from 'app-builder-lib';

export declare const PACKAGING_CONFIG: string;
export declare function loadPackagingConfig(projectDir?: string): Promise<Configuration>;
export declare function configuredTargets(config: Configuration): { linux: string[]; mac: string[]; win: string[] };
