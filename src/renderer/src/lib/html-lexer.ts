// A small HTML lexer for highlighting only (not parsing): tags, attribute names and values,
// comments, doctypes, and the raw text of script/style. One pass with indexOf and sticky regular
// expressions, no recursion; any input (broken markup, a lone "<") gives tokens covering it all.
import { Kind, TokenBuilder, type Tokens } from './tokens';

const TAG_NAME = /[^\s/>]*/y;
const SPACE = /[\s/]*/y;
const ATTR_NAME = /[^\s=/>]+/y;
const UNQUOTED = /[^\s>]*/y;
const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'plaintext']);

function matchAt(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  pattern.exec(text);
  return pattern.lastIndex;
}

function endOf(text: string, needle: string, from: number): number {
  const found = text.indexOf(needle, from);
  return found < 0 ? text.length : found + needle.length;
}

export function lexHtml(text: string): Tokens {
  const out = new TokenBuilder(text.length);
  const n = text.length;
  let i = 0;
  out.push(0, Kind.Text);
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      out.push(i, Kind.Text);
      break;
    }
    if (lt > i) out.push(i, Kind.Text);
    const next = text.charCodeAt(lt + 1);
    if (text.startsWith('<!--', lt)) {
      out.push(lt, Kind.Comment);
      i = endOf(text, '-->', lt + 4);
      continue;
    }
    if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
      out.push(lt, Kind.Doctype);
      i = endOf(text, '>', lt);
      continue;
    }
    const closing = next === 0x2f; /* / */
    const nameStart = closing ? lt + 2 : lt + 1;
    const first = text.charCodeAt(nameStart);
    const isLetter = (first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a);
    if (!isLetter) {
      // A "<" that starts no tag is text.
      out.push(lt, Kind.Text);
      i = lt + 1;
      continue;
    }
    out.push(lt, Kind.Tag);
    const nameEnd = matchAt(TAG_NAME, text, nameStart);
    const name = text.slice(nameStart, nameEnd).toLowerCase();
    i = lexAttributes(text, nameEnd, out);
    if (!closing && RAW_TEXT_TAGS.has(name) && text.charCodeAt(i - 2) !== 0x2f) {
      // Everything up to the matching end tag is text to the browser, however tag-like.
      const end = new RegExp(`</${name}[\\s/>]`, 'gi');
      end.lastIndex = i;
      const found = end.exec(text);
      const stop = found ? found.index : n;
      if (stop > i) out.push(i, Kind.RawText);
      i = stop;
    }
  }
  return out.finish();
}

/** From just after the tag name to just after its ">" (or the end). Returns that position. */
function lexAttributes(text: string, from: number, out: TokenBuilder): number {
  const n = text.length;
  let i = from;
  while (i < n) {
    out.push(i, Kind.Tag);
    i = matchAt(SPACE, text, i);
    if (i >= n) return n;
    if (text.charCodeAt(i) === 0x3e /* > */) return i + 1;
    out.push(i, Kind.AttrName);
    i = Math.max(matchAt(ATTR_NAME, text, i), i + 1);
    const afterName = matchAt(/\s*/y, text, i);
    if (text.charCodeAt(afterName) !== 0x3d /* = */) continue;
    out.push(i, Kind.Tag);
    i = matchAt(/\s*/y, text, afterName + 1);
    if (i >= n) return n;
    out.push(i, Kind.AttrValue);
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, i + 1);
      i = close < 0 ? n : close + 1;
    } else {
      i = matchAt(UNQUOTED, text, i);
    }
  }
  return n;
}
