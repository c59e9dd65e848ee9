// The contract client: the preload's IPC bridge in the desktop app, HTTP to the local bridge when
// the UI runs in a browser (`npm run web`). Either way the rest of the renderer sees one `Api`.
import { type Api, type Channel, CHANNELS, type RequestOf, type ResponseOf } from '../../shared/contract';

/** Electron prefixes remote errors with "Error invoking remote method 'x': Error: …". */
function cleanMessage(message: string): string {
  return message.replace(/^Error invoking remote method '[^']+': (?:\w*Error: )?/, '');
}

function ipcApi(bridge: Api): Api {
  const wrap = <C extends Channel>(channel: C) => async (request: RequestOf<C>): Promise<ResponseOf<C>> => {
    try {
      return await bridge[channel](request);
    } catch (error) {
      throw new Error(cleanMessage(error instanceof Error ? error.message : String(error)), { cause: error });
    }
  };
  return Object.fromEntries(CHANNELS.map((channel) => [channel, wrap(channel)])) as Api;
}

function httpApi(base: string): Api {
  const call = <C extends Channel>(channel: C) => async (request: RequestOf<C>): Promise<ResponseOf<C>> => {
    const response = await fetch(`${base}api/${channel}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request ?? null),
      credentials: 'omit',
      cache: 'no-store',
      // Settings written as the page closes must still arrive (keepalive allows small bodies only).
      keepalive: channel === 'settings:set',
    });
    const body = (await response.json().catch(() => null)) as { ok: boolean; value?: ResponseOf<C>; error?: { message: string } } | null;
    if (!body) throw new Error(`the local server answered ${response.status}`);
    if (!body.ok) throw new Error(body.error?.message ?? `the local server answered ${response.status}`);
    return body.value as ResponseOf<C>;
  };
  return Object.fromEntries(CHANNELS.map((channel) => [channel, call(channel)])) as Api;
}

/** The page's own folder ("/<token>/"): API calls go under it, so they carry the token too. */
function basePath(): string {
  return window.location.pathname.replace(/[^/]*$/, '');
}

export const api: Api = window.openscraper ? ipcApi(window.openscraper) : httpApi(basePath());
