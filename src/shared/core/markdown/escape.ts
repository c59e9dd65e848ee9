// Escaping text for CommonMark + GFM, in place of turndown's `escape`. Turndown leaves `<` and `&`
// alone (text `&lt;b&gt;` came out as a live tag), misses `1)` list markers and escapes every `_`,
// which uglifies snake_case. Here a character is escaped exactly when, where it stands, a Markdown
// parser could read it as syntax. Escaping runs on the DOM before turndown (see text-pass.ts), so it
// knows whether a text node may start a line and whether inline content follows it.

export interface TextPosition {
  /** The text may be the first thing on a line (start of a block, or after a <br>). */
  lineStart: boolean;
  /** Inline content follows the text on the same line. */
  followed: boolean;
  /** What follows is written starting with `[` (a link, a footnote reference). Default: as `followed`. */
  beforeBracket?: boolean;
  /**
   * The text stands inside emphasis we write with delimiters (`_x_`): a `_` that could only close
   * may close ours. Default true (the careful answer).
   */
  inDelimited?: boolean;
}

const ANYWHERE = /[\\*_`[\]<&~!$]/;
const AT_START = /^[\s]*(?:[#>+=\-|]|\d{1,9}[.)])/;
const CLOSING_HASHES = /\s#+\s*$/;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const ENTITY = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;

function isAlphanumeric(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}\p{N}]/u.test(c);
}

function isPunctuation(c: string | undefined): boolean {
  return c !== undefined && /[\p{P}\p{S}]/u.test(c);
}

function isSpace(c: string | undefined): boolean {
  return c !== undefined && /\s/.test(c);
}

/**
 * Whether dollar signs in the text could be read as math by a renderer that knows `$…$` (Pandoc's
 * rule, which GitHub's follows: an opening `$` before a non-space, a closing one after a non-space
 * and not before a digit), or as `$$`. Prices ("$5 and $10") cannot.
 */
function mayDelimitMath(text: string): boolean {
  if (!text.includes('$')) return false;
  if (text.includes('$$')) return true;
  let open = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '$') continue;
    const before = text[i - 1];
    const after = text[i + 1];
    if (open && before !== undefined && !isSpace(before) && !(after !== undefined && /[0-9]/.test(after))) return true;
    if (after !== undefined && !isSpace(after)) open = true;
  }
  return false;
}

export function escapeMarkdownText(text: string, position: TextPosition): string {
  const lineSyntax = position.lineStart && AT_START.test(text);
  if (!ANYWHERE.test(text) && !lineSyntax && !CLOSING_HASHES.test(text)) return text;
  const escapeDollars = mayDelimitMath(text);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const before = i > 0 ? text[i - 1] : undefined;
    const after = i + 1 < text.length ? text[i + 1] : undefined;
    const atEnd = after === undefined;
    switch (c) {
      case '\\':
        // A backslash escapes only punctuation; before anything else it is literal.
        out += (atEnd && position.followed) || (after !== undefined && ASCII_PUNCTUATION.test(after)) ? '\\\\' : '\\';
        break;
      case '*':
      case '~':
        // Between spaces it can neither open nor close emphasis or strikethrough.
        out += isSpace(before) && isSpace(after) ? c : `\\${c}`;
        break;
      case '_':
        // Between letters or digits `_` never delimits emphasis, so snake_case stays readable. After a
        // letter and before a space or the end it could only close emphasis, and every `_` that could
        // open is escaped: it needs no escape unless it stands inside emphasis we delimit ourselves.
        out +=
          (isAlphanumeric(before) && isAlphanumeric(after)) ||
          (isSpace(before) && isSpace(after)) ||
          (isAlphanumeric(before) && (isSpace(after) || isPunctuation(after) || (atEnd && !position.followed)) && position.inDelimited === false)
            ? c
            : '\\_';
        break;
      case '`':
      case '[':
      case ']':
        out += `\\${c}`;
        break;
      case '!':
        // `![` starts an image: only what we write next can supply the `[` (a link, a footnote).
        out += atEnd && (position.beforeBracket ?? position.followed) ? '\\!' : c;
        break;
      case '<':
        // Could open a tag, a comment or an autolink. At the end of a text node always escaped: what
        // follows it in the Markdown is not known here (a block that renders nothing put raw text
        // right after it: `<` + `iframe …>`).
        out += atEnd || (after !== undefined && /[A-Za-z/!?]/.test(after)) ? '\\<' : c;
        break;
      case '$':
        out += escapeDollars ? '\\$' : c;
        break;
      case '&':
        // Could start an entity reference such as `&lt;` or `&#60;`.
        out += ENTITY.test(text.slice(i, i + 40)) ? '\\&' : c;
        break;
      default:
        out += c;
    }
  }
  if (!position.followed) out = escapeClosingHashes(out);
  return position.lineStart ? escapeLineStart(out) : out;
}

/** Syntax that counts only at the start of a line: headings, quotes, list markers, setext underlines, table rows. */
function escapeLineStart(text: string): string {
  // A no-break space starting a line would be taken for indentation by some renderers: write it as an entity.
  if (text[0] === '\u00a0') return `&nbsp;${escapeLineStart(text.slice(1))}`;
  const indent = /^[ \t\n\r\f]*/.exec(text)![0];
  const rest = text.slice(indent.length);
  const first = rest[0];
  let escaped = rest;
  if (first === '#') escaped = rest.replace(/^(#{1,6})(?=\s|$)/, '\\$1');
  else if (first === '>' || first === '=' || first === '|') escaped = `\\${rest}`;
  else if (first === '-' || first === '+') escaped = /^[-+](?=\s|$)|^-{2,}/.test(rest) ? `\\${rest}` : rest;
  else {
    const ordered = /^(\d{1,9})([.)])(?=\s|$)/.exec(rest);
    if (ordered !== null) escaped = `${ordered[1]}\\${ordered[2]}${rest.slice(ordered[0].length)}`;
  }
  return indent + escaped;
}

/** At the end of a heading, ` ###` would be read as an optional closing sequence and dropped. */
function escapeClosingHashes(text: string): string {
  return text.replace(/(\s)(#+)(\s*)$/, '$1\\$2$3');
}
