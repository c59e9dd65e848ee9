// A generated site for crawl tests, on 127.0.0.1: a home page, 5 sections of 8 pages of 3 details
// each (and a fourth level below), linked in the pages' content; a robots.txt that disallows
// /private/, sets a Crawl-delay and names a sitemap listing pages no link reaches; a Cloudflare-like
// challenge and a soft 404 served with status 200; ETags on sections and pages, Last-Modified on
// details (both honoured with 304); and one template — header, sidebar, footer in plain divs — on
// every page. Version 2 changes three pages and removes one. Every request is logged.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const SECTIONS = 5;
export const PAGES = 8;
export const DETAILS = 3;
export const ORPHANS = 10;
/** Words of the template that no page's own content has. */
export const TEMPLATE_WORDS = ['Quillfeather Supply Co', 'Subscribe to the Quillfeather letter', 'All rights reserved by Quillfeather'];
/** Changed in version 2 (three pages), and removed (answers 404). */
export const CHANGED = ['/section/2/page/3', '/section/4/page/1/detail/2', '/orphan/5'];
export const REMOVED = '/section/1/page/8/detail/3';
export const LAST_MODIFIED = 'Tue, 01 Dec 2026 10:00:00 GMT';

export interface LoggedRequest {
  path: string;
  at: number;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  status: number;
}

export interface CrawlSite {
  base: string;
  url(path: string): string;
  /** 1, or 2 after `version = 2`. */
  version: number;
  requests: LoggedRequest[];
  close(): Promise<void>;
}

export interface CrawlSiteOptions {
  /** robots.txt's Crawl-delay, in seconds. */
  crawlDelay: number;
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The template every page stands in: plain divs, no semantic tags, no class names that say what they are. */
function layout(title: string, content: string): string {
  const menu = [['/', 'Start'], ...Array.from({ length: SECTIONS }, (_, s) => [`/section/${s + 1}`, `Shelf ${s + 1}`])].map(([href, text]) => `<a href="${href}">${text}</a>`).join(' | ');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>
<div class="a1"><div class="a2"><b>${TEMPLATE_WORDS[0]}</b></div><div class="a3">${menu}</div></div>
<div class="b1"><div class="b2">${content}</div>
<div class="b3"><p>${TEMPLATE_WORDS[1]}: one note a month about paper, ink and the care of pens.</p><p>Open Monday to Friday.</p></div></div>
<div class="c1"><p>${TEMPLATE_WORDS[2]}, 2026. Made in a small workshop.</p></div>
</body></html>`;
}

function article(title: string, words: string, links: string[] = []): string {
  const list = links.length > 0 ? `<p>Read on:</p><ul>${links.map((href) => `<li><a href="${href}">${escape(href.split('/').slice(-2).join(' '))} in full</a></li>`).join('')}</ul>` : '';
  return layout(title, `<h1>${escape(title)}</h1><p>${words} This paragraph is the page's own text, long enough to be the content of the page and nothing else.</p>${list}`);
}

export async function startCrawlSite(options: CrawlSiteOptions): Promise<CrawlSite> {
  const requests: LoggedRequest[] = [];
  const sockets = new Set<Socket>();
  const site = { version: 1 };

  const page = (path: string): { html: string; validator: 'etag' | 'last-modified' | 'none' } | undefined => {
    const changed = site.version === 2 && CHANGED.includes(path) ? ' Revised in the second version, with a new paragraph of news.' : '';
    if (site.version === 2 && path === REMOVED) return undefined;
    let match: RegExpExecArray | null;
    if (path === '/') {
      const links = [...Array.from({ length: SECTIONS }, (_, s) => `/section/${s + 1}`), '/private/1', '/private/2', '/challenge', '/missing'];
      return { html: article('Start here', 'Welcome to the shop of fountain pens.', links), validator: 'etag' };
    }
    if ((match = /^\/section\/(\d+)$/.exec(path)) && Number(match[1]) <= SECTIONS) {
      const s = Number(match[1]);
      return { html: article(`Shelf ${s}`, `Shelf number ${s} holds these pens.${changed}`, Array.from({ length: PAGES }, (_, p) => `/section/${s}/page/${p + 1}`)), validator: 'etag' };
    }
    if ((match = /^\/section\/(\d+)\/page\/(\d+)$/.exec(path)) && Number(match[1]) <= SECTIONS && Number(match[2]) <= PAGES) {
      const [s, p] = [match[1], match[2]];
      return { html: article(`Pen ${s}.${p}`, `Pen ${p} of shelf ${s}, described at length.${changed}`, Array.from({ length: DETAILS }, (_, d) => `/section/${s}/page/${p}/detail/${d + 1}`)), validator: 'etag' };
    }
    if ((match = /^\/section\/(\d+)\/page\/(\d+)\/detail\/(\d+)$/.exec(path)) && Number(match[1]) <= SECTIONS && Number(match[2]) <= PAGES && Number(match[3]) <= DETAILS) {
      const [s, p, d] = [match[1], match[2], match[3]];
      return { html: article(`Detail ${s}.${p}.${d}`, `Detail ${d} of pen ${p} on shelf ${s}.${changed}`, [`${path}/more`]), validator: 'last-modified' };
    }
    if ((match = /^\/section\/(\d+)\/page\/(\d+)\/detail\/(\d+)\/more$/.exec(path))) return { html: article(`More ${match[1]}.${match[2]}.${match[3]}`, 'A fourth level, beyond the depth asked for.'), validator: 'none' };
    if ((match = /^\/orphan\/(\d+)$/.exec(path)) && Number(match[1]) <= ORPHANS) return { html: article(`Orphan ${match[1]}`, `A page only the sitemap lists, number ${match[1]}.${changed}`), validator: 'none' };
    if ((match = /^\/private\/(\d+)$/.exec(path))) return { html: article(`Private ${match[1]}`, 'Staff only: robots.txt keeps crawlers out.'), validator: 'none' };
    if (path === '/challenge') {
      return {
        html: `<!doctype html><html><head><title>Just a moment...</title><meta name="robots" content="noindex,nofollow"></head><body><div class="main-wrapper"><div class="main-content"><h1>127.0.0.1</h1><h2>Checking if the site connection is secure</h2><noscript>Enable JavaScript and cookies to continue</noscript></div></div><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8c1"></script></body></html>`,
        validator: 'none',
      };
    }
    if (path === '/missing') return { html: layout('Page not found', '<h1>Page not found</h1><p>Sorry, we could not find that page.</p>'), validator: 'none' };
    return undefined;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, entry: LoggedRequest): void => {
    const host = req.headers.host;
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers });
      res.end(body);
    };
    if (entry.path === '/robots.txt') {
      return send(200, 'text/plain', `User-agent: *\nDisallow: /private/\nCrawl-delay: ${options.crawlDelay}\n\nSitemap: http://${host}/sitemaps/pens.xml\n`);
    }
    if (entry.path === '/sitemaps/pens.xml') {
      const paths = [...Array.from({ length: ORPHANS }, (_, k) => `/orphan/${k + 1}`), '/private/9', '/section/1'];
      return send(200, 'application/xml', `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>http://${host}${p}</loc></url>`).join('')}</urlset>`);
    }
    const found = page(entry.path);
    if (!found) return send(404, 'text/html', '<title>Not Found</title><p>no such page</p>');
    const etag = `"${createHash('sha1').update(found.html).digest('hex').slice(0, 16)}"`;
    if (found.validator === 'etag') {
      if (entry.ifNoneMatch === etag) return send(304, 'text/html', '', { etag });
      return send(200, 'text/html; charset=utf-8', found.html, { etag });
    }
    if (found.validator === 'last-modified') {
      const modified = site.version === 2 && CHANGED.includes(entry.path) ? 'Fri, 04 Dec 2026 10:00:00 GMT' : LAST_MODIFIED;
      if (entry.ifModifiedSince !== undefined && Date.parse(entry.ifModifiedSince) >= Date.parse(modified)) return send(304, 'text/html', '', { 'last-modified': modified });
      return send(200, 'text/html; charset=utf-8', found.html, { 'last-modified': modified });
    }
    return send(200, 'text/html; charset=utf-8', found.html);
  };

  const server = createServer((req, res) => {
    const entry: LoggedRequest = {
      path: new URL(req.url ?? '/', 'http://x').pathname,
      at: performance.now(),
      ifNoneMatch: req.headers['if-none-match'],
      ifModifiedSince: req.headers['if-modified-since'],
      status: 0,
    };
    requests.push(entry);
    answer(req, res, entry);
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
    get version() {
      return site.version;
    },
    set version(value: number) {
      site.version = value;
    },
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The pages a crawl from "/" with --max-depth 3 must write: linked within 3 steps or in the sitemap, allowed, real pages. */
export function expectedPages(): string[] {
  const paths = ['/'];
  for (let s = 1; s <= SECTIONS; s++) {
    paths.push(`/section/${s}`);
    for (let p = 1; p <= PAGES; p++) {
      paths.push(`/section/${s}/page/${p}`);
      for (let d = 1; d <= DETAILS; d++) paths.push(`/section/${s}/page/${p}/detail/${d}`);
    }
  }
  for (let k = 1; k <= ORPHANS; k++) paths.push(`/orphan/${k}`);
  return paths;
}
