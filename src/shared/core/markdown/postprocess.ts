// Final touches on turndown's output, outside fenced code: no hard line break where a block ends
// (it would show as stray trailing spaces) and no single trailing space, no whitespace-only lines,
// never two blank lines in a row, one newline at the end.
import { toWellFormed } from '../text';
import { trailingSpaces } from './lines';
import { restoreWhitespaceRuns } from './whitespace-runs';

// A fence may follow list markers and quote marks on its line (`- ```` opens a block in an item).
const FENCE = /^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+|>\s?)*(`{3,}|~{3,})/;

export function postProcess(turndownOutput: string): string {
  // Turndown trimmed the ends of the text with its marks in: trimmed again now they are out.
  const markdown = trimLeadingTabsAndBreaks(restoreWhitespaceRuns(turndownOutput)).trimEnd();
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const opener = FENCE.exec(line);
    if (fence !== null) {
      if (opener !== null && opener[1][0] === fence[0] && opener[1].length >= fence.length && /^[`~]+$/.test(line.trim())) fence = null;
      out.push(line);
      continue;
    }
    if (opener !== null) {
      fence = opener[1];
      out.push(line);
      continue;
    }
    if (line.trim() === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    const next = i + 1 < lines.length ? lines[i + 1] : '';
    const spaces = trailingSpaces(line);
    // Two or more spaces make a hard line break, where a line follows; one space means nothing.
    const meaningless = spaces === 1 || (spaces >= 2 && next.trim() === '');
    out.push(meaningless ? line.slice(0, line.length - spaces) : line);
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
