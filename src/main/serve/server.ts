// `openscraper serve`: the Scraper over HTTP for programs (agents, pipelines, curl). `GET /<url>` and
// `GET /?url=…` answer Markdown (`Accept: application/json`: the whole page, as `openscraper --json`
// prints it), `POST /convert` converts the HTML (or PDF) in the body, `/openapi.json` describes it
// all. Loopback by default, where the Host header must name the server (a web page cannot rebind
// a name onto it); anywhere else a token is required. Pages load a few at a time, a few more wait,
// the rest are told to come back; every failure is the library's error with its HTTP status.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ScrapeOptions } from '../../shared/options/scrape';
import { failedPage, type Page, type ScrapeError, type ScrapeErrorCode } from '../../shared/page';
import { Scraper } from '../services/scraper';
import { UsageError } from '../cli/flags';
import { isLoopbackAddress, tokenMatches } from '../web/security';
import { HTTP_STATUS_BY_CODE } from './errors';
import { openApiDocument } from './openapi';
import { parseQuery } from './query';

export interface ServeOptions {
  /** The address to listen on (default 127.0.0.1). */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Required in `Authorization: Bearer …` (or `?token=`); needed when `host` is not loopback. */
  token?: string;
  /** Pages loaded at once. */
  concurrency?: number;
  /** Requests waiting for a turn; beyond them, 429. */
  queueLimit?: number;
  /** Page options every request starts from (its query parameters come on top). */
  defaults?: ScrapeOptions;
  /** Largest request body (POST /convert), in bytes. */
  maxBodyBytes?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Errors of the server itself, besides the library's. */
type ServeErrorCode = ScrapeErrorCode | 'unauthorized' | 'forbidden' | 'busy' | 'no-route' | 'method';

const SERVER_STATUS: Record<Exclude<ServeErrorCode, ScrapeErrorCode>, number> = { unauthorized: 401, forbidden: 403, busy: 429, 'no-route': 404, method: 405 };

const DEFAULT_MAX_BODY = 20 * 1024 * 1024;

class ServeError extends Error {
  constructor(
    readonly code: ServeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** At most `limit` at once, `queueLimit` waiting; the rest refused. */
class Gate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly queueLimit: number,
  ) {}

  async enter(): Promise<boolean> {
    if (this.active < this.limit) {
      this.active++;
      return true;
    }
    if (this.waiting.length >= this.queueLimit) return false;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return true;
  }

  /** The turn passes to the next one waiting. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

export const isLoopbackHost = (host: string) => host === 'localhost' || isLoopbackAddress(host);

/** The URL in `/<url>`: the whole rest of the request line, its query included (it is the page's). */
function urlInPath(target: string): string | undefined {
  const match = /^\/(https?):\/{1,2}(.*)$/is.exec(target);
  return match ? `${match[1].toLowerCase()}://${match[2]}` : undefined;
}

function checkPageUrl(text: string): string {
  if (!URL.canParse(text)) throw new ServeError('invalid-input', `not a URL: ${text.slice(0, 200)}`);
  const url = new URL(text);
  // Local files and other schemes stay out of reach of whoever can call the server.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ServeError('invalid-input', `only http and https URLs: ${url.protocol}`);
  return url.toString();
}

function wantsJson(req: IncomingMessage): boolean {
  return /\bapplication\/json\b/i.test(req.headers.accept ?? '');
}

async function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new ServeError('too-large', `the body is larger than the limit of ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ServeError('too-large', `the body is larger than the limit of ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...headers });
  res.end(body);
}

function sendError(req: IncomingMessage, res: ServerResponse, error: ScrapeError | { code: ServeErrorCode; message: string }, headers: Record<string, string> = {}, input?: string): void {
  const status = (HTTP_STATUS_BY_CODE as Record<string, number>)[error.code] ?? SERVER_STATUS[error.code as keyof typeof SERVER_STATUS] ?? 500;
  if (wantsJson(req)) send(res, status, 'application/json; charset=utf-8', `${JSON.stringify({ input, ok: false, error })}\n`, headers);
  else send(res, status, 'text/plain; charset=utf-8', `error ${error.code}: ${error.message}\n`, headers);
}

function sendPage(req: IncomingMessage, res: ServerResponse, input: string, page: Page): void {
  if (!page.ok) return sendError(req, res, page.error, {}, input);
  if (wantsJson(req)) return send(res, 200, 'application/json; charset=utf-8', `${JSON.stringify({ input, ...page })}\n`);
  send(res, 200, 'text/markdown; charset=utf-8', page.result.markdown, page.source.finalUrl ? { 'content-location': encodeURI(page.source.finalUrl) } : {});
}

const USAGE = `openscraper serve: web pages to Markdown.
  GET /<url>                 the page's Markdown (Accept: application/json for the whole result)
  GET /?url=<url>&<options>  the same, with options (render, article, front-matter, no-ads, ...)
  POST /convert?<options>    the HTML (or PDF) in the body
  GET /openapi.json          every option and error
`;

export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token;
  if (!isLoopbackHost(host) && !token) throw new Error(`serving on ${host} (not loopback) needs a token`);
  const concurrency = options.concurrency ?? 4;
  const gate = new Gate(concurrency, options.queueLimit ?? concurrency * 8);
  const scraper = new Scraper(options.defaults ?? {});
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  let port = 0;

  const authorised = (req: IncomingMessage, query: URLSearchParams | undefined): void => {
    if (token) {
      const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? query?.get('token') ?? '';
      if (!tokenMatches(given, token)) throw new ServeError('unauthorized', 'a valid token is needed (Authorization: Bearer <token>)');
      return;
    }
    // Without a token only this machine's own clients: a page that points a name at 127.0.0.1 sends its own Host.
    const name = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
    const hostPort = /:(\d+)$/.exec(req.headers.host ?? '')?.[1];
    if (!isLoopbackHost(name) || (hostPort !== undefined && Number(hostPort) !== port)) throw new ServeError('forbidden', `the Host header must name this server (${req.headers.host ?? 'none'})`);
  };

  const convert = async (req: IncomingMessage, res: ServerResponse, input: string, call: (signal: AbortSignal) => Promise<Page>): Promise<void> => {
    if (!(await gate.enter())) throw new ServeError('busy', 'too many requests at once: try again shortly');
    const controller = new AbortController();
    const abort = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.on('close', abort);
    try {
      sendPage(req, res, input, await call(controller.signal));
    } finally {
      res.off('close', abort);
      gate.leave();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = req.url ?? '/';
    const pageInPath = urlInPath(target);
    const parsed = new URL(pageInPath ? '/' : target, 'http://server');
    const query = pageInPath ? undefined : parsed.searchParams;
    authorised(req, query);
    if (req.method === 'GET' && parsed.pathname === '/openapi.json') return send(res, 200, 'application/json; charset=utf-8', `${JSON.stringify(openApiDocument(), null, 2)}\n`);
    if (req.method === 'POST' && parsed.pathname === '/convert') {
      const scrape = parseQuery(query!);
      const body = await readBody(req, maxBody);
      const type = (req.headers['content-type'] ?? 'text/html').split(';')[0].trim().toLowerCase();
      const name = scrape.baseUrl ?? 'POST /convert';
      return convert(req, res, name, (signal) => scraper.scrapeBytes(body, { url: name, contentType: type === 'application/pdf' ? type : 'text/html' }, { ...scrape, signal }));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new ServeError('method', `${req.method} is not served here (GET a page, POST /convert)`);
    if (parsed.pathname !== '/') throw new ServeError('no-route', `nothing at ${parsed.pathname} (GET /<url>, GET /?url=…, POST /convert, GET /openapi.json)`);
    const asked = pageInPath ?? query!.get('url');
    if (asked === null) return send(res, 200, 'text/plain; charset=utf-8', USAGE);
    const scrape = query ? parseQuery(query) : {};
    let url: string;
    try {
      url = checkPageUrl(asked);
    } catch (error) {
      return sendPage(req, res, asked, failedPage(asked, { code: 'invalid-input', message: (error as Error).message }));
    }
    return convert(req, res, asked, (signal) => scraper.scrape(url, { ...scrape, signal }));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof ServeError) return sendError(req, res, { code: error.code, message: error.message }, error.code === 'busy' ? { 'retry-after': '1' } : {});
      if (error instanceof UsageError) return sendError(req, res, { code: 'invalid-input', message: error.message });
      sendError(req, res, { code: 'internal', message: 'unexpected failure' });
    });
  });
  server.headersTimeout = 20_000;
  server.requestTimeout = 0; // a page may take its whole time limit; the Scraper's limit ends it
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await scraper.close();
    },
  };
}
