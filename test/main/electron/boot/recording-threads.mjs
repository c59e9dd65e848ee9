// node:worker_threads for the built bundle under the boot test: the same module, but every
// Worker it starts is recorded (which file, and whether it was there) before it starts.
import * as threads from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { record } from './electron-stand-in.mjs';

export * from 'node:worker_threads';

export class Worker extends threads.Worker {
  constructor(file, options) {
    const path = file instanceof URL || String(file).startsWith('file:') ? fileURLToPath(file) : String(file);
    (record.workers ??= []).push({ path, existed: existsSync(path) });
    super(file, options);
  }
}

export default { ...threads, Worker };
