// URLs in the cleaned page: made absolute against the page URL and <base href>, and links that
// would run code (`javascript:`, `vbscript:`) or carry a document (`data:`) dropped, keeping the text.
import type { Document, Element } from './dom/nodes';
import { findDescendant } from './dom/query';
import { imageSource, isPixelDataUrl, isScriptUrl } from './images';

export type DataImagePolicy = 'keep' | 'drop';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const UNSAFE_LINK_SCHEMES = new Set(['javascript', 'vbscript', 'data']);
// Browsers strip leading/trailing C0 controls and spaces, and remove tabs and newlines anywhere,
// before reading a scheme: `java\nscript:` is `javascript:`.
const STRIPPED = /[\t\n\r]/g;

function schemeOf(url: string): string | null {
  const match = SCHEME.exec(url);
  return match === null ? null : match[1].toLowerCase();
}

export function cleanUrlText(raw: string): string {
  return trimC0AndSpace(raw.replace(STRIPPED, ''));
}

/** Without leading and trailing C0 controls and spaces (code units up to U+0020). */
function trimC0AndSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** `raw` resolved against `base`; unchanged when there is no base or it does not parse. */
export function resolveUrl(raw: string, base: string | null): string {
  const url = cleanUrlText(raw);
  if (base === null) return url;
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

function parseAbsolute(url: string | undefined): string | null {
  if (url === undefined || url === '') return null;
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

/** The base URL of the document: its first <base href>, resolved against the page URL. */
export function documentBase(document: Document, pageUrl: string | undefined): string | null {
  const page = parseAbsolute(pageUrl);
  const base = findDescendant(document, (el) => el.localName === 'base' && el.hasAttribute('href'));
  if (base !== null) {
    const candidate = cleanUrlText(base.getAttribute('href')!);
    const scheme = schemeOf(candidate);
    if (scheme === null || !UNSAFE_LINK_SCHEMES.has(scheme)) {
      try {
        return new URL(candidate, page ?? undefined).href;
      } catch {
        // An unusable <base> is ignored, as browsers do.
      }
    }
  }
  return page;
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

export interface UrlRewriteStats {
  unsafeLinks: number;
  dataImages: number;
}

/**
 * Rewrites URLs in place (on the elements of the cleaned DOM; those removed may be included, harmlessly): links and images absolute, unsafe links without their
 * href, `data:` images dropped unless kept, and inline event handlers (`on*`) removed.
 */
export function rewriteUrls(elements: readonly Element[], base: string | null, dataImages: DataImagePolicy): UrlRewriteStats {
  const stats: UrlRewriteStats = { unsafeLinks: 0, dataImages: 0 };
  for (const el of elements) {
    if (el.attrs.length === 0) continue;
    if (el.attrs.some((attr) => attr.name.startsWith('on'))) el.attrs = el.attrs.filter((attr) => !attr.name.startsWith('on'));
    if (el.localName === 'a' || el.localName === 'area') {
      const href = el.getAttribute('href');
      if (href === null) continue;
      const scheme = schemeOf(cleanUrlText(href));
      if (scheme !== null && UNSAFE_LINK_SCHEMES.has(scheme)) {
        el.removeAttribute('href');
        stats.unsafeLinks++;
      } else {
        el.setAttribute('href', resolveUrl(href, base));
      }
    } else if (el.localName === 'img') {
      const src = imageSource(el);
      if (src === null || isScriptUrl(src)) {
        // No source but a placeholder: written as nothing.
        el.removeAttribute('src');
        continue;
      }
      if (schemeOf(cleanUrlText(src)) === 'data') {
        if (dataImages === 'drop' || isPixelDataUrl(src)) {
          el.removeAttribute('src');
          if (dataImages === 'drop') stats.dataImages++;
        } else el.setAttribute('src', src);
        continue;
      }
      const resolved = resolveUrl(src, base);
      // `src="#"` or `src="?"`: the page itself, not an image.
      if (base !== null && withoutFragment(resolved) === withoutFragment(base)) el.removeAttribute('src');
      else el.setAttribute('src', resolved);
    } else if (el.localName === 'base' && base !== null) {
      // Every URL is absolute now; a <base> left in the cleaned page would only mislead.
      el.parentNode?.removeChild(el);
    }
  }
  return stats;
}
