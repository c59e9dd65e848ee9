// Exposes the contract's channels, and nothing else, to the renderer. Derived from CHANNELS: a
// new channel needs no change here. Built as CommonJS, as sandboxed preloads require. Besides the
// Api, the menu's commands come through (known command ids only, without Electron's event).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { isCommandId } from '../shared/commands';
import { type Api, CHANNELS, COMMAND_EVENT, type CommandBridge } from '../shared/contract';

const api = Object.fromEntries(CHANNELS.map((channel) => [channel, (request: unknown) => ipcRenderer.invoke(channel, request)])) as Api;

const commands: CommandBridge = {
  onCommand(listener) {
    const forward = (_event: IpcRendererEvent, command: unknown) => {
      if (isCommandId(command)) listener(command);
    };
    ipcRenderer.on(COMMAND_EVENT, forward);
    return () => void ipcRenderer.removeListener(COMMAND_EVENT, forward);
  },
};

contextBridge.exposeInMainWorld('openscraper', api);
contextBridge.exposeInMainWorld('openscraperCommands', commands);
