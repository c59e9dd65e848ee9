// IPC derived from the contract: one handler per channel, requests accepted only from the app's
// own window (its top frame, on the app's page) and validated before they reach a handler.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, type Handlers, validators } from '../../shared/contract';

export class RefusedSender extends Error {
  override readonly name = 'RefusedSender';
}

/** The listener for one channel, apart from ipcMain so a test can call it with a fake event. */
export function channelListener(channel: (typeof CHANNELS)[number], handlers: Handlers, isTrusted: (event: IpcMainInvokeEvent) => boolean) {
  return async (event: IpcMainInvokeEvent, request: unknown): Promise<unknown> => {
    if (!isTrusted(event)) throw new RefusedSender(`IPC ${channel} refused: not from the app window`);
    const valid = validators[channel](request);
    return (handlers[channel] as (r: unknown) => unknown)(valid);
  };
}

export function registerIpc(handlers: Handlers, isTrusted: (event: IpcMainInvokeEvent) => boolean): () => void {
  for (const channel of CHANNELS) ipcMain.handle(channel, channelListener(channel, handlers, isTrusted));
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}
