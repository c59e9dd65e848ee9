// A sitemap document's <loc> values, read with a streaming XML parser (saxes): linear in the
// document whatever it holds (a pattern over the document took 94 s on 160,000 unclosed <loc>, and as
// long on repeated unclosed comments), and no entity is ever expanded (saxes knows only XML's five
// and character references; a DTD is skipped, its entities undefined). Fed in slices, yielding
// between them, so a 50 MB sitemap never holds up the thread that reads it (the app's main process).
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface ParsedSitemap {
  kind: 'urlset' | 'index';
  locs: string[];
}

export class SitemapFormatError extends Error {
  override readonly name = 'SitemapFormatError';
}

/** Media locations (`<image:loc>` and the like) name files, not pages. */
const FOREIGN_PREFIXES = new Set(['image', 'video', 'news', 'xhtml', 'mobile']);
/** No URL is longer: a longer <loc> is not one. */
const MAX_LOC_CHARS = 8192;
const SLICE_CHARS = 1 << 20;

function split(name: string): { prefix: string | undefined; local: string } {
  const colon = name.indexOf(':');
  return colon === -1 ? { prefix: undefined, local: name } : { prefix: name.slice(0, colon), local: name.slice(colon + 1) };
}

/** Reads one sitemap document; calls `onLoc` for each page (or child sitemap) location, in order. */
export class SitemapReader {
  private readonly parser = new SaxesParser({ xmlns: false, position: false });
  private root: { prefix: string | undefined; kind: 'urlset' | 'index' } | null = null;
  private depth = 0;
  private inLoc = false;
  private loc = '';
  private tooLong = false;
  /** Well-formedness errors met (the reader goes on past them, as far as it can). */
  errors = 0;

  constructor(private readonly onLoc: (loc: string) => void) {
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('closetag', () => this.close());
    this.parser.on('text', (text) => this.text(text));
    this.parser.on('cdata', (text) => this.text(text));
    this.parser.on('error', () => {
      this.errors++;
    });
  }

  get kind(): 'urlset' | 'index' | undefined {
    return this.root?.kind;
  }

  write(chunk: string): void {
    this.parser.write(chunk);
  }

  end(): void {
    this.parser.close();
    if (this.root === null) throw new SitemapFormatError('not a sitemap: no <urlset> or <sitemapindex>');
  }

  private open(tag: SaxesTagPlain): void {
    this.depth++;
    const { prefix, local } = split(tag.name);
    if (this.depth === 1) {
      if (local !== 'urlset' && local !== 'sitemapindex') throw new SitemapFormatError(`not a sitemap: the document is a <${tag.name.slice(0, 40)}>`);
      this.root = { prefix, kind: local === 'urlset' ? 'urlset' : 'index' };
      return;
    }
    if (local !== 'loc' || this.root === null) return;
    // A prefix of its own marks media (<image:loc>); the root's prefix is the sitemap's.
    if (prefix !== undefined && prefix !== this.root.prefix && FOREIGN_PREFIXES.has(prefix.toLowerCase())) return;
    this.inLoc = true;
    this.loc = '';
    this.tooLong = false;
  }

  private close(): void {
    this.depth--;
    if (!this.inLoc) return;
    this.inLoc = false;
    const value = this.loc.trim();
    this.loc = '';
    if (this.tooLong || value === '') return;
    this.onLoc(value);
  }

  private text(text: string): void {
    if (!this.inLoc || this.tooLong) return;
    if (this.loc.length + text.length > MAX_LOC_CHARS) {
      this.tooLong = true;
      this.loc = '';
      return;
    }
    this.loc += text;
  }
}

/** Reads a whole sitemap document, a slice at a time, letting other work run between slices. */
export async function parseSitemapXml(xml: string): Promise<ParsedSitemap> {
  const locs: string[] = [];
  const reader = new SitemapReader((loc) => locs.push(loc));
  for (let at = 0; at < xml.length; at += SLICE_CHARS) {
    reader.write(xml.slice(at, at + SLICE_CHARS));
    if (at + SLICE_CHARS < xml.length) await new Promise((resolve) => setImmediate(resolve));
  }
  reader.end();
  return { kind: reader.kind!, locs };
}
