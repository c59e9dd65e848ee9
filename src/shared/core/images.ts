// Which URL an <img> really shows. Lazy-loading pages leave `src` empty or a placeholder and keep
// the image in data-* attributes; responsive pages list sizes in `srcset` and in the <source>s of a
// <picture>. The largest candidate of any srcset wins, then a lazy-loading attribute, then `src`.
// Placeholders (a 1×1 pixel, a spacer file, nothing at all) give no source: the image is dropped.
import type { Element } from './dom/nodes';

/** Attributes lazy loaders (lazysizes, lozad, WordPress plugins, jQuery lazyload…) keep one URL in. */
export const LAZY_SOURCE_ATTRIBUTES = [
  'data-src',
  'data-lazy-src',
  'data-lazy',
  'data-original',
  'data-original-src',
  'data-hi-res-src',
  'data-full-src',
  'data-url',
  'data-echo',
  'data-lazyload',
  'data-img-src',
] as const;

/** Attributes that hold a srcset, lazy or not. */
export const SRCSET_ATTRIBUTES = ['srcset', 'data-srcset', 'data-lazy-srcset'] as const;

export interface SrcsetCandidate {
  url: string;
  /** Width descriptor (`640w`), when given. */
  width?: number;
  /** Pixel density descriptor (`2x`); 1 when neither is given. */
  density: number;
}

/**
 * A srcset's candidates, parsed as the HTML standard does: a URL is a run without white space
 * (commas inside it, as in `w_300,h_200`, belong to it); trailing commas end it.
 */
export function parseSrcset(value: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  let i = 0;
  const n = value.length;
  const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < n) {
    while (i < n && (isSpace(value[i]) || value[i] === ',')) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(value[i])) i++;
    let url = value.slice(start, i);
    let descriptors = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const from = i;
      let depth = 0;
      while (i < n && (value[i] !== ',' || depth > 0)) {
        if (value[i] === '(') depth++;
        else if (value[i] === ')') depth = Math.max(0, depth - 1);
        i++;
      }
      descriptors = value.slice(from, i);
    }
    if (url === '') continue;
    const candidate: SrcsetCandidate = { url, density: 1 };
    for (const descriptor of descriptors.trim().split(/\s+/)) {
      const width = /^(\d+)w$/i.exec(descriptor);
      const density = /^(\d+(?:\.\d+)?|\.\d+)x$/i.exec(descriptor);
      if (width !== null) candidate.width = Number(width[1]);
      else if (density !== null) candidate.density = Number(density[1]);
    }
    out.push(candidate);
  }
  return out;
}

/** The largest candidate: by width where given, else by density; the first among equals. */
export function largestCandidate(candidates: readonly SrcsetCandidate[]): SrcsetCandidate | undefined {
  let best: SrcsetCandidate | undefined;
  const size = (c: SrcsetCandidate) => (c.width !== undefined ? c.width * 1e6 : c.density);
  for (const candidate of candidates) {
    // A `1w` candidate is a one-pixel placeholder.
    if (isDataUrl(candidate.url) || isScriptUrl(candidate.url) || (candidate.width !== undefined && candidate.width <= 1)) continue;
    if (best === undefined || size(candidate) > size(best)) best = candidate;
  }
  return best;
}

function isDataUrl(url: string): boolean {
  return /^\s*data:/i.test(url);
}

/** A URL that would run code, however it is spelt (`java\nscript:`): never an image. */
export function isScriptUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers drop controls and spaces before reading a scheme
  return /^(?:javascript|vbscript):/i.test(url.replace(/[\u0000-\u0020]+/g, ''));
}

function usable(value: string | null): value is string {
  return value !== null && value.trim() !== '' && !isDataUrl(value) && !isScriptUrl(value);
}

/**
 * File names that only ever name a placeholder: a spacer GIF, a blank or transparent pixel
 * (`1x1-000000-0.png`), a "loading" image.
 */
const PLACEHOLDER_FILE = [
  /(?:^|\/)(?:1x1|spacer|blank|pixel|transparent)(?:[-_.][^/?#]*)?\.(?:gif|png|svg|webp)(?:[?#]|$)/i,
  /(?:^|\/)(?:clear|empty|placeholder|lazy|lazyload|loading|grey|gray)(?:[-_.]?(?:pixel|gif|px|image|img))?\.(?:gif|png|svg|jpe?g|webp)(?:[?#]|$)/i,
];

export function isPlaceholderFile(url: string): boolean {
  const trimmed = url.trim();
  return PLACEHOLDER_FILE.some((pattern) => pattern.test(trimmed));
}

/** A base64 GIF or PNG `data:` image of at most 1×1 pixels (read from its header). */
export function isPixelDataUrl(url: string): boolean {
  const match = /^\s*data:image\/(gif|png);base64,([A-Za-z0-9+/=\s]{16,})/i.exec(url);
  if (match === null) return false;
  let bytes: string;
  try {
    bytes = atob(match[2].replace(/\s+/g, '').slice(0, 44));
  } catch {
    return false;
  }
  const byte = (i: number) => bytes.charCodeAt(i);
  if (match[1].toLowerCase() === 'gif') {
    if (bytes.length < 10 || !bytes.startsWith('GIF8')) return false;
    return byte(6) + byte(7) * 256 <= 1 && byte(8) + byte(9) * 256 <= 1;
  }
  if (bytes.length < 24 || bytes.slice(1, 4) !== 'PNG') return false;
  const width = ((byte(16) << 24) | (byte(17) << 16) | (byte(18) << 8) | byte(19)) >>> 0;
  const height = ((byte(20) << 24) | (byte(21) << 16) | (byte(22) << 8) | byte(23)) >>> 0;
  return width <= 1 && height <= 1;
}

/** Declared 1×1 (or 0×0): a tracking pixel or a placeholder. */
export function isPixelSized(img: Element): boolean {
  const size = (name: string) => {
    const value = img.getAttribute(name);
    if (value === null) return undefined;
    const number = Number.parseFloat(value);
    return Number.isFinite(number) ? number : undefined;
  };
  const width = size('width');
  const height = size('height');
  return width !== undefined && height !== undefined && width <= 1 && height <= 1;
}

/** Every srcset offered for the image: its own attributes, then its <picture>'s <source>s. */
function srcsets(img: Element): string[] {
  const values: string[] = [];
  for (const name of SRCSET_ATTRIBUTES) {
    const value = img.getAttribute(name);
    if (value !== null && value.trim() !== '') values.push(value);
  }
  const picture = img.parentElement;
  if (picture !== null && picture.localName === 'picture') {
    for (const source of picture.children) {
      if (source.localName !== 'source') continue;
      for (const name of SRCSET_ATTRIBUTES) {
        const value = source.getAttribute(name);
        if (value !== null && value.trim() !== '') values.push(value);
      }
    }
  }
  return values;
}

/**
 * The URL the image shows, as written (not resolved): the largest srcset candidate, a lazy-loading
 * attribute, or `src` unless it is a placeholder file. A `data:` src is returned only when there is
 * nothing else (whether to keep it is the caller's choice). Null: the image has no source.
 */
export function imageSource(img: Element): string | null {
  if (isPixelSized(img)) return null;
  const largest = largestCandidate(srcsets(img).flatMap(parseSrcset).filter((c) => !isPlaceholderFile(c.url)));
  if (largest !== undefined) return largest.url;
  for (const name of LAZY_SOURCE_ATTRIBUTES) {
    const value = img.getAttribute(name);
    if (usable(value) && !isPlaceholderFile(value)) return value;
  }
  const src = img.getAttribute('src');
  if (usable(src)) return isPlaceholderFile(src) ? null : src;
  return src !== null && isDataUrl(src) ? src : null;
}
