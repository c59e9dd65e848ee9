// Page metadata from what the page declares: <title>, <meta> (plain, Open Graph, Twitter,
// Dublin Core), <link rel=canonical>, <html lang> and JSON-LD. Read before cleaning, since
// cleaning removes the JSON-LD <script>s.
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

const ARTICLE_TYPES = /article|posting|report|webpage|review|recipe|creativework|newsarticle/i;

function types(item: Record<string, unknown>): string[] {
  const type = item['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
}

function nameOf(value: unknown): string | undefined {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) {
    const names = value.map(nameOf).filter((n): n is string => n !== undefined);
    return names.length > 0 ? names.join(', ') : undefined;
  }
  if (value !== null && typeof value === 'object') return clean((value as Record<string, unknown>).name);
  return undefined;
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
  const article = found.jsonLd.find((item) => types(item).some((t) => ARTICLE_TYPES.test(t)));
  const ld = (key: string) => (article === undefined ? undefined : article[key]);
  const site = found.jsonLd.find((item) => types(item).includes('WebSite'));

  const canonical = found.canonical ?? found.meta.get('og:url') ?? null;
  const metadata: Metadata = {
    title: meta('og:title', 'twitter:title') ?? clean(ld('headline')) ?? clean(found.title) ?? clean(found.h1),
    description: meta('description', 'og:description', 'twitter:description', 'dc.description') ?? clean(ld('description')),
    author:
      meta('author', 'dc.creator', 'byl', 'parsely-author', 'sailthru.author') ??
      nameOf(ld('author')) ??
      notUrl(meta('article:author')) ??
      clean(found.bylineLink),
    published:
      meta('article:published_time', 'og:published_time', 'datepublished', 'date', 'pubdate', 'publish-date', 'dc.date', 'dc.date.issued', 'sailthru.date', 'parsely-pub-date') ??
      clean(ld('datePublished')),
    canonicalUrl: canonical === null ? undefined : clean(resolveUrl(canonical, pageUrl ?? null)),
    language: clean(found.lang) ?? meta('content-language', 'og:locale', 'dc.language'),
    siteName: meta('og:site_name', 'application-name') ?? nameOf(ld('publisher')) ?? (site ? clean(site.name) : undefined),
  };
  for (const key of Object.keys(metadata) as Array<keyof Metadata>) if (metadata[key] === undefined) delete metadata[key];
  return metadata;
}
