// Final touches on turndown's output, outside fenced code: no hard line break where a block ends
// (it would show as stray trailing spaces), no whitespace-only lines, one newline at the end.
import { toWellFormed } from '../text';

const FENCE = /^\s*(`{3,}|~{3,})/;

export function postProcess(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const opener = FENCE.exec(line);
    if (fence !== null) {
      if (opener !== null && opener[1][0] === fence[0] && opener[1].length >= fence.length && line.trim() === opener[1]) fence = null;
      continue;
    }
    if (opener !== null) {
      fence = opener[1];
      continue;
    }
    const next = i + 1 < lines.length ? lines[i + 1] : '';
    if (line.trim() === '') lines[i] = '';
    else if (next.trim() === '' && / {2,}$/.test(line)) lines[i] = line.replace(/ +$/, '');
  }
  // CommonMark reads U+0000 as U+FFFD; write it so.
  const text = lines.join('\n').replaceAll('\u0000', '\uFFFD');
  return text === '' ? '' : `${toWellFormed(text)}\n`;
}
