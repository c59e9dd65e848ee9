// Plain HTTP loading, through the Scraper as users call it, against the local fixture server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_AGENT, toLoadError } from '../../../src/main/loaders/http';
import type { LoadRequest } from '../../../src/main/loaders/source';
import { Scraper } from '../../../src/main/services/scraper';
import type { Page } from '../../../src/shared/page';
import { converted, failed } from '../helpers/pages';
import { CHARSET_SAMPLES, type CharsetDeclaration, type SampleEncoding, startTestServer, type TestServer } from '../../fixtures/server';

let server: TestServer;
const scraper = new Scraper({ timeoutMs: 10_000 });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await scraper.close();
  await server.close();
});

/** A failed page: no content, a code, a one-line message. */
function expectFailure(page: Page, code: string): void {
  const failure = failed(page);
  expect(failure.error.code).toBe(code);
  expect(failure.error.message).toMatch(/^[^\n]{10,}$/);
  expect(failure).not.toHaveProperty('result');
}

describe('plain HTTP pages', () => {
  it('converts a static page, with links made absolute against its URL', async () => {
    const page = converted(await scraper.scrape(server.url('/static')));
    expect(page.source).toEqual({ url: server.url('/static'), finalUrl: server.url('/static'), status: 200, contentType: 'text/html', encoding: { name: 'utf-8', source: 'header' }, rendered: false });
    const { result } = page;
    expect(result.metadata.title).toBe('Static fixture page');
    expect(result.metadata.author).toBe('Ada Tester');
    expect(result.markdown).toContain('# Static fixture page');
    expect(result.markdown).toContain(`[relative link](${server.base}/relative/link)`);
    expect(page.originalHtml).toContain('<nav>');
    expect(result.removed.some((entry) => entry.tag === 'nav')).toBe(true);
    expect(result.markdown).not.toContain('Copyright footer');
    expect(result.stats.inputBytes).toBe(Buffer.byteLength(page.originalHtml));
  });

  it('sends a browser-like User-Agent by default, and the one given when set', async () => {
    const page = converted(await scraper.scrape(server.url('/headers')));
    expect(page.result.markdown).toContain(`user-agent: ${DEFAULT_USER_AGENT}`);
    expect(DEFAULT_USER_AGENT).toMatch(/^Mozilla\/5\.0 .*Chrome\/\d+/);
    expect(page.result.markdown).toMatch(/accept-encoding: gzip, deflate, br/);
    const custom = converted(await scraper.scrape(server.url('/headers'), { userAgent: 'OpenScraperTest/1.0' }));
    expect(custom.result.markdown).toContain('user-agent: OpenScraperTest/1.0');
  });

  for (const encoding of ['gzip', 'br', 'deflate']) {
    it(`decodes a ${encoding} body`, async () => {
      const page = converted(await scraper.scrape(server.url(`/${encoding}`)));
      expect(page.result.markdown).toContain('This paragraph is served as plain HTML');
    });
  }

  it('leaves the page\'s script-inserted text out (it needs rendering) and says so', async () => {
    const page = converted(await scraper.scrape(server.url('/js-page')));
    expect(page.result.markdown).not.toContain('Only JavaScript writes this sentence');
    expect(page.result.warnings.map((w) => w.code)).toContain('empty-shell');
  });
});

describe('character sets', () => {
  const declarations: CharsetDeclaration[] = ['header', 'meta', 'http-equiv', 'none'];
  const expectedSource: Record<CharsetDeclaration, string> = { header: 'header', meta: 'meta', 'http-equiv': 'meta', none: 'detector' };
  for (const encoding of Object.keys(CHARSET_SAMPLES) as SampleEncoding[]) {
    for (const declaration of declarations) {
      it(`decodes ${encoding} declared in ${declaration === 'none' ? 'no place' : `the ${declaration}`}`, async () => {
        const page = converted(await scraper.scrape(server.url(`/charset/${encoding}/${declaration}`)));
        expect(page.source.encoding?.source).toBe(expectedSource[declaration]);
        expect(page.result.metadata.title).toBe(CHARSET_SAMPLES[encoding].title);
        expect(page.result.markdown).toContain(CHARSET_SAMPLES[encoding].text);
      });
    }
  }

  it('reads the encoding of XHTML from its XML declaration', async () => {
    const page = converted(await scraper.scrape(server.url('/xhtml')));
    expect(page.source).toMatchObject({ contentType: 'application/xhtml+xml', encoding: { name: 'windows-1251', source: 'meta' } });
    expect(page.result.markdown).toContain(CHARSET_SAMPLES['windows-1251'].text);
  });
});

describe('redirects', () => {
  it('follows a chain and reports where it ended', async () => {
    const page = converted(await scraper.scrape(server.url('/redirect/3')));
    expect(page.source).toMatchObject({ url: server.url('/redirect/3'), finalUrl: server.url('/static'), status: 200 });
    expect(page.result.markdown).toContain(`(${server.base}/relative/link)`);
  });

  it('stops at the redirect limit', async () => {
    const page = await scraper.scrape(server.url('/redirect/4'), { maxRedirects: 3 });
    expectFailure(page, 'too-many-redirects');
    expect(failed(page).error.message).toContain('more than 3 redirects');
  });

  it('recognises a loop', async () => {
    const page = await scraper.scrape(server.url('/loop/a'));
    expectFailure(page, 'too-many-redirects');
    expect(failed(page).error.message).toMatch(/^redirect loop: .*\/loop\/a → .*\/loop\/b → .*\/loop\/a$/);
  });

  it('refuses a redirect to a file: URL', async () => {
    const page = await scraper.scrape(server.url('/redirect-to-file'));
    expectFailure(page, 'http-status');
    expect(failed(page).error.message).toContain('file:');
  });
});

describe('failures', () => {
  it.each([404, 500])('turns HTTP %i into an http-status error', async (status) => {
    const page = await scraper.scrape(server.url(`/status/${status}`));
    expectFailure(page, 'http-status');
    expect(page.source.status).toBe(status);
    expect(failed(page).error.message).toContain(String(status));
  });

  it.each(['/slow-headers', '/slow-body'])('gives up on %s at the timeout', async (path) => {
    const started = performance.now();
    const page = await scraper.scrape(server.url(path), { timeoutMs: 500 });
    expectFailure(page, 'timeout');
    expect(failed(page).error.message).toContain('500 ms');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('is cancelled by the caller\'s signal', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const page = await scraper.scrape(server.url('/slow-body'), { signal: controller.signal });
    expectFailure(page, 'cancelled');
  });

  it('reports a reset connection', async () => {
    expectFailure(await scraper.scrape(server.url('/reset')), 'connection');
  });

  it('reports a refused connection', async () => {
    const closed = await startTestServer();
    const url = closed.url('/static');
    await closed.close();
    const page = await scraper.scrape(url);
    expectFailure(page, 'connection');
    expect(failed(page).error.message).toContain('refused');
  });

  it('reports a host that does not resolve', async () => {
    expectFailure(await scraper.scrape('http://no-such-host.invalid/'), 'dns');
  });

  it('reports a TLS failure', async () => {
    // TLS spoken to a plain-HTTP port: the handshake fails.
    const page = await scraper.scrape(server.url('/static').replace('http:', 'https:'));
    expectFailure(page, 'tls');
  });

  it.each(['/huge', '/huge-declared', '/gzip-bomb'])('refuses %s over the size limit', async (path) => {
    const page = await scraper.scrape(server.url(path), { maxBytes: 1024 * 1024 });
    expectFailure(page, 'too-large');
    expect(failed(page).error.message).toContain('1 MiB');
  });

  it.each(['/image.png', '/notes.txt', '/download.bin'])('refuses the content type of %s', async (path) => {
    const page = await scraper.scrape(server.url(path));
    expectFailure(page, 'unsupported-type');
  });

  it('sniffs HTML served without a Content-Type', async () => {
    const page = converted(await scraper.scrape(server.url('/untyped-html')));
    expect(page.result.markdown).toContain('# Static fixture page');
  });
});

describe('toLoadError', () => {
  // Failures a local server cannot provoke, as undici reports them: each gets its own code.
  const request = { url: 'https://example.test/', settings: { timeoutMs: 30_000, connectTimeoutMs: 2000 }, signal: new AbortController().signal, deadline: Infinity } as LoadRequest;
  const failure = (code: string, message = 'failed') => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(message), { code }) });

  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', 'could not connect to example.test within 2 s'],
    ['EAI_AGAIN', 'dns', 'could not resolve the host name example.test (EAI_AGAIN)'],
    ['CERT_HAS_EXPIRED', 'tls', 'TLS failure with example.test: certificate has expired (CERT_HAS_EXPIRED)'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls', 'TLS failure with example.test: certificate has expired (ERR_TLS_CERT_ALTNAME_INVALID)'],
  ])('maps %s to %s', (code, expected, message) => {
    expect(toLoadError(failure(code, 'certificate has expired'), request, request.url)).toMatchObject({ code: expected, message });
  });

  it('reads the code of the first address when connecting failed on several', () => {
    const aggregate = Object.assign(new TypeError('fetch failed'), { cause: { errors: [{ code: 'ECONNREFUSED', message: 'refused' }] } });
    expect(toLoadError(aggregate, request, request.url).code).toBe('connection');
  });
});
