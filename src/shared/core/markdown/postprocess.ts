// Final touches on turndown's output, outside fenced code: no trailing spaces where a block ends
// (a hard line break there would show as stray spaces), no whitespace-only lines, never two blank lines in a
// row, one newline at the end.
import { toWellFormed } from '../text';

// A fence may follow list markers and quote marks on its line (`- ```` opens a block in an item).
const FENCE = /^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+|>\s?)*(`{3,}|~{3,})/;

export function postProcess(markdown: string): string {
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
    // Trailing spaces before a blank line are no hard break: only stray spaces.
    out.push(next.trim() === '' && / +$/.test(line) ? line.replace(/ +$/, '') : line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  // CommonMark reads U+0000 as U+FFFD; write it so.
  const text = out.join('\n').replaceAll('\u0000', '\uFFFD');
  return text === '' ? '' : `${toWellFormed(text)}\n`;
}
