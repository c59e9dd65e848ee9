// Exposes the contract's channels, and nothing else, to the renderer. Derived from CHANNELS: a
// new channel needs no change here. Built as CommonJS, as sandboxed preloads require; it imports
// channels.ts alone (no package: a sandboxed preload can load none).
import { contextBridge, ipcRenderer } from 'electron';
import type { Api } from '../shared/contract';
import { CHANNELS } from '../shared/channels';

const api = Object.fromEntries(CHANNELS.map((channel) => [channel, (request: unknown) => ipcRenderer.invoke(channel, request)])) as Api;

contextBridge.exposeInMainWorld('openscraper', api);
