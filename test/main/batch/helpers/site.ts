// A synthetic site on 127.0.0.1 for batch tests and the soak run: tiny pages, and URLs that fail
// in every way the runner must survive (404, 500, a socket held open, a reset connection, a
// redirect loop, a type that is not a page), PDFs (which convert), pages that fail once then work
// (503, 429 with Retry-After), hostile titles, images, and sitemaps (plain, gzipped, an index).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { buildPdf } from '../../../fixtures/pdf';

export type UrlKind = 'page' | 'pdf' | '404' | '500' | 'timeout' | 'reset' | 'loop' | 'type' | 'flaky' | 'limited' | 'titled' | 'images';

export interface PlannedUrl {
  url: string;
  kind: UrlKind;
  /** Whether the batch should end with a file for it. */
  good: boolean;
}

export const FAILING_KINDS: readonly UrlKind[] = ['404', '500', 'timeout', 'reset', 'loop', 'type'];

/** Titles a hostile (or careless) site may send. */
export const HOSTILE_TITLES: readonly string[] = [
  '../../etc/passwd',
  'CON',
  'a/b\\c:d*e?f"g<h>i|',
  '😀'.repeat(300),
  '',
  '\u202Egnp.exe',
  'nul.txt',
  '..',
  '.',
  '   ',
  'Same Title',
  'same title',
  'SAME TITLE',
  'Same Title',
  'trailing dots...',
  'x'.repeat(400),
  'ﬁle ＮＡＭＥ',
  'e\u0301te\u0301',
  'été',
  'tab\tand\nnewline',
];

export interface SiteOptions {
  /** Delay before each page answers, in ms (slows a batch down enough to kill it mid-way). */
  pageDelayMs?: number;
}

export interface Site {
  base: string;
  url(path: string): string;
  /** Requests per path. */
  hits: Map<string, number>;
  /** When (Date.now()) each request to a /flaky/ or /limited/ path came. */
  retryTimes: Map<string, number[]>;
  /** The largest number of requests in progress at once, per path prefix ("/p", "/fail", …). */
  peakInFlight: number;
  close(): Promise<void>;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function html(title: string, body: string): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

function page(n: number): string {
  return html(`Page ${n}`, `<p>This is page number ${n} of the synthetic site, with a little text so the converter has something to keep.</p><ul><li>one</li><li>two</li></ul>`);
}

let pdfCache: Buffer | undefined;
function pdf(): Buffer {
  pdfCache ??= buildPdf({ pages: [[{ text: 'A PDF in the batch', size: 18, x: 72, y: 700 }, { text: 'Its text becomes Markdown too.', size: 11, x: 72, y: 670 }]], info: { Title: 'Batch PDF' } });
  return pdfCache;
}

/** Paths for `count` URLs, `failEvery`-th of them failing (kinds in turn), every `pdfEvery`-th good one a PDF. */
export function planUrls(base: string, count: number, options: { failEvery?: number; pdfEvery?: number; kinds?: readonly UrlKind[] } = {}): PlannedUrl[] {
  const failEvery = options.failEvery ?? 20;
  const pdfEvery = options.pdfEvery ?? 0;
  const kinds = options.kinds ?? FAILING_KINDS;
  const planned: PlannedUrl[] = [];
  let failures = 0;
  for (let n = 1; n <= count; n++) {
    if (failEvery > 0 && n % failEvery === 0) {
      const kind = kinds[failures++ % kinds.length];
      planned.push({ url: `${base}/fail/${kind}/${n}`, kind, good: false });
    } else if (pdfEvery > 0 && n % pdfEvery === 0) planned.push({ url: `${base}/pdf/${n}`, kind: 'pdf', good: true });
    else planned.push({ url: `${base}/p/${n}`, kind: 'page', good: true });
  }
  return planned;
}

export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const hits = new Map<string, number>();
  const retryTimes = new Map<string, number[]>();
  const sockets = new Set<Socket>();
  const held = new Set<ServerResponse>();
  let inFlight = 0;
  const site = { peakInFlight: 0 };

  const answer = (res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };

  const route = (req: IncomingMessage, res: ServerResponse): void => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    if (/^\/(?:flaky|limited)\//.test(path)) retryTimes.set(path, [...(retryTimes.get(path) ?? []), Date.now()]);
    let match: RegExpExecArray | null;
    if ((match = /^\/p\/(\d+)$/.exec(path))) return answer(res, 200, 'text/html; charset=utf-8', page(Number(match[1])));
    if (/^\/pdf\/\d+$/.test(path)) return answer(res, 200, 'application/pdf', pdf());
    if ((match = /^\/titled\/(\d+)$/.exec(path))) {
      const title = HOSTILE_TITLES[Number(match[1])] ?? 'missing';
      return answer(res, 200, 'text/html; charset=utf-8', `<!doctype html><html><head><title>${title.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</title></head><body><p>Hostile title number ${match[1]}.</p></body></html>`);
    }
    if ((match = /^\/images\/(\d+)$/.exec(path))) {
      return answer(res, 200, 'text/html; charset=utf-8', html(`Pictures ${match[1]}`, `<p>Two pictures and a broken one.</p><p><img src="/img/a.png" alt="first"> <img src="/img/b%20c.png" alt="second (b)"> <img src="/img/a.png" alt="again"> <img src="/img/missing.png" alt="gone"></p><pre><code>![not](/img/in-code.png)</code></pre>`));
    }
    if ((match = /^\/img\/(.+)$/.exec(path))) return match[1] === 'missing.png' ? answer(res, 404, 'text/plain', 'no') : answer(res, 200, 'image/png', PNG);
    if ((match = /^\/flaky\/(\d+)$/.exec(path))) return count === 1 ? answer(res, 503, 'text/plain', 'busy') : answer(res, 200, 'text/html', page(Number(match[1])));
    if ((match = /^\/limited\/(\d+)$/.exec(path))) return count === 1 ? answer(res, 429, 'text/plain', 'slow down', { 'retry-after': '1' }) : answer(res, 200, 'text/html', page(Number(match[1])));
    if ((match = /^\/fail\/(\w+)\/(\d+)$/.exec(path))) {
      switch (match[1]) {
        case '404':
          return answer(res, 404, 'text/html', '<p>not here</p>');
        case '500':
          return answer(res, 500, 'text/html', '<p>broken</p>');
        case 'timeout':
          held.add(res);
          res.on('close', () => held.delete(res));
          return; // never answers
        case 'reset':
          return void req.socket.destroy();
        case 'loop':
          return answer(res, 302, 'text/plain', 'moved', { location: `/fail/loop2/${match[2]}` });
        case 'loop2':
          return answer(res, 302, 'text/plain', 'moved', { location: `/fail/loop/${match[2]}` });
        case 'type':
          return answer(res, 200, 'application/json', '{"not":"a page"}');
      }
    }
    if ((match = /^\/sitemap-(\d+)\.xml(\.gz)?$/.exec(path))) {
      const part = Number(match[1]);
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">${Array.from({ length: 50 }, (_, k) => `<url><loc>http://${req.headers.host}/p/${part * 100 + k}?a=1&amp;b=2</loc><image:image><image:loc>http://${req.headers.host}/img/a.png</image:loc></image:image></url>`).join('')}<url><loc><![CDATA[http://${req.headers.host}/p/${part * 100}?a=1&b=2]]></loc></url></urlset>`;
      return match[2] ? answer(res, 200, 'application/gzip', gzipSync(xml)) : answer(res, 200, 'application/xml', xml);
    }
    if (path === '/sitemap.xml') {
      const locs = ['/sitemap-1.xml', '/sitemap-2.xml.gz', '/sitemap.xml', '/sitemap-missing.xml'].map((p) => `<sitemap><loc>http://${req.headers.host}${p}</loc></sitemap>`);
      return answer(res, 200, 'application/xml', `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</sitemapindex>`);
    }
    return answer(res, 404, 'text/plain', 'no such page');
  };

  const server = createServer((req, res) => {
    inFlight++;
    site.peakInFlight = Math.max(site.peakInFlight, inFlight);
    res.on('close', () => inFlight--);
    if (options.pageDelayMs && /^\/p\//.test(req.url ?? '')) setTimeout(() => route(req, res), options.pageDelayMs);
    else route(req, res);
  });
  server.keepAliveTimeout = 1000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    url: (path) => `${base}${path}`,
    hits,
    retryTimes,
    get peakInFlight() {
      return site.peakInFlight;
    },
    close: async () => {
      for (const res of held) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
