// The links a crawl follows from a page: every <a href> of the page as loaded (rendered, when it
// was), but those in what is never content (scripts, templates, comments), links the page hides
// and rel="nofollow" ones; and its <link rel="next"> (a series' next page). Not only those the
// cleaning kept: the default mode removes a site's menus and lists of links, which are how its
// pages are reached (on a site whose pages link each other by such lists, a crawl of the cleaned
// pages alone finds nothing past the start page). Relative links resolve against <base href>.
import type { ConvertedPage } from '../../shared/page';

const MAX_LINKS = 5000;
const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };

function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|lt|gt|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Math.min(0x10ffff, parseInt(lower.slice(2), 16)));
    if (lower.startsWith('#')) return String.fromCodePoint(Math.min(0x10ffff, parseInt(lower.slice(1), 10)));
    return ENTITIES[lower];
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return undefined;
  return decodeAttribute(match[1] ?? match[2] ?? match[3] ?? '');
}

function absolute(href: string, base: string): string | undefined {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const HIDDEN = /\shidden(?:[\s=>/]|$)|aria-hidden\s*=\s*["']?true|style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Absolute http(s) links of the page, in order, without duplicates. */
export function pageLinks(page: ConvertedPage): string[] {
  const html = page.originalHtml.slice(0, 8 * 1024 * 1024).replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template|noscript|svg)\b[\s\S]*?<\/\1\s*>/gi, '');
  const pageUrl = page.source.finalUrl ?? page.source.url;
  const baseHref = /<base\b[^>]*>/i.exec(html);
  const base = (baseHref ? absolute(attribute(baseHref[0], 'href') ?? '', pageUrl) : undefined) ?? pageUrl;
  const found = new Set<string>();
  const add = (href: string | undefined) => {
    if (href === undefined || found.size >= MAX_LINKS) return;
    const url = absolute(href, base);
    if (url !== undefined) found.add(url);
  };
  for (const match of html.matchAll(/<(a|link)\b[^>]*>/gi)) {
    const tag = match[0];
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    if (match[1].toLowerCase() === 'link') {
      if (rel.includes('next')) add(attribute(tag, 'href'));
    } else if (!rel.includes('nofollow') && !HIDDEN.test(tag)) add(attribute(tag, 'href'));
  }
  return [...found];
}
