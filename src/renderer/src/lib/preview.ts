// The rendered previews show hostile HTML, so: DOMPurify first (no scripts, handlers, forms,
// frames, styles), then a sandboxed iframe document (the component adds sandbox="" — no scripts,
// no popups, no navigation of the app) with its own CSP that blocks remote loads unless the user
// allowed remote images. Links get target=_blank, which the sandbox refuses to open, and leave the
// Tab order, so a preview is one stop for the keyboard, not one per link.
//
// Our own marks go in after sanitising (the page cannot forge them into our CSS's reach by
// anything but a class name, which only moves a scroll position): where the view opens
// (`scroll-initial-target`, no script needed), and the first elements, whose top margins would
// otherwise start each preview at a different height.
import DOMPurify from 'dompurify';

export interface PreviewOptions {
  dark: boolean;
  remoteImages: boolean;
}

/** Previews show at most this much HTML: a 14 MB page in an iframe scrolls at a few frames a second. */
export const PREVIEW_MAX_CHARS = 1024 * 1024;

const purify = DOMPurify(window);
let remoteImages = false;

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'A' || node.tagName === 'AREA' || node.tagName === 'SUMMARY' || node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
  if (node.tagName === 'IMG' && !remoteImages) {
    const src = node.getAttribute('src') ?? '';
    if (!src.startsWith('data:')) {
      node.removeAttribute('src');
      node.setAttribute('data-blocked', '');
      if (!node.getAttribute('alt')) node.setAttribute('alt', '[image]');
    }
  }
});

const SANITIZE = {
  FORBID_TAGS: ['style', 'link', 'meta', 'base', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'frameset', 'object', 'embed', 'portal', 'audio', 'video', 'source', 'track'],
  FORBID_ATTR: ['style', 'srcset', 'ping', 'formaction', 'action', 'background', 'poster', 'contenteditable', 'autofocus'],
  ALLOW_DATA_ATTR: false,
};

/** Sanitised body HTML: what the preview shows. */
export function sanitizeForPreview(html: string, options: Pick<PreviewOptions, 'remoteImages'>): string {
  remoteImages = options.remoteImages;
  return purify.sanitize(html, SANITIZE);
}

/** The start of `html` up to `max` characters, cut before a tag so no tag is split. */
export function capHtml(html: string, max = PREVIEW_MAX_CHARS): { html: string; capped: boolean } {
  if (html.length <= max) return { html, capped: false };
  const cut = html.lastIndexOf('<', max);
  return { html: html.slice(0, cut > max / 2 ? cut : max), capped: true };
}

/** Class names of our marks (odd enough that no page uses them by chance). */
export const MARK = { start: '__os-start', first: '__os-first', flash: '__os-flash' } as const;

export interface PreviewMarks {
  /** Where the view opens: the main content (main, article, h1), or nothing (the top). */
  start?: 'main' | null;
  /** A paragraph holding exactly this text is where the view opens, and the block after it flashes. */
  flashMarker?: string;
}

/** Sanitised body HTML with our marks in. */
export function previewBody(html: string, options: Pick<PreviewOptions, 'remoteImages'> & PreviewMarks): string {
  remoteImages = options.remoteImages;
  const body = purify.sanitize(html, { ...SANITIZE, RETURN_DOM: true });
  for (let el = body.firstElementChild; el !== null; el = el.firstElementChild) el.classList.add(MARK.first);
  // Where the view opens: an empty anchor just above it (the body's padding high), so its first
  // line stands where every preview's first line stands.
  const anchor = body.ownerDocument.createElement('div');
  anchor.className = MARK.start;
  if (options.flashMarker) {
    const marker = [...body.querySelectorAll('p')].find((p) => p.textContent === options.flashMarker);
    if (marker) {
      marker.replaceWith(anchor);
      anchor.nextElementSibling?.classList.add(MARK.flash);
      for (let el = anchor.nextElementSibling; el !== null; el = el.firstElementChild) el.classList.add(MARK.first);
    }
  } else if (options.start === 'main') {
    const main = body.querySelector('main, [role="main"], article, h1');
    if (main && main !== body.firstElementChild) {
      main.before(anchor);
      for (let el: Element | null = main; el !== null; el = el.firstElementChild) el.classList.add(MARK.first);
    }
  }
  return body.innerHTML;
}

export function previewCsp(options: Pick<PreviewOptions, 'remoteImages'>): string {
  const images = options.remoteImages ? 'data: https: http:' : 'data:';
  return `default-src 'none'; style-src 'unsafe-inline'; img-src ${images}; font-src 'none'; media-src 'none'; frame-src 'none'; form-action 'none'; base-uri 'none'`;
}

function previewStyle(dark: boolean): string {
  const [bg, fg, muted, border, code, link, flash] = dark
    ? ['#1b1d23', '#e3e5ea', '#9aa0ab', '#343844', '#252833', '#7fb2ff', 'rgba(80, 210, 130, 0.28)']
    : ['#ffffff', '#1d2027', '#5d6470', '#dde0e6', '#f3f4f7', '#0b5cd6', 'rgba(30, 150, 80, 0.22)'];
  return `
    :root { color-scheme: ${dark ? 'dark' : 'light'}; }
    body:focus { outline: none; }
    body { margin: 0; padding: 14px 18px; background: ${bg}; color: ${fg};
      font: 14px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
    h1, h2, h3, h4 { line-height: 1.25; margin: 1.1em 0 .5em; }
    h1 { font-size: 1.6em; } h2 { font-size: 1.3em; } h3 { font-size: 1.1em; }
    .${MARK.first} { margin-top: 0 !important; }
    .${MARK.start} { scroll-initial-target: nearest; height: 14px; margin: -14px 0 0; }
    .${MARK.flash} { animation: os-flash 2.4s ease-out; border-radius: 4px; }
    @keyframes os-flash { from, 30% { background: ${flash}; box-shadow: 0 0 0 6px ${flash}; } to { background: transparent; box-shadow: 0 0 0 6px transparent; } }
    @media (prefers-reduced-motion: reduce) { .${MARK.flash} { animation: none; background: ${flash}; } }
    a { color: inherit; cursor: default; } a[href] { color: ${link}; }
    img { max-width: 100%; height: auto; }
    /* An inline SVG without a size (a logo, an icon sized by the site's CSS) would fill the width. */
    svg { max-width: 100%; max-height: 16em; }
    svg:not([width]):not([height]) { width: auto; height: 1.5em; }
    img[data-blocked] { display: inline-block; padding: 2px 6px; border: 1px dashed ${border}; color: ${muted}; font-size: 12px; }
    pre, code { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 12.5px; background: ${code}; border-radius: 4px; }
    code { padding: 1px 4px; } pre { padding: 10px 12px; overflow: auto; } pre code { padding: 0; background: none; }
    blockquote { margin: 0; padding: 0 12px; border-left: 3px solid ${border}; color: ${muted}; }
    table { border-collapse: collapse; margin: 12px 0; } th, td { border: 1px solid ${border}; padding: 4px 8px; text-align: left; }
    th { background: ${code}; } hr { border: 0; border-top: 1px solid ${border}; }
  `;
}

/** The whole iframe document for sanitised body HTML. */
export function previewDocument(safeBody: string, options: PreviewOptions): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${previewCsp(options)}"><meta name="referrer" content="no-referrer"><style>${previewStyle(options.dark)}</style></head><body tabindex="0">${safeBody}</body></html>`;
}
