// IPC derived from the contract: one handler per channel, requests accepted only from the app's
// own window and validated before they reach a handler.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CHANNELS, type Channel, type Handlers, validators } from '../../shared/contract';

export function registerIpc(handlers: Handlers, isTrustedSender: (sender: WebContents) => boolean): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, request: unknown) => {
      if (!isTrustedSender(event.sender)) throw new Error(`IPC ${channel} refused: not from the app window`);
      const valid = validators[channel](request);
      return (handlers[channel as Channel] as (r: unknown) => unknown)(valid);
    });
  }
}
