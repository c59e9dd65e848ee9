// The main process's implementation of the contract, in plain Node: the Electron IPC layer and
// the HTTP bridge both serve these same handlers.
import { convert } from '../../shared/core';
import type { Handlers } from '../../shared/contract';
import { APP_NAME, APP_VERSION } from '../version';

export function createHandlers(): Handlers {
  return {
    'app:info': () => ({ name: APP_NAME, version: APP_VERSION }),
    'page:convert': ({ html, options }) => convert(html, options),
  };
}
