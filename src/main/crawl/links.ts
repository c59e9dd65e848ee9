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

/** Elements whose content is never followed: code, templates, fallbacks, drawings. */
const SKIPPED = ['script', 'style', 'template', 'noscript', 'svg'];
/** A tag longer than this is no link anyone clicks (and would cost the attribute checks dear). */
const MAX_TAG_CHARS = 64 * 1024;

/**
 * Absolute http(s) links of the page, in order, without duplicates. One forward scan (no regular
 * expression over the page: an unclosed comment or tag repeated would make one quadratic, and
 * this runs in the batch's own thread): each search starts where the last one ended, and a
 * closing form found missing once is not looked for again.
 */
export function pageLinks(page: ConvertedPage): string[] {
  const html = page.originalHtml.slice(0, 8 * 1024 * 1024);
  const lower = html.toLowerCase();
  const pageUrl = page.source.finalUrl ?? page.source.url;
  const tags: string[] = [];
  let base: string | undefined;
  let commentsClose = true;
  const unclosed = new Set<string>();
  let at = 0;
  while (at < html.length) {
    const open = lower.indexOf('<', at);
    if (open < 0) break;
    if (lower.startsWith('<!--', open)) {
      const end = commentsClose ? lower.indexOf('-->', open + 4) : -1;
      if (end < 0) commentsClose = false;
      at = end < 0 ? open + 4 : end + 3;
      continue;
    }
    const name = /^<([a-z][a-z0-9-]*)/.exec(lower.slice(open, open + 20))?.[1];
    if (name !== undefined && SKIPPED.includes(name)) {
      const close = unclosed.has(name) ? -1 : lower.indexOf(`</${name}`, open + name.length + 1);
      if (close < 0) unclosed.add(name);
      at = close < 0 ? open + name.length + 1 : close + name.length + 2;
      continue;
    }
    if (name !== 'a' && name !== 'link' && name !== 'base') {
      at = open + 1;
      continue;
    }
    const end = lower.indexOf('>', open);
    if (end < 0) break; // no tag ends after this one
    at = end + 1;
    if (end - open > MAX_TAG_CHARS) continue;
    const tag = html.slice(open, end + 1);
    if (name === 'base') base ??= absolute(attribute(tag, 'href') ?? '', pageUrl);
    else tags.push(tag);
  }
  const found = new Set<string>();
  for (const tag of tags) {
    if (found.size >= MAX_LINKS) break;
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const isLink = /^<link/i.test(tag);
    if (isLink ? !rel.includes('next') : rel.includes('nofollow') || HIDDEN.test(tag)) continue;
    const href = attribute(tag, 'href');
    const url = href === undefined ? undefined : absolute(href, base ?? pageUrl);
    if (url !== undefined) found.add(url);
  }
  return [...found];
}
