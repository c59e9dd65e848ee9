// The built preload as Electron loads it: a sandboxed preload may require 'electron' and nothing
// else (no package, no other file), so every channel name it exposes must be bundled into it; and
// it passes the menu's commands on, known ones only.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/shared/commands';
import { CHANNELS, COMMAND_EVENT } from '../../../src/shared/contract';
import { ELECTRON_APP, ensureBuilt } from '../../../src/main/web/ensure-renderer';

const root = resolve(import.meta.dirname, '../../..');

describe('the built preload', () => {
  beforeAll(() => ensureBuilt(root, ELECTRON_APP), 300_000);

  it('requires electron alone, exposes exactly the contract\'s channels, and only known menu commands', () => {
    const code = readFileSync(join(root, 'out/preload/index.cjs'), 'utf8');
    const required: string[] = [];
    const exposed: Record<string, Record<string, unknown>> = {};
    const invoked: Array<[string, unknown]> = [];
    const listeners = new Map<string, (event: unknown, value: unknown) => void>();
    const electron = {
      contextBridge: { exposeInMainWorld: (name: string, api: Record<string, unknown>) => (exposed[name] = api) },
      ipcRenderer: {
        invoke: (channel: string, request: unknown) => invoked.push([channel, request]),
        on: (channel: string, listener: (event: unknown, value: unknown) => void) => listeners.set(channel, listener),
        removeListener: (channel: string) => listeners.delete(channel),
      },
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
    expect(Object.keys(exposed)).toEqual(['openscraper', 'openscraperCommands']);
    expect(Object.keys(exposed.openscraper)).toEqual([...CHANNELS]);
    (exposed.openscraper['page:cancel'] as (request: unknown) => void)({ requestId: 'x' });
    expect(invoked).toEqual([['page:cancel', { requestId: 'x' }]]);

    const heard: unknown[] = [];
    const stop = (exposed.openscraperCommands.onCommand as (listener: (command: unknown) => void) => () => void)((command) => heard.push(command));
    const send = listeners.get(COMMAND_EVENT)!;
    send({ sender: 'main' }, COMMANDS[0].id);
    send({ sender: 'main' }, 'rm -rf /');
    expect(heard).toEqual([COMMANDS[0].id]);
    stop();
    expect(listeners.has(COMMAND_EVENT)).toBe(false);
  });
});
