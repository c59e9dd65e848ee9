// The app's API between the renderer and the main process, defined once. The preload exposes
// exactly these channels, the main process registers a handler for each and validates every
// request; the HTTP bridge (web mode) serves the same channels. Nothing here imports Electron.
import type { ConvertOptions, ConvertResult } from './core/types';

export interface ConvertRequest {
  html: string;
  options?: ConvertOptions;
}

/** Each channel: the request it takes and the response it resolves to. */
export interface Contract {
  'app:info': { request: void; response: { name: string; version: string } };
  'page:convert': { request: ConvertRequest; response: ConvertResult };
}

export type Channel = keyof Contract;
export type RequestOf<C extends Channel> = Contract[C]['request'];
export type ResponseOf<C extends Channel> = Contract[C]['response'];

/** What the renderer calls: one async function per channel. */
export type Api = { [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> };

/** What the main process implements: one handler per channel. */
export type Handlers = { [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C> };

export const CHANNELS: readonly Channel[] = ['app:info', 'page:convert'];

export class InvalidRequest extends Error {
  override readonly name = 'InvalidRequest';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Runtime checks of each channel's request: the main process trusts no payload. */
export const validators: { [C in Channel]: (request: unknown) => RequestOf<C> } = {
  'app:info': () => undefined,
  'page:convert': (request) => {
    if (!isRecord(request) || typeof request.html !== 'string') throw new InvalidRequest('page:convert needs { html: string }');
    if (request.options !== undefined && !isRecord(request.options)) throw new InvalidRequest('page:convert: options must be an object');
    return { html: request.html, options: request.options as ConvertOptions | undefined };
  },
};

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}
