// Line handling for the Markdown rules without regular expressions that backtrack: `\s*\n+\s*` or
// `\n+$` try every start in a run of white space and scan the whole run from each, so 900,000
// spaces in a code span took longer than any budget, in one call the budget cannot interrupt.

/** `text` with every run of line breaks, and the white space around it, made one `separator`. */
export function joinLines(text: string, separator: string): string {
  if (!text.includes('\n')) return text;
  const parts = text.split('\n');
  const last = parts.length - 1;
  let out = '';
  let pendingBreak = false;
  for (let i = 0; i <= last; i++) {
    let part = parts[i];
    if (i > 0) part = part.trimStart();
    if (i < last) part = part.trimEnd();
    if (i > 0) pendingBreak = true;
    if (part === '' && i < last) continue;
    if (pendingBreak) out += separator;
    pendingBreak = false;
    out += part;
  }
  return out;
}

/** Without leading and trailing line feeds. */
export function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x0a) start++;
  while (end > start && text.charCodeAt(end - 1) === 0x0a) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** How many spaces (U+0020) end `text`. */
export function trailingSpaces(text: string): number {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x20) end--;
  return text.length - end;
}

/** Line endings as CommonMark reads them (CR LF, CR, LF) made LF: a lone CR ends a line for a renderer. */
export function normaliseLineEndings(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}
