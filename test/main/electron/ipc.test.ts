// IPC derived from the contract: every channel registered, requests refused from strangers and
// validated before a handler sees them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS, type Handlers } from '../../../src/shared/contract';
import { ipcHandlers } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);
const { registerIpc } = await import('../../../src/main/electron/ipc');

function recordingHandlers(calls: Array<[string, unknown]>): Handlers {
  return Object.fromEntries(CHANNELS.map((channel) => [channel, (request: unknown) => {
    calls.push([channel, request]);
    return { handled: channel };
  }])) as unknown as Handlers;
}

describe('IPC from the contract', () => {
  let calls: Array<[string, unknown]>;
  let unregister: () => void;
  const trusted = { trusted: true };

  beforeEach(() => {
    ipcHandlers.clear();
    calls = [];
    unregister = registerIpc(recordingHandlers(calls), (event) => (event as unknown as typeof trusted).trusted === true);
  });

  it('registers exactly the contract channels, and removes them', () => {
    expect([...ipcHandlers.keys()].sort()).toEqual([...CHANNELS].sort());
    unregister();
    expect(ipcHandlers.size).toBe(0);
  });

  it('refuses a sender that is not the app window, before looking at the request', async () => {
    await expect(ipcHandlers.get('app:info')!({ trusted: false }, undefined)).rejects.toThrow('refused');
    await expect(ipcHandlers.get('page:load')!({}, { requestId: 'x', input: { kind: 'url', url: 'https://example.org/' } })).rejects.toThrow('refused');
    expect(calls).toEqual([]);
  });

  it('refuses invalid requests with a clear message', async () => {
    const load = ipcHandlers.get('page:load')!;
    await expect(load(trusted, null)).rejects.toThrow('page:load: must be an object');
    await expect(load(trusted, { requestId: 'a b', input: { kind: 'url', url: 'x' } })).rejects.toThrow('page:load.requestId: has an invalid format');
    await expect(load(trusted, { requestId: 'a', input: { kind: 'shell', command: 'rm -rf /' } })).rejects.toThrow('page:load.input.kind');
    await expect(load(trusted, { requestId: 'a', input: { kind: 'url', url: 'https://x.org/' }, options: { timeoutMs: 10 ** 9 } })).rejects.toThrow('timeoutMs');
    await expect(load(trusted, { requestId: 'a', input: { kind: 'url', url: 'https://x.org/' }, options: { userAgent: 'a\r\nX-Evil: 1' } })).rejects.toThrow('userAgent');
    await expect(load(trusted, { requestId: 'a', input: { kind: 'file', name: 'a.html', base64: 'not base64!' } })).rejects.toThrow('base64');
    await expect(load(trusted, { requestId: 'a', input: { kind: 'url', url: 'https://x.org/' }, extra: 1 })).rejects.toThrow('unknown field "extra"');
    await expect(ipcHandlers.get('page:convert')!(trusted, { requestId: 'a', pageId: 'p', options: { extraRules: [] } })).rejects.toThrow('unknown field "extraRules"');
    await expect(ipcHandlers.get('settings:set')!(trusted, { key: '../../etc/passwd', value: 'x' })).rejects.toThrow('settings:set.key');
    await expect(ipcHandlers.get('app:info')!(trusted, { anything: 1 })).rejects.toThrow('takes no request');
    expect(calls).toEqual([]);
  });

  it('hands a valid request to its handler, checked and nothing more', async () => {
    const request = { requestId: 'r-1', pageId: 'p-1', options: { rules: { ads: false }, keep: { paths: ['body > nav'] } } };
    expect(await ipcHandlers.get('page:convert')!(trusted, request)).toEqual({ handled: 'page:convert' });
    expect(calls).toEqual([['page:convert', { requestId: 'r-1', pageId: 'p-1', options: { rules: { ads: false }, keep: { paths: ['body > nav'], rules: undefined } } }]]);
  });
});
