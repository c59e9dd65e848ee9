// What a loaded resource is: HTML (for the core), PDF (for the PDF loader), or something refused.
// The declared type decides when it is specific; an absent or generic one is settled by the bytes.
import { LoadError } from './source';

export type ContentKind = 'html' | 'pdf';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf']);
/** Types servers send when they do not know better: the bytes decide. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown', 'unknown/unknown']);
const XML_TYPES = new Set(['application/xml', 'text/xml']);

/** The media type without parameters, lower-cased ("text/html; charset=x" → "text/html"). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The PDF signature: at the very start, or (`anywhere`) within the first KiB, where PDF readers
 * still accept it after junk bytes.
 */
export function looksLikePdf(bytes: Uint8Array, anywhere = false): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  return anywhere ? head.includes('%PDF-') : head.startsWith('%PDF-');
}

const HTML_START = /^(?:\s|<!--[\s\S]*?-->|<\?xml[^>]*>)*<(?:!doctype\s+html|html|head|body|title|meta|link|script|style|div|p|h[1-6]|table|a|br|b|font|iframe)[\s/>]/i;

/** Markup that starts like an HTML document (after an optional BOM, comments and whitespace). */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(bytes.byteLength - start, 1024)).toString('latin1');
  return HTML_START.test(head);
}

/**
 * Decides how to handle a body. `declared` is the Content-Type (header, or from a file extension);
 * throws an `unsupported-type` LoadError for anything that is neither HTML nor PDF.
 */
export function classifyContent(declared: string | undefined, body: Uint8Array): ContentKind {
  const type = mediaType(declared);
  if (PDF_TYPES.has(type) || looksLikePdf(body, GENERIC_TYPES.has(type))) return 'pdf';
  if (HTML_TYPES.has(type)) return 'html';
  if ((GENERIC_TYPES.has(type) || XML_TYPES.has(type)) && looksLikeHtml(body)) return 'html';
  const what = type === '' ? 'content of unknown type that does not look like HTML or PDF' : `content of type ${type}`;
  throw new LoadError('unsupported-type', `${what} is not supported (only HTML, XHTML and PDF are)`);
}
