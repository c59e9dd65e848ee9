// Light Markdown highlighting for the source view: headings, fenced and inline code, links and
// images, list and quote markers, table pipes. Line by line, with the fence state carried over.
import { Kind, TokenBuilder, type Tokens } from './tokens';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(\s|$)/;
const MARKER = /^(\s*)([-*+]|\d{1,9}[.)]|>)(\s)/;
const INLINE = /(`+)[^`\n]*?\1|!?\[[^\]\n]*\]\([^)\n]*\)|\|/g;

export function lexMarkdown(text: string): Tokens {
  const out = new TokenBuilder(text.length);
  out.push(0, Kind.Text);
  let fence: string | null = null;
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      out.push(start, Kind.Code);
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
    } else if (fenceMatch) {
      out.push(start, Kind.Code);
      fence = fenceMatch[1];
    } else if (HEADING.test(line)) {
      out.push(start, Kind.Heading);
    } else {
      lexInline(line, start, out);
    }
    if (newline < 0) break;
    start = newline + 1;
    if (fence === null) out.push(newline, Kind.Text);
  }
  return out.finish();
}

function lexInline(line: string, offset: number, out: TokenBuilder): void {
  out.push(offset, Kind.Text);
  const marker = MARKER.exec(line);
  if (marker) {
    out.push(offset + marker[1].length, Kind.Punct);
    out.push(offset + marker[1].length + marker[2].length, Kind.Text);
  }
  INLINE.lastIndex = 0;
  for (let match = INLINE.exec(line); match; match = INLINE.exec(line)) {
    const kind = match[0] === '|' ? Kind.Punct : match[0].startsWith('`') ? Kind.Code : Kind.Link;
    out.push(offset + match.index, kind);
    out.push(offset + match.index + match[0].length, Kind.Text);
  }
}
