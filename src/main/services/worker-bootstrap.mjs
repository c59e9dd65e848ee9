// Starts the TypeScript conversion worker in development, tests and `npm run web`: Node 20 ignores
// `--import tsx` in a worker's execArgv, so this registers tsx's loader itself, then imports it.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
