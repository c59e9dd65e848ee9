// The contract over HTTP, for a browser (and the end-to-end tests) instead of Electron: the same
// handlers as the app, on 127.0.0.1 only, with a random token in every URL, serving the built
// renderer too. POST /<token>/api/<channel> takes the request as JSON and answers
// { ok: true, value } or { ok: false, error: { name, message } }.
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, normalize, resolve, sep } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Handlers, InvalidRequest, LIMITS, validateRequest } from '../../shared/contract';
import { apiCallAllowed, authorisedPath, isLoopbackAddress, isOwnHost, SECURITY_HEADERS } from './security';

export interface WebServerOptions {
  handlers: Handlers;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  token?: string;
}

export interface WebServer {
  /** The page to open, token included. */
  url: string;
  origin: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

/** Largest request body: a pasted or dropped page, base64 and JSON overhead included. */
const MAX_BODY_BYTES = Math.ceil(LIMITS.maxFileBytes / 3) * 4 + 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, body: string | Buffer, type: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, JSON.stringify(value), 'application/json; charset=utf-8');
}

/**
 * `{ ok: true, value }` written field by field, objects inside objects too, yielding to the event
 * loop in between: a loaded page holds tens of megabytes of strings (its Markdown, its cleaned and
 * original HTML), and one JSON.stringify of all of it would stall every other request for seconds.
 */
async function sendValue(response: ServerResponse, value: unknown): Promise<void> {
  response.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8' });
  const write = async (chunk: string) => {
    if (!response.write(chunk)) await once(response, 'drain');
  };
  await write('{"ok":true,"value":');
  await writeJson(value, write, 3);
  await write('}');
  response.end();
}

/** JSON of `value`, a plain object's fields one at a time down to `depth` levels (arrays and the rest at once). */
async function writeJson(value: unknown, write: (chunk: string) => Promise<void>, depth: number): Promise<void> {
  if (depth === 0 || typeof value !== 'object' || value === null || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) {
    await write(JSON.stringify(value) ?? 'null');
    return;
  }
  await write('{');
  let first = true;
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    await write(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    await writeJson(field, write, depth - 1);
    await yieldToEventLoop();
  }
  await write('}');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, 'request too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A file under `root` for a URL path, or null for anything that tries to leave it. */
export function staticFile(root: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = normalize(decoded === '' || decoded === '/' ? '/index.html' : decoded).replace(/^[/\\]+/, '');
  const file = resolve(root, relative);
  return file.startsWith(resolve(root) + sep) ? file : null;
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const root = resolve(options.rendererDir);
  let port = 0;
  let origin = '';

  async function handleApi(channelName: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') throw new HttpError(405, 'use POST');
    if (!apiCallAllowed(request, origin)) throw new HttpError(403, 'forbidden');
    const body = await readBody(request);
    let payload: unknown;
    try {
      payload = body === '' ? undefined : JSON.parse(body);
    } catch {
      throw new InvalidRequest('the body is not JSON');
    }
    const { channel, request: valid } = validateRequest(channelName, payload);
    const value = await (options.handlers[channel] as (r: unknown) => unknown)(valid);
    await sendValue(response, value);
  }

  async function handleStatic(path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'method not allowed');
    const file = staticFile(root, path);
    if (!file) throw new HttpError(404, 'not found');
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
    } catch {
      throw new HttpError(404, 'not found');
    }
    send(response, 200, await readFile(file), CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Refusals say little: whoever lacks the token learns nothing about what is here.
    if (!isLoopbackAddress(request.socket.remoteAddress) || !isOwnHost(request.headers.host, port)) throw new HttpError(403, 'forbidden');
    const { pathname } = new URL(request.url ?? '/', origin);
    const rest = authorisedPath(pathname, token);
    if (rest === null) throw new HttpError(404, 'not found');
    if (rest === '') {
      // "/<token>" → "/<token>/" so the page's relative asset URLs carry the token.
      response.writeHead(308, { ...SECURITY_HEADERS, Location: `/${token}/` });
      response.end();
      return;
    }
    const api = /^\/api\/([\w:-]+)$/.exec(rest);
    if (api) await handleApi(api[1], request, response);
    else await handleStatic(rest, request, response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof HttpError) return sendJson(response, error.status, { ok: false, error: { name: 'HttpError', message: error.message } });
      const invalid = error instanceof InvalidRequest;
      const message = error instanceof Error ? error.message : String(error);
      sendJson(response, invalid ? 400 : 500, { ok: false, error: { name: invalid ? 'InvalidRequest' : 'Error', message } });
    });
  });
  server.requestTimeout = 15 * 60_000;

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/${token}/`,
    origin,
    token,
    port,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

