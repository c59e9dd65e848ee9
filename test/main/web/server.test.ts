// The HTTP bridge: loopback only, our Host only, the token on every request, API calls only as
// JSON from our own origin, validated like IPC; and the built page served with its CSP.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, type Handlers } from '../../../src/shared/contract';
import { startWebServer, staticFile, type WebServer } from '../../../src/main/web/server';
import { authorisedPath, isOwnHost, tokenMatches } from '../../../src/main/web/security';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request, so tests can send what a browser would not (bad Host, no token, …). */
function send(server: WebServer, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const json = { 'Content-Type': 'application/json' };
/** What page:load answers here: a page's shape, nested, with what JSON leaves out or keeps as it is. */
const LOADED = {
  page: { ok: true, source: { url: 'https://e.org/', status: 200, encoding: undefined }, result: { markdown: 'x'.repeat(100_000), removed: [{ index: 0, tag: 'nav' }], metadata: {}, stats: { loss: { links: { dom: 1, markdown: 1 } } } }, originalHtml: '<p>"quoted" \u2028</p>' },
  pageId: 'p-1',
  missing: undefined,
};

describe('the web bridge', () => {
  let dir: string;
  let server: WebServer;
  const calls: Array<[string, unknown]> = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'openscraper-web-'));
    await mkdir(join(dir, 'renderer', 'assets'), { recursive: true });
    await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(join(dir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(dir, 'secret.txt'), 'outside the renderer');
    const handlers = Object.fromEntries(CHANNELS.map((channel) => [channel, (request: unknown) => {
      calls.push([channel, request]);
      if (channel === 'settings:get') throw new Error('store unavailable');
      if (channel === 'page:load') return LOADED;
      return { channel };
    }])) as unknown as Handlers;
    server = await startWebServer({ handlers, rendererDir: join(dir, 'renderer') });
  });

  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 at a random port, with a long random token in the URL', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{32}\/$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it('serves the page only under the token, with its security headers', async () => {
    const page = await send(server, `/${server.token}/`, { headers: { Host: `127.0.0.1:${server.port}` } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await send(server, `/${server.token}/assets/app.js`)).headers['content-type']).toContain('text/javascript');
    expect((await send(server, `/${server.token}`)).status).toBe(308);

    for (const path of ['/', '/index.html', '/assets/app.js', `/${server.token.slice(1)}/`, `/${server.token}x/`, `/x${server.token}/`]) {
      const reply = await send(server, path);
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).not.toContain('app');
    }
  });

  it('refuses other host names (DNS rebinding) whatever the token', async () => {
    for (const host of ['evil.example', `evil.example:${server.port}`, `127.0.0.1:${server.port + 1}`, `[::1]:${server.port}`, `127.0.0.1.nip.io:${server.port}`]) {
      expect((await send(server, `/${server.token}/`, { headers: { Host: host } })).status, host).toBe(403);
    }
    expect((await send(server, `/${server.token}/`, { headers: { Host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('serves nothing outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/assets/%00.js', '/assets/']) {
      const reply = await send(server, `/${server.token}${path}`);
      expect(reply.status, path).toBe(404);
      expect(reply.body).not.toContain('outside');
    }
    // Dot segments are resolved against the root, never above it.
    expect(staticFile('/srv/app', '/../../etc/passwd')).toBe('/srv/app/etc/passwd');
    expect(staticFile('/srv/app', '/%2e%2e/%2e%2e/x')).toBe('/srv/app/x');
    expect(staticFile('/srv/app', '/a%5c..%5c..%5cx')).toBeNull();
    expect(staticFile('/srv/app', '/%E0%A4%A')).toBeNull();
    expect(staticFile('/srv/app', '/')).toBe('/srv/app/index.html');
    expect(staticFile('/srv/app', '/assets/a.js')).toBe('/srv/app/assets/a.js');
  });

  it('answers API calls: JSON from our origin, validated, errors as JSON', async () => {
    const call = (channel: string, body: unknown, headers: Record<string, string> = json) =>
      send(server, `/${server.token}/api/${channel}`, { method: 'POST', headers, body: JSON.stringify(body) });

    const ok = await call('page:cancel', { requestId: 'r1' }, { ...json, Origin: server.origin, 'Sec-Fetch-Site': 'same-origin' });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ ok: true, value: { channel: 'page:cancel' } });
    expect(calls.at(-1)).toEqual(['page:cancel', { requestId: 'r1' }]);
    calls.length = 0;

    const refused = [
      await call('page:cancel', { requestId: 'r1' }, { 'Content-Type': 'text/plain' }), // a cross-site form could send this
      await call('page:cancel', { requestId: 'r1' }, { ...json, Origin: 'https://attacker.example' }),
      await call('page:cancel', { requestId: 'r1' }, { ...json, 'Sec-Fetch-Site': 'cross-site' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await send(server, `/${server.token}/api/app:info`)).status).toBe(405);
    expect(calls).toEqual([]);

    const invalid = await call('page:cancel', { requestId: '../x' });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body)).toEqual({ ok: false, error: { name: 'InvalidRequest', message: 'page:cancel.requestId: has an invalid format' } });
    expect(JSON.parse((await call('shell:exec', {})).body).error.message).toContain('unknown channel');
    expect((await send(server, `/${server.token}/api/app:info`, { method: 'POST', headers: json, body: '{not json' })).status).toBe(400);
    expect(calls).toEqual([]);

    const failing = await call('settings:get', { key: 'theme' });
    expect(failing.status).toBe(500);
    expect(JSON.parse(failing.body)).toEqual({ ok: false, error: { name: 'Error', message: 'store unavailable' } });
  });

  it('writes a large answer field by field, as the same JSON one JSON.stringify would write', async () => {
    const reply = await send(server, `/${server.token}/api/page:load`, {
      method: 'POST',
      headers: { ...json, Origin: server.origin, 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ requestId: 'r2', input: { kind: 'url', url: 'https://e.org/' } }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(JSON.stringify({ ok: true, value: LOADED }));
  });

  it('refuses a body over the limit before reading it', async () => {
    const reply = await send(server, `/${server.token}/api/page:load`, { method: 'POST', headers: { ...json, 'Content-Length': String(200 * 1024 * 1024) } });
    expect(reply.status).toBe(413);
  });
});

describe('the gate checks', () => {
  it('compare tokens in constant time and split the path', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abd', 'abc')).toBe(false);
    expect(tokenMatches('ab', 'abc')).toBe(false);
    expect(authorisedPath('/tok/api/x', 'tok')).toBe('/api/x');
    expect(authorisedPath('/tok', 'tok')).toBe('');
    expect(authorisedPath('/tok2/', 'tok')).toBeNull();
    expect(authorisedPath('//tok/', 'tok')).toBeNull();
    expect(isOwnHost('127.0.0.1:8080', 8080)).toBe(true);
    expect(isOwnHost('127.0.0.1.nip.io:8080', 8080)).toBe(false);
    expect(isOwnHost(undefined, 8080)).toBe(false);
  });
});
