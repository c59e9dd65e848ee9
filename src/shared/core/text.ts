// Text hygiene shared by every stage: whatever the input, the output is well-formed Unicode.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replaces lone surrogates (which cannot be encoded as UTF-8) by U+FFFD. */
export function toWellFormed(text: string): string {
  const native = text as { isWellFormed?: () => boolean; toWellFormed?: () => string };
  // Checking first spares a copy of the whole page in the usual case, where nothing needs replacing.
  if (native.isWellFormed && native.toWellFormed) return native.isWellFormed() ? text : native.toWellFormed();
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

const NON_ASCII_RUN = /[\u0080-\uffff]+/g;

/** Bytes the string takes as UTF-8, without allocating it. */
export function utf8Length(text: string): number {
  // ASCII is one byte a character; a regular expression skips it far faster than a loop would.
  let bytes = text.length;
  NON_ASCII_RUN.lastIndex = 0;
  for (let run = NON_ASCII_RUN.exec(text); run !== null; run = NON_ASCII_RUN.exec(text)) {
    bytes += nonAsciiBytes(run[0]) - run[0].length;
  }
  return bytes;
}

function nonAsciiBytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Collapses runs of whitespace to one space and trims. */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A short single-line preview of `text`, at most `max` characters. */
export function preview(text: string, max: number): string {
  const line = squeeze(text);
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
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
