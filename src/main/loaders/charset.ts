// Bytes of an HTML document → text. The encoding comes from, in order: a byte-order mark, the
// Content-Type charset, a <meta charset>/http-equiv (or XML declaration) near the start, then a
// detector (valid UTF-8 first, chardet otherwise). Labels are read as browsers read them, per the
// WHATWG Encoding Standard: "iso-8859-1" means windows-1252, "gb2312" means GBK, UTF-7 and UTF-32
// mean nothing, ISO-2022-KR means the replacement encoding.
import chardet from 'chardet';
import iconv from 'iconv-lite';
import whatwgEncoding from 'whatwg-encoding';

export type EncodingSource = 'bom' | 'header' | 'meta' | 'detector' | 'default';

export interface DecodedHtml {
  html: string;
  /** Canonical name of the encoding used (WHATWG name where there is one). */
  encoding: string;
  source: EncodingSource;
}

/** How far into the document a <meta charset> is looked for. */
export const META_SCAN_BYTES = 4096;
/** How much of the document the detector looks at. */
const DETECT_SAMPLE_BYTES = 64 * 1024;

/**
 * The labels the Encoding Standard maps to its "replacement" encoding: encodings that smuggle ASCII
 * (ISO-2022-KR and friends) and that no browser decodes. A document that declares one decodes to a
 * single U+FFFD, as in a browser.
 */
const REPLACEMENT_LABELS = new Set(['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr', 'replacement']);

/**
 * The encoding a label names, per the WHATWG Encoding Standard (what browsers do), or undefined
 * when it names none. UTF-7 and UTF-32 are not in the standard (`+ADw-script+AD4-` is `<script>`
 * in UTF-7): their labels name nothing, and the page is decoded as if it declared nothing.
 * Node's TextDecoder knows the standard's labels; the few encodings Node's ICU lacks
 * (ISO-8859-16) are looked up in whatwg-encoding's copy of the table and decoded by iconv-lite.
 */
export function resolveEncoding(label: string): string | undefined {
  const trimmed = label.trim().toLowerCase();
  if (trimmed === '' || trimmed.length > 40) return undefined;
  if (REPLACEMENT_LABELS.has(trimmed)) return 'replacement';
  if (trimmed === 'x-user-defined') return 'x-user-defined';
  try {
    return new TextDecoder(trimmed).encoding;
  } catch {
    const name = whatwgEncoding.labelToName(trimmed)?.toLowerCase();
    return name !== undefined && iconv.encodingExists(name) ? name : undefined;
  }
}

/**
 * Decodes with iconv-lite, or the platform's TextDecoder for what iconv-lite lacks (Node's own
 * decodes windows-1252 as ISO-8859-1: 0x80 came out U+0080, not €). `replacement` is one U+FFFD.
 */
export function decodeWith(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'replacement') return bytes.byteLength === 0 ? '' : '\uFFFD';
  if (encoding === 'x-user-defined') return whatwgEncoding.decode(bytes, 'x-user-defined');
  if (iconv.encodingExists(encoding)) return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
  return new TextDecoder(encoding).decode(bytes);
}

export function sniffBom(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return undefined;
}

/** The charset parameter of a Content-Type header value, if any. */
export function charsetFromContentType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const META_TAG = /<meta\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const XML_DECLARATION = /^<\?xml\s[^>]*\bencoding\s*=\s*["']([^"']+)["']/;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1].toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * The encoding label a document declares near its start: `<meta charset>`, `<meta http-equiv=
 * "Content-Type" content="…; charset=…">`, or an XML declaration. Comments are skipped.
 */
export function prescanDeclaredCharset(bytes: Uint8Array, limit = META_SCAN_BYTES): string | undefined {
  // latin1 keeps one character per byte, so ASCII markup reads the same whatever the encoding.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, limit)).toString('latin1');
  const xml = XML_DECLARATION.exec(head);
  if (xml) return xml[1];
  const withoutComments = head.replace(COMMENT, '');
  for (const tag of withoutComments.matchAll(META_TAG)) {
    const attributes = attributesOf(tag[1]);
    const charset = attributes.get('charset');
    if (charset !== undefined && charset !== '') return charset;
    if (attributes.get('http-equiv')?.toLowerCase() === 'content-type') {
      const declared = charsetFromContentType(`;${attributes.get('content') ?? ''}`);
      if (declared !== undefined) return declared;
    }
  }
  return undefined;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    // stream: true keeps a multi-byte sequence cut at the end of the sample from counting as invalid.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** ASCII markup says nothing about the encoding and drowns the text: the detector sees only text. */
function withoutTags(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let length = 0;
  let inTag = false;
  for (const byte of bytes) {
    if (byte === 0x3c) inTag = true;
    else if (byte === 0x3e && inTag) inTag = false;
    else if (!inTag) out[length++] = byte;
  }
  return out.subarray(0, length);
}

/** A best guess for undeclared bytes: UTF-8 when they are valid UTF-8, else what chardet says. */
export function detectEncoding(bytes: Uint8Array): string {
  const sample = bytes.subarray(0, DETECT_SAMPLE_BYTES);
  if (isValidUtf8(sample)) return 'utf-8';
  const text = withoutTags(sample);
  const guess = chardet.detect(text.length >= 16 ? text : sample);
  const resolved = guess ? resolveEncoding(guess) : undefined;
  // A guess is never the replacement encoding: that is for what a page declares.
  return resolved !== undefined && resolved !== 'replacement' ? resolved : 'windows-1252';
}

/**
 * Decodes an HTML document. `contentType` is the HTTP header value, when there is one.
 * Never throws: unknown labels are skipped, invalid bytes become U+FFFD.
 */
export function decodeHtml(bytes: Uint8Array, contentType?: string): DecodedHtml {
  const bom = sniffBom(bytes);
  if (bom) return { html: decodeWith(bytes.subarray(bom.length), bom.encoding), encoding: bom.encoding, source: 'bom' };

  const fromHeader = charsetFromContentType(contentType);
  const headerEncoding = fromHeader === undefined ? undefined : resolveEncoding(fromHeader);
  if (headerEncoding) return { html: decodeWith(bytes, headerEncoding), encoding: headerEncoding, source: 'header' };

  const declared = prescanDeclaredCharset(bytes);
  let metaEncoding = declared === undefined ? undefined : resolveEncoding(declared);
  // A document that could say "utf-16" in ASCII bytes is not UTF-16 (HTML spec: use UTF-8).
  if (metaEncoding?.startsWith('utf-16')) metaEncoding = 'utf-8';
  if (metaEncoding) return { html: decodeWith(bytes, metaEncoding), encoding: metaEncoding, source: 'meta' };

  if (bytes.length === 0) return { html: '', encoding: 'utf-8', source: 'default' };
  const detected = detectEncoding(bytes);
  return { html: decodeWith(bytes, detected), encoding: detected, source: 'detector' };
}
