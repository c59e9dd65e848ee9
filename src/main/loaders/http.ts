// Pages over HTTP(S) with undici's fetch. Redirects are followed by hand (to count them, catch
// loops, refuse non-HTTP targets and report the final URL); the connect timeout lives in an undici
// Agent, the total one in the request's signal; the body is read with a size limit (after
// gzip/br/deflate decoding, so a compression bomb stops at the limit too).
import { Agent, fetch, type Response } from 'undici';
import { abortError, formatBytes, formatMs, LoadError, type LoadedResource, type LoadRequest, type PageSource } from './source';

/** What a current desktop Chrome sends: some sites refuse or strip pages for unknown agents. */
export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';

const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,application/pdf;q=0.8,*/*;q=0.5';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export class HttpSource implements PageSource {
  readonly name = 'http';

  async load(request: LoadRequest): Promise<LoadedResource> {
    const { settings } = request;
    const agent = new Agent({ connect: { timeout: settings.connectTimeoutMs } });
    const chain = [request.url];
    try {
      for (;;) {
        const current = chain[chain.length - 1];
        const response = await send(current, request, agent);
        const location = response.headers.get('location');
        if (REDIRECT_STATUSES.has(response.status) && location !== null) {
          await discard(response);
          chain.push(nextHop(location, chain, settings.maxRedirects, response.status));
          continue;
        }
        if (response.status < 200 || response.status > 299) {
          await discard(response);
          const reason = `${response.status} ${response.statusText}`.trim();
          throw new LoadError('http-status', `the server answered HTTP ${reason}`, response.status);
        }
        const contentType = response.headers.get('content-type') ?? undefined;
        const body = await readBody(response, settings.maxBytes, request.onBytes);
        return { url: request.url, finalUrl: current, status: response.status, contentType, body, rendered: false, warnings: [] };
      }
    } catch (error) {
      throw toLoadError(error, request, chain[chain.length - 1]);
    } finally {
      agent.destroy().catch(() => undefined);
    }
  }
}

async function send(url: string, request: LoadRequest, agent: Agent): Promise<Response> {
  return fetch(url, {
    redirect: 'manual',
    signal: request.signal,
    dispatcher: agent,
    headers: {
      'user-agent': request.settings.userAgent,
      accept: ACCEPT,
      'accept-language': 'en-US,en;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
    },
  });
}

/** The URL a redirect points to, after checking for loops, the limit and the scheme. */
function nextHop(location: string, chain: readonly string[], maxRedirects: number, status: number): string {
  const from = chain[chain.length - 1];
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new LoadError('http-status', `HTTP ${status} redirect to an invalid address: ${location.slice(0, 200)}`, status);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new LoadError('http-status', `HTTP ${status} redirect to ${next.protocol} refused (only http and https are followed)`, status);
  }
  next.hash = '';
  const target = next.href;
  if (chain.includes(target)) {
    throw new LoadError('too-many-redirects', `redirect loop: ${describeChain([...chain, target])}`);
  }
  if (chain.length > maxRedirects) {
    throw new LoadError('too-many-redirects', `more than ${maxRedirects} redirects (${describeChain([...chain, target])})`);
  }
  return target;
}

function describeChain(chain: readonly string[]): string {
  const shown = chain.length > 4 ? [chain[0], '…', ...chain.slice(-2)] : chain;
  return shown.join(' → ');
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

async function readBody(response: Response, maxBytes: number, onBytes?: LoadRequest['onBytes']): Promise<Uint8Array> {
  const tooLarge = () => new LoadError('too-large', `the response is larger than the limit of ${formatBytes(maxBytes)}`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    throw tooLarge();
  }
  if (response.body === null) return new Uint8Array(0);
  const announced = Number.isFinite(declared) && declared > 0 ? declared : undefined;
  onBytes?.(0, announced);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
    onBytes?.(total, announced);
  }
  return Buffer.concat(chunks, total);
}

const TLS_CODES = /^(?:CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_|HOSTNAME_MISMATCH$)/;

interface ErrorCause {
  code?: string;
  message?: string;
  errors?: ErrorCause[];
}

/** The innermost error code undici reports (a connect failure may wrap one per address). */
function causeOf(error: unknown): ErrorCause {
  let cause = (error as { cause?: ErrorCause } | null)?.cause ?? (error as ErrorCause | null) ?? {};
  if (cause.code === undefined && cause.errors?.[0]) cause = cause.errors[0];
  return cause;
}

/** Any failure while loading → a LoadError with a code and one line for the user. */
export function toLoadError(error: unknown, request: LoadRequest, url: string): LoadError {
  if (error instanceof LoadError) return error;
  if (request.signal.aborted) return abortError(request);
  const cause = causeOf(error);
  const code = cause.code ?? '';
  const host = safeHost(url);
  const detail = (cause.message ?? (error instanceof Error ? error.message : String(error))).split('\n')[0];
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') {
    return new LoadError('dns', `could not resolve the host name ${host} (${code})`);
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new LoadError('timeout', `could not connect to ${host} within ${formatMs(request.settings.connectTimeoutMs)}`);
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new LoadError('timeout', `${host} stopped answering (${code})`);
  }
  if (TLS_CODES.test(code)) {
    // OpenSSL messages carry a library path and codes; the reason is the part after "routines:".
    const reason = /routines:[^:]*:([^:]+)/.exec(detail)?.[1] ?? detail;
    return new LoadError('tls', `TLS failure with ${host}: ${reason} (${code})`);
  }
  if (code === 'ECONNREFUSED') return new LoadError('connection', `${host} refused the connection`);
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') {
    return new LoadError('connection', `the connection to ${host} was reset (${detail})`);
  }
  if (code.startsWith('Z_') || /decompress|incorrect header|invalid (?:block|distance|code)/i.test(detail)) {
    return new LoadError('connection', `the response from ${host} could not be decompressed (${detail})`);
  }
  return new LoadError('connection', `could not load ${url.slice(0, 200)}: ${detail}${code ? ` (${code})` : ''}`);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 100);
  }
}
