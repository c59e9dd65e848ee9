// The built preload as Electron loads it: a sandboxed preload may require 'electron' and nothing
// else (no package, no other file), so every channel name it exposes must be bundled into it.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../src/shared/contract';
import { ELECTRON_APP, ensureBuilt } from '../../../src/main/web/ensure-renderer';

const root = resolve(import.meta.dirname, '../../..');

describe('the built preload', () => {
  beforeAll(() => ensureBuilt(root, ELECTRON_APP), 300_000);

  it('requires electron alone, and exposes exactly the contract\'s channels', () => {
    const code = readFileSync(join(root, 'out/preload/index.cjs'), 'utf8');
    const required: string[] = [];
    const exposed: Record<string, Record<string, unknown>> = {};
    const invoked: Array<[string, unknown]> = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (name: string, api: Record<string, unknown>) => (exposed[name] = api) },
      ipcRenderer: { invoke: (channel: string, request: unknown) => invoked.push([channel, request]) },
    };
    const module = { exports: {} };
    runInNewContext(code, {
      module,
      exports: module.exports,
      require: (name: string) => {
        required.push(name);
        if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
        return electron;
      },
    });
    expect(required).toEqual(['electron']);
    expect(Object.keys(exposed)).toEqual(['openscraper']);
    expect(Object.keys(exposed.openscraper)).toEqual([...CHANNELS]);
    (exposed.openscraper['page:cancel'] as (request: unknown) => void)({ requestId: 'x' });
    expect(invoked).toEqual([['page:cancel', { requestId: 'x' }]]);
  });
});
