// Text hygiene shared by every stage: whatever the input, the output is well-formed Unicode.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replaces lone surrogates (which cannot be encoded as UTF-8) by U+FFFD. */
export function toWellFormed(text: string): string {
  const native = text as { isWellFormed?: () => boolean; toWellFormed?: () => string };
  // Checking first spares a copy of the whole page in the usual case, where nothing needs replacing.
  if (native.isWellFormed && native.toWellFormed) return native.isWellFormed() ? text : native.toWellFormed();
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** Code units encoded per call: small enough for a scratch buffer, large enough to cost nothing. */
const UTF8_CHUNK = 1 << 16;
let encoder: TextEncoder | undefined;
let scratch: Uint8Array | undefined;

/**
 * Bytes the string takes as UTF-8 (a lone surrogate as the 3 bytes of U+FFFD). The encoder writes
 * chunks into one scratch buffer, which is twice as fast as counting in JavaScript and allocates
 * nothing per call.
 */
export function utf8Length(text: string): number {
  encoder ??= new TextEncoder();
  scratch ??= new Uint8Array(UTF8_CHUNK * 3);
  let bytes = 0;
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + UTF8_CHUNK, text.length);
    // A surrogate pair is never cut: its halves alone would each count as U+FFFD.
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end--;
    bytes += encoder.encodeInto(at === 0 && end === text.length ? text : text.slice(at, end), scratch).written;
    at = end;
  }
  return bytes;
}

/** The first `end` code units of `text`, one fewer where `end` would cut a surrogate pair in half. */
export function cutAt(text: string, end: number): string {
  if (end >= text.length) return text;
  if (end <= 0) return '';
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}

/** Collapses runs of whitespace to one space and trims. */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether a UTF-16 code unit is white space to JavaScript (`\s`, and what `trim()` removes). */
export function isJsWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** `text.trim().length`, without making the trimmed copy. */
export function trimmedLength(text: string): number {
  let start = 0;
  let end = text.length;
  while (start < end && isJsWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isJsWhitespace(text.charCodeAt(end - 1))) end--;
  return end - start;
}
