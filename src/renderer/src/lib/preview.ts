// The rendered previews show hostile HTML, so: DOMPurify first (no scripts, handlers, forms,
// frames, styles), then a sandboxed iframe document (the component adds sandbox="" — no scripts,
// no popups, no navigation of the app) with its own CSP that blocks remote loads unless the user
// allowed remote images. Links get target=_blank, which the sandbox refuses to open.
import DOMPurify from 'dompurify';

export interface PreviewOptions {
  dark: boolean;
  remoteImages: boolean;
}

const purify = DOMPurify(window);
let remoteImages = false;

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG' && !remoteImages) {
    const src = node.getAttribute('src') ?? '';
    if (!src.startsWith('data:')) {
      node.removeAttribute('src');
      node.setAttribute('data-blocked', '');
      if (!node.getAttribute('alt')) node.setAttribute('alt', '[image]');
    }
  }
});

/** Sanitised body HTML: what the preview shows. */
export function sanitizeForPreview(html: string, options: Pick<PreviewOptions, 'remoteImages'>): string {
  remoteImages = options.remoteImages;
  return purify.sanitize(html, {
    FORBID_TAGS: ['style', 'link', 'meta', 'base', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'frameset', 'object', 'embed', 'portal', 'audio', 'video', 'source', 'track'],
    FORBID_ATTR: ['style', 'srcset', 'ping', 'formaction', 'action', 'background', 'poster'],
    ALLOW_DATA_ATTR: false,
  });
}

export function previewCsp(options: Pick<PreviewOptions, 'remoteImages'>): string {
  const images = options.remoteImages ? 'data: https: http:' : 'data:';
  return `default-src 'none'; style-src 'unsafe-inline'; img-src ${images}; font-src 'none'; media-src 'none'; frame-src 'none'; form-action 'none'; base-uri 'none'`;
}

function previewStyle(dark: boolean): string {
  const [bg, fg, muted, border, code, link] = dark
    ? ['#1b1d23', '#e3e5ea', '#9aa0ab', '#343844', '#252833', '#7fb2ff']
    : ['#ffffff', '#1d2027', '#5d6470', '#dde0e6', '#f3f4f7', '#0b5cd6'];
  return `
    :root { color-scheme: ${dark ? 'dark' : 'light'}; }
    body { margin: 0; padding: 14px 18px; background: ${bg}; color: ${fg};
      font: 14px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
    h1, h2, h3, h4 { line-height: 1.25; margin: 1.1em 0 .5em; }
    h1 { font-size: 1.6em; } h2 { font-size: 1.3em; } h3 { font-size: 1.1em; }
    body > :first-child, body > :first-child > :first-child, body > :first-child > :first-child > :first-child { margin-top: 0; }
    a { color: inherit; cursor: default; } a[href] { color: ${link}; }
    img { max-width: 100%; height: auto; }
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
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${previewCsp(options)}"><meta name="referrer" content="no-referrer"><style>${previewStyle(options.dark)}</style></head><body>${safeBody}</body></html>`;
}
