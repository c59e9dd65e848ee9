// The contract's channels by name, in a module with no dependencies: the sandboxed preload exposes
// exactly these and may load nothing else. contract.ts checks, at compile time, that its requests
// and responses cover exactly this list.
export const CHANNELS = [
  'app:info',
  'rules:list',
  'page:load',
  'page:convert',
  'page:cancel',
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
] as const;

export type Channel = (typeof CHANNELS)[number];
