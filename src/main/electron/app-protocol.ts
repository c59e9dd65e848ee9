// The app's own page is served from `app://openscraper/…` (a standard, secure custom scheme), not
// from file:// — Electron's security checklist: file:// pages get privileges no web page should
// have, and any file on disk shares their origin. Only files under the built renderer folder are
// served; everything else is a 404. No Electron import: the handler takes and returns fetch
// Request/Response objects, which is what `protocol.handle` passes and expects.
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'openscraper';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** For `protocol.registerSchemesAsPrivileged`, before the app is ready. */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The file an `app://` URL names inside `root`, or null (another host, a path outside, a bad URL). */
export function appAssetPath(raw: string, root: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  const inside = relative(resolve(root), file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  return file;
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The `protocol.handle('app', …)` handler: GET only, files under `root` only. */
export function appProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const file = appAssetPath(request.url, root);
    if (!file) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { 'content-type': contentTypeOf(file), 'x-content-type-options': 'nosniff' },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
}
