// Which URLs a crawl follows: the start URL's host (by default), under a path prefix, matching the
// include globs (when any) and none of the exclude globs (picomatch; a pattern matches the URL's
// path and query, or the whole URL when it starts with a scheme). Links to files that are not pages
// (images, archives, media, stylesheets, scripts) are never followed.
import picomatch from 'picomatch';

export interface ScopeOptions {
  /** Only URLs whose path starts with this ("/docs/"); default "/", the whole host. */
  prefix?: string;
  include?: readonly string[];
  exclude?: readonly string[];
}

const NOT_PAGES = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|mp[34]|m4[av]|mov|avi|webm|ogg|wav|flac|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|dmg|msi|deb|rpm|apk|iso|css|js|mjs|json|xml|rss|atom|woff2?|ttf|otf|eot|wasm|csv|xlsx?|docx?|pptx?)$/i;

export class CrawlScope {
  readonly host: string;
  readonly prefix: string;
  private readonly include: ((text: string) => boolean) | undefined;
  private readonly exclude: ((text: string) => boolean) | undefined;

  constructor(start: string, options: ScopeOptions = {}) {
    const url = new URL(start);
    this.host = url.host.toLowerCase();
    const prefix = options.prefix?.trim() || '/';
    this.prefix = prefix.startsWith('/') ? prefix : `/${prefix}`;
    this.include = matcher(options.include);
    this.exclude = matcher(options.exclude);
  }

  /** Whether the crawl follows a link to `url` (an absolute, normalised http(s) URL). */
  has(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.host.toLowerCase() !== this.host) return false;
    if (!parsed.pathname.startsWith(this.prefix) || NOT_PAGES.test(parsed.pathname)) return false;
    if (this.include && !this.include(url)) return false;
    return !(this.exclude?.(url) ?? false);
  }
}

/** One test for a list of globs: each matches the path (and query) of a URL, or the whole URL when it names a scheme. */
function matcher(globs: readonly string[] | undefined): ((url: string) => boolean) | undefined {
  if (!globs || globs.length === 0) return undefined;
  const tests = globs.map((glob) => {
    const whole = /^[a-z][a-z0-9+.-]*:\/\//i.test(glob);
    const test = picomatch(glob, { dot: true });
    return (url: URL) => test(whole ? url.href : `${url.pathname}${url.search}`);
  });
  return (text) => {
    const url = new URL(text);
    return tests.some((test) => test(url));
  };
}
