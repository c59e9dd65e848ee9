// Final touches on turndown's output, outside fenced code: no trailing spaces where a block ends
// (a hard line break there would show as stray spaces) and no single trailing space, no whitespace-only lines, never two blank lines in a
// row, no soft hyphens, one newline at the end; and no indented code block we did not mean: only <pre> makes code
// (always fenced), so a line that starts a block four or more spaces further in than the list item
// or footnote it belongs to (white space the page left around inline elements) is moved back.
import { toWellFormed } from '../text';
import { trailingSpaces } from './lines';
import { restoreWhitespaceRuns } from './whitespace-runs';

// A fence may follow list markers and quote marks on its line (`- ```` opens a block in an item).
const FENCE = /^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+|>\s?)*(`{3,}|~{3,})/;

const LIST_MARKER = /^((?:[-*+]|\d{1,9}[.)]) +)\S/;
const FOOTNOTE = /^\[\^[^\]]+\]: /;

/**
 * The content columns of the list items and footnotes a line may belong to, innermost last: a line
 * starting a block belongs to the innermost container whose column it reaches.
 */
class Containers {
  private readonly columns: number[] = [];

  /** The line (not blank) at `indent`: leaves the containers it is outside of; returns the column it belongs to. */
  enter(indent: number): number {
    while (this.columns.length > 0 && this.columns[this.columns.length - 1] > indent) this.columns.pop();
    return this.columns.length > 0 ? this.columns[this.columns.length - 1] : 0;
  }

  /** The line opens a container if it starts with a list marker or a footnote label. */
  open(line: string, indent: number): void {
    const rest = line.slice(indent);
    const marker = LIST_MARKER.exec(rest);
    if (marker !== null) this.columns.push(indent + marker[1].length);
    else if (indent === 0 && FOOTNOTE.test(rest)) this.columns.push(4);
  }
}

function indentOf(line: string): number {
  return /^ */.exec(line)![0].length;
}

export function postProcess(turndownOutput: string): string {
  // Turndown trimmed the ends of the text with its marks in: trimmed again now they are out.
  const markdown = trimLeadingTabsAndBreaks(restoreWhitespaceRuns(turndownOutput)).trimEnd();
  const lines = markdown.split('\n');
  const out: string[] = [];
  const containers = new Containers();
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].replace(/^( *)\t/, '$1    ');
    const opener = FENCE.exec(line);
    if (fence !== null) {
      if (opener !== null && opener[1][0] === fence[0] && opener[1].length >= fence.length && /^[`~]+$/.test(line.trim())) fence = null;
      out.push(line);
      continue;
    }
    if (opener !== null) {
      fence = opener[1];
      containers.enter(indentOf(line));
      containers.open(line, indentOf(line));
      out.push(line);
      continue;
    }
    if (line.trim() === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    let indent = indentOf(line);
    const column = containers.enter(indent);
    const startsBlock = out.length === 0 || out[out.length - 1] === '';
    if (startsBlock && indent >= column + 4) {
      line = ' '.repeat(column) + line.trimStart();
      indent = column;
    }
    containers.open(line, indent);
    const next = i + 1 < lines.length ? lines[i + 1] : '';
    // Soft hyphens (U+00AD) are hyphenation hints a browser shows only at a line end: in Markdown
    // they are invisible noise inside words ("Mit­tel­al­ter") that breaks search and tokenizers.
    const visible = line.includes('\u00AD') ? line.replaceAll('\u00AD', '') : line;
    // Two or more spaces make a hard line break, where a line follows; one space means nothing.
    // (Counted, not matched: `/ +$/` tried every start in a long run of spaces.)
    const spaces = trailingSpaces(visible);
    const meaningless = spaces === 1 || (spaces >= 2 && next.trim() === '');
    out.push(meaningless ? visible.slice(0, visible.length - spaces) : visible);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  // CommonMark reads U+0000 as U+FFFD; write it so.
  const text = out.join('\n').replaceAll('\u0000', '\uFFFD');
  return text === '' ? '' : `${toWellFormed(text)}\n`;
}

/** Without the tabs and line breaks turndown removes from the start (`^[\t\r\n]+`). */
function trimLeadingTabsAndBreaks(text: string): string {
  let start = 0;
  for (; start < text.length; start++) {
    const code = text.charCodeAt(start);
    if (code !== 0x09 && code !== 0x0a && code !== 0x0d) break;
  }
  return start === 0 ? text : text.slice(start);
}
