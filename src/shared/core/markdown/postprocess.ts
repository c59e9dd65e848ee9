// Final touches on turndown's output, outside fenced code: no hard line break where a block ends
// (it would show as stray trailing spaces), no whitespace-only lines, never two blank lines in a
// row, no soft hyphens, one newline at the end.
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
    // Soft hyphens (U+00AD) are hyphenation hints a browser shows only at a line end: in Markdown
    // they are invisible noise inside words ("Mit­tel­al­ter") that breaks search and tokenizers.
    const visible = line.includes('\u00AD') ? line.replaceAll('\u00AD', '') : line;
    out.push(next.trim() === '' && / {2,}$/.test(visible) ? visible.replace(/ +$/, '') : visible);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  // CommonMark reads U+0000 as U+FFFD; write it so.
  const text = out.join('\n').replaceAll('\u0000', '\uFFFD');
  return text === '' ? '' : `${toWellFormed(text)}\n`;
}
