// `openscraper serve` against a real local site: the status codes and bodies for a page converted,
// a bad URL, a timeout, a page too large, a type that is not a page, an upstream error; options as
// query parameters; POST /convert; the token and the Host check; the concurrency cap; the OpenAPI
// description. The built CLI answers `GET /http://127.0.0.1:PORT/page` with Markdown.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli } from '../../../scripts/soak/built-cli';
import { HTTP_STATUS_BY_CODE } from '../../../src/main/serve/errors';
import { HAS_CHROMIUM, noteMissingChromium } from '../helpers/chromium';
import { type RunningServer, startServer } from '../../../src/main/serve/server';

const ROOT = resolve(import.meta.dirname, '../../..');
noteMissingChromium('serve: the render case');
const ARTICLE = '<!doctype html><html><head><title>Served page</title></head><body><nav><a href="/">Home</a> <a href="/b">Blog</a></nav><main><h1>Served page</h1><p>The text of the page, with <a href="/x">a link</a>.</p><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></main><footer>© site</footer></body></html>';

let site: Server;
let base: string;
let server: RunningServer;
const held = new Set<import('node:http').ServerResponse>();

beforeAll(async () => {
  site = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/page')) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    if (path === '/big') return void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${'x'.repeat(200_000)}</p>`);
    if (path === '/script') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Scripted</title><main><h1>Scripted</h1><p>Static text of the page.</p><div id="out"></div></main><script>setTimeout(() => { document.getElementById("out").innerHTML = "<p id=late>Written by the script, later.</p>"; }, 50)</script>');
    if (path === '/json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
    if (path === '/slow') {
      held.add(res);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end('<p>gone</p>');
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startServer({ port: 0, defaults: { maxBytes: 100_000, timeoutMs: 10_000 } });
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await server?.close();
  site.closeAllConnections();
  await new Promise<void>((done) => site.close(() => done()));
});

interface Answer {
  status: number;
  type: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A raw request (fetch would normalise the path of `/http://…`, and refuses to send a wrong Host). */
function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const target = new URL(url);
    const path = url.slice(target.origin.length);
    const req = request({ host: target.hostname, port: target.port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', fail);
    req.end(init.body);
  });
}

const json = { accept: 'application/json' };

describe('openscraper serve', () => {
  it('answers a page as Markdown, by /?url= and by /<url>', async () => {
    const byQuery = await call(`${server.url}/?url=${encodeURIComponent(`${base}/page`)}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.type).toBe('text/markdown; charset=utf-8');
    expect(byQuery.body).toContain('# Served page');
    expect(byQuery.body).toContain('| a | b |');
    expect(byQuery.body).not.toContain('Blog'); // the site's navigation is noise

    const byPath = await call(`${server.url}/${base}/page?id=7`);
    expect(byPath.status).toBe(200);
    expect(byPath.body).toBe(byQuery.body);
    expect(byPath.headers['content-location']).toBe(`${base}/page?id=7`);
  });

  it('gives the whole result as JSON when asked, and takes options as query parameters', async () => {
    const answer = await call(`${server.url}/?url=${encodeURIComponent(`${base}/page`)}&front-matter&no-boilerplate`, { headers: json });
    expect(answer.status).toBe(200);
    const page = JSON.parse(answer.body);
    expect(page.ok).toBe(true);
    expect(page.input).toBe(`${base}/page`);
    expect(page.result.metadata.title).toBe('Served page');
    expect(page.result.markdown).toMatch(/^---\ntitle: "Served page"\n/);
    expect(page.result.markdown).toContain('Blog'); // no-boilerplate: the navigation stays
    expect(Array.isArray(page.result.removed)).toBe(true);
    expect(page.result.stats.outputBytes).toBeGreaterThan(0);
    expect(Array.isArray(page.result.warnings)).toBe(true);
  });

  it.skipIf(!HAS_CHROMIUM)('renders the page with JavaScript when asked (render)', async () => {
    const answer = await call(`${server.url}/?url=${encodeURIComponent(`${base}/script`)}&render&wait-for=${encodeURIComponent('#late')}`, { headers: json });
    expect(answer.status).toBe(200);
    const page = JSON.parse(answer.body);
    expect(page.source.rendered).toBe(true);
    expect(page.result.markdown).toContain('Written by the script');
    const plain = JSON.parse((await call(`${server.url}/?url=${encodeURIComponent(`${base}/script`)}`, { headers: json })).body);
    expect(plain.result.markdown).not.toContain('Written by the script');
    // wait-for without render is refused, as on the command line.
    expect((await call(`${server.url}/?url=${encodeURIComponent(`${base}/script`)}&wait-for=p`)).status).toBe(400);
  }, 60_000);

  it('answers each failure with its error code and the HTTP status defined for it', async () => {
    const cases: Array<[string, string, number]> = [
      [`/?url=${encodeURIComponent('not a url')}`, 'invalid-input', 400],
      [`/?url=${encodeURIComponent('file:///etc/passwd')}`, 'invalid-input', 400],
      [`/?url=${encodeURIComponent(`${base}/page`)}&bogus=1`, 'invalid-input', 400],
      [`/?url=${encodeURIComponent(`${base}/page`)}&timeout=soon`, 'invalid-input', 400],
      [`/?url=${encodeURIComponent(`${base}/slow`)}&timeout=1`, 'timeout', 504],
      [`/?url=${encodeURIComponent(`${base}/big`)}`, 'too-large', 413],
      [`/?url=${encodeURIComponent(`${base}/json`)}`, 'unsupported-type', 415],
      [`/?url=${encodeURIComponent(`${base}/missing`)}`, 'http-status', 502],
    ];
    for (const [path, code, status] of cases) {
      expect(HTTP_STATUS_BY_CODE[code as keyof typeof HTTP_STATUS_BY_CODE]).toBe(status);
      const answer = await call(`${server.url}${path}`, { headers: json });
      expect([path, answer.status]).toEqual([path, status]);
      const body = JSON.parse(answer.body);
      expect(body.ok).toBe(false);
      expect(body.error.code).toBe(code);
      expect(body.error.message.length).toBeGreaterThan(0);
      // Without asking for JSON: one line of text, the code first.
      const text = await call(`${server.url}${path}`);
      expect(text.status).toBe(status);
      expect(text.type).toBe('text/plain; charset=utf-8');
      expect(text.body).toMatch(new RegExp(`^error ${code}: .+\\n$`));
    }
  }, 60_000);

  it('converts the HTML posted to /convert, within the body limit', async () => {
    const answer = await call(`${server.url}/convert?base-url=${encodeURIComponent('https://example.org/a/')}`, { method: 'POST', headers: { 'content-type': 'text/html' }, body: ARTICLE });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('[a link](https://example.org/x)');
    const small = await startServer({ port: 0, maxBodyBytes: 1000 });
    try {
      const tooLarge = await call(`${small.url}/convert`, { method: 'POST', headers: { 'content-type': 'text/html', ...json }, body: `<p>${'y'.repeat(5000)}</p>` });
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body).error.code).toBe('too-large');
    } finally {
      await small.close();
    }
  });

  it('describes its parameters and errors at /openapi.json, from the same definitions', async () => {
    const answer = await call(`${server.url}/openapi.json`);
    expect(answer.status).toBe(200);
    const doc = JSON.parse(answer.body);
    expect(doc.openapi).toBe('3.1.0');
    const names = doc.paths['/'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['url', 'render', 'article', 'front-matter', 'no-ads', 'keep-rule', 'timeout']));
    expect(doc.paths['/'].get.responses['504'].description).toContain('timeout');
    expect(doc.paths['/'].get.responses['415'].description).toContain('unsupported-type');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/', '/{url}', '/convert']));
  });

  it('refuses a foreign Host without a token, and requests without the token when it has one', async () => {
    const rebound = await call(`${server.url}/?url=${encodeURIComponent(`${base}/page`)}`, { headers: { host: 'evil.example:80' } });
    expect(rebound.status).toBe(403);
    const guarded = await startServer({ port: 0, token: 'a-token-of-sixteen-chars' });
    try {
      const url = `${guarded.url}/?url=${encodeURIComponent(`${base}/page`)}`;
      expect((await call(url)).status).toBe(401);
      expect((await call(url, { headers: { authorization: 'Bearer wrong-token-of-sixteen-c' } })).status).toBe(401);
      expect((await call(url, { headers: { authorization: 'Bearer a-token-of-sixteen-chars' } })).status).toBe(200);
    } finally {
      await guarded.close();
    }
    await expect(startServer({ host: '0.0.0.0', port: 0 })).rejects.toThrow(/needs a token/);
  });

  it('loads a few pages at once and turns away the rest with 429', async () => {
    const capped = await startServer({ port: 0, concurrency: 1, queueLimit: 0, defaults: { timeoutMs: 1500 } });
    try {
      const slow = call(`${capped.url}/?url=${encodeURIComponent(`${base}/slow`)}`);
      await new Promise((wait) => setTimeout(wait, 200));
      const refused = await call(`${capped.url}/?url=${encodeURIComponent(`${base}/page`)}`, { headers: json });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(JSON.parse(refused.body).error.code).toBe('busy');
      expect((await slow).status).toBe(504);
      expect((await call(`${capped.url}/?url=${encodeURIComponent(`${base}/page`)}`)).status).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

describe('the built CLI: openscraper serve', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('answers GET /http://127.0.0.1:PORT/page with Markdown, and stops on SIGTERM', async () => {
    const cli = builtCli(ROOT, () => undefined);
    child = spawn(process.execPath, [cli, 'serve', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const listening = new Promise<string>((done, fail) => {
      child!.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
        if (match) done(match[1]);
      });
      child!.on('exit', () => fail(new Error(`serve exited: ${stderr}`)));
    });
    const url = await listening;
    const answer = await call(`${url}/${base}/page`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/markdown; charset=utf-8');
    expect(answer.body).toContain('# Served page');
    const exited = new Promise<number | null>((done) => child!.on('exit', (code) => done(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('stopped');
  }, 120_000);
});
