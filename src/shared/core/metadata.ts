// Page metadata from what the page declares: <title>, <meta> (plain, Open Graph, Twitter,
// Dublin Core), <link rel=canonical>, <html lang> and JSON-LD. Read before cleaning, since
// cleaning removes the JSON-LD <script>s.
//
// Title, author and date come from the most specific statement first: the JSON-LD of the article
// (it names the writer; a plain `<meta name="author">` often names the publisher), then Open Graph
// and `article:*`, then plain <meta>, then the page itself (<title>, <h1>, a rel=author link).
import { collectElements, type Document, type Element, textOf } from './dom/nodes';
import { hasToken } from './dom/query';
import { cutAt, squeeze, toWellFormed } from './text';
import type { Metadata } from './types';
import { resolveUrl } from './urls';

const MAX_FIELD = 2000;
const MAX_JSON_LD = 1_000_000;

interface Collected {
  meta: Map<string, string>;
  title: string | null;
  h1: string | null;
  canonical: string | null;
  lang: string | null;
  bylineLink: string | null;
  jsonLd: Record<string, unknown>[];
}

function clean(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = squeeze(toWellFormed(value));
  if (text === '') return undefined;
  return text.length > MAX_FIELD ? `${cutAt(text, MAX_FIELD - 1)}…` : text;
}

/** Character references some sites leave in JSON-LD text (WordPress writes `&#8217;`, `&amp;`). */
const NAMED_REFERENCES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', hellip: '…', ndash: '–', mdash: '—',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', pound: '£', euro: '€', copy: '©', reg: '®', trade: '™',
};

function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_REFERENCES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** A JSON-LD text value, references decoded. */
function ldText(value: unknown): string | undefined {
  return typeof value === 'string' ? clean(decodeReferences(value)) : undefined;
}

function collect(document: Document, elements: readonly Element[]): Collected {
  const found: Collected = { meta: new Map(), title: null, h1: null, canonical: null, lang: null, bylineLink: null, jsonLd: [] };
  found.lang = document.documentElement?.getAttribute('lang') ?? null;
  for (const el of elements) {
    switch (el.localName) {
      case 'title':
        if (found.title === null && !isInSvg(el)) found.title = textOf(el);
        break;
      case 'h1':
        if (found.h1 === null) found.h1 = textOf(el);
        break;
      case 'meta': {
        const key = (el.getAttribute('property') ?? el.getAttribute('name') ?? el.getAttribute('http-equiv') ?? el.getAttribute('itemprop'))?.trim().toLowerCase();
        const content = el.getAttribute('content');
        if (key && content !== null && !found.meta.has(key)) found.meta.set(key, content);
        break;
      }
      case 'link':
        if (found.canonical === null && hasToken(el, 'rel', 'canonical')) found.canonical = el.getAttribute('href');
        break;
      case 'a':
        if (found.bylineLink === null && hasToken(el, 'rel', 'author')) found.bylineLink = textOf(el);
        break;
      case 'script':
        if ((el.getAttribute('type') ?? '').trim().toLowerCase() === 'application/ld+json') found.jsonLd.push(...parseJsonLd(textOf(el)));
        break;
    }
  }
  return found;
}

function isInSvg(el: Element): boolean {
  return el.namespaceURI !== 'http://www.w3.org/1999/xhtml';
}

function parseJsonLd(text: string): Record<string, unknown>[] {
  if (text.length > MAX_JSON_LD) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  // Top level may be an object, an array, or an object with a @graph; nothing deeper is needed.
  const items = Array.isArray(data) ? data : [data];
  const out: Record<string, unknown>[] = [];
  for (const item of items) {
    if (item === null || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    out.push(record);
    if (Array.isArray(record['@graph'])) {
      for (const node of record['@graph']) if (node !== null && typeof node === 'object') out.push(node as Record<string, unknown>);
    }
  }
  return out;
}

/** Types that describe the page's article itself (NewsArticle, BlogPosting, ClaimReview, CreativeWorkSeries…). */
const ARTICLE_TYPES = /(?:article|posting|review|report|recipe|howto|qapage|creativework\w*)$/i;
const PAGE_TYPES = /^(?:webpage|itempage|aboutpage|profilepage|collectionpage)$/i;

function types(item: Record<string, unknown>): string[] {
  const type = item['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/#:]/, ''));
}

/** Every JSON-LD node, with `mainEntity` objects too, and a lookup of those with an `@id`. */
function ldNodes(items: readonly Record<string, unknown>[]): { nodes: Record<string, unknown>[]; byId: Map<string, Record<string, unknown>> } {
  const nodes: Record<string, unknown>[] = [];
  const byId = new Map<string, Record<string, unknown>>();
  for (const item of items) {
    nodes.push(item);
    const main = item.mainEntity;
    for (const entity of Array.isArray(main) ? main : [main]) if (entity !== null && typeof entity === 'object') nodes.push(entity as Record<string, unknown>);
  }
  for (const node of nodes) if (typeof node['@id'] === 'string' && !byId.has(node['@id'])) byId.set(node['@id'], node);
  return { nodes, byId };
}

/** The node that describes the article: an article type first, then a web page. */
function articleNode(nodes: readonly Record<string, unknown>[]): Record<string, unknown> | undefined {
  return nodes.find((item) => types(item).some((t) => ARTICLE_TYPES.test(t))) ?? nodes.find((item) => types(item).some((t) => PAGE_TYPES.test(t)));
}

/** Names from a JSON-LD value: a string, a Person or Organization, an `@id` reference, or a list of them. */
function nameOf(value: unknown, byId: ReadonlyMap<string, Record<string, unknown>> = new Map()): string | undefined {
  if (typeof value === 'string') return ldText(value);
  if (Array.isArray(value)) {
    const names = value.map((v) => nameOf(v, byId)).filter((n): n is string => n !== undefined);
    return names.length > 0 ? [...new Set(names)].join(', ') : undefined;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const referenced = typeof record['@id'] === 'string' && record.name === undefined ? byId.get(record['@id']) : undefined;
    return ldText((referenced ?? record).name);
  }
  return undefined;
}

/** The first date, unless it gives only the day and the second gives a time on that same day. */
function mostPrecise(first: string | undefined, second: string | undefined): string | undefined {
  if (first !== undefined && second !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(first) && second.startsWith(`${first}T`)) return second;
  return first ?? second;
}

/** Whether every author named in a JSON-LD value is typed as an organization (a publisher, not a writer). */
function onlyOrganizations(value: unknown, byId: ReadonlyMap<string, Record<string, unknown>>): boolean {
  const list = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && typeof v === 'object') as Record<string, unknown>[];
  if (list.length === 0 || list.length !== (Array.isArray(value) ? value.length : 1)) return false;
  return list.every((item) => {
    const node = typeof item['@id'] === 'string' && item['@type'] === undefined ? (byId.get(item['@id']) ?? item) : item;
    return types(node).some((t) => /organization|corporation|newsmediaorganization/i.test(t));
  });
}

function notUrl(value: string | undefined): string | undefined {
  return value !== undefined && /^https?:\/\//i.test(value) ? undefined : value;
}

/** `elements`: the document's elements in order, when the caller has them already. */
export function extractMetadata(document: Document, pageUrl?: string, elements: readonly Element[] = collectElements(document)): Metadata {
  const found = collect(document, elements);
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const value = clean(found.meta.get(key));
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const { nodes, byId } = ldNodes(found.jsonLd);
  const article = articleNode(nodes);
  const ld = (key: string) => (article === undefined ? undefined : article[key]);
  const site = nodes.find((item) => types(item).includes('WebSite'));

  const canonical = found.canonical ?? found.meta.get('og:url') ?? null;
  const metadata: Metadata = {
    title: ldText(ld('headline')) ?? meta('og:title', 'twitter:title', 'dc.title') ?? clean(found.title) ?? clean(found.h1),
    description: meta('description', 'og:description', 'twitter:description', 'dc.description') ?? ldText(ld('description')),
    // An organization named as author in JSON-LD yields to a writer named elsewhere.
    author: onlyOrganizations(ld('author'), byId)
      ? (notUrl(meta('article:author')) ?? meta('author', 'dc.creator', 'byl', 'parsely-author', 'sailthru.author') ?? clean(found.bylineLink) ?? notUrl(nameOf(ld('author'), byId)))
      : (notUrl(nameOf(ld('author'), byId)) ??
        notUrl(meta('article:author')) ??
        meta('author', 'dc.creator', 'byl', 'parsely-author', 'sailthru.author') ??
        clean(found.bylineLink)),
    published: mostPrecise(
      ldText(ld('datePublished')) ?? ldText(ld('dateCreated')),
      meta('article:published_time', 'og:published_time', 'datepublished', 'date', 'pubdate', 'publish-date', 'dc.date', 'dc.date.issued', 'sailthru.date', 'parsely-pub-date'),
    ),
    canonicalUrl: canonical === null ? undefined : clean(resolveUrl(canonical, pageUrl ?? null)),
    language: clean(found.lang) ?? meta('content-language', 'og:locale', 'dc.language'),
    siteName: meta('og:site_name', 'application-name') ?? nameOf(ld('publisher'), byId) ?? (site ? ldText(site.name) : undefined),
  };
  for (const key of Object.keys(metadata) as Array<keyof Metadata>) if (metadata[key] === undefined) delete metadata[key];
  return metadata;
}
