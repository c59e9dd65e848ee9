// The contract's channels by name, in a module with no dependencies: the sandboxed preload exposes
// exactly these and may load nothing else. contract.ts checks, at compile time, that its requests
// and responses cover exactly this list. Also the one message main sends unasked (a menu command).
import type { CommandId } from './commands';

export const CHANNELS = [
  'app:info',
  'rules:list',
  'page:load',
  'page:convert',
  'page:cancel',
  'page:progress',
  'export:save',
  'settings:get',
  'settings:set',
  'batch:read-input',
  'batch:choose-folder',
  'batch:start',
  'batch:poll',
  'batch:control',
  'batch:retry',
  'batch:open-folder',
  'batch:current',
  'batch:queue-status',
] as const;

export type Channel = (typeof CHANNELS)[number];

/**
 * The one message main sends the renderer unasked: a command chosen in the desktop app's menu
 * (on this IPC channel; the preload passes on only known command ids).
 */
export const COMMAND_EVENT = 'app:command';

/** What the preload exposes for it, beside the Api (absent in web mode, which has no menu). */
export interface CommandBridge {
  /** Calls `listener` with each command the menu sends; returns the way to stop. */
  onCommand(listener: (command: CommandId) => void): () => void;
}
