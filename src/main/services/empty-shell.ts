// An "app shell": a page whose HTML is a script loader with an empty mount point, so there is almost
// no text to convert. Worth a warning, since the fix (render it, or wait longer) is the user's.
import type { Warning } from '../../shared/core/types';

/** Fewer letters and digits than this in the Markdown counts as "almost no text". */
export const EMPTY_SHELL_CHARS = 20;

/** Letters and digits in Markdown, leaving out front matter and link/image targets. */
export function visibleTextLength(markdown: string): number {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const withoutTargets = withoutSpans(withoutSpans(body, '](', ')', ']'), '<http', '>', '');
  return withoutTargets.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/**
 * `text` with every span from `open` to the next `close` replaced by `by`, in one pass (a pattern
 * tried from every `](` scanned the rest of the text from each, when no `)` came).
 */
function withoutSpans(text: string, open: string, close: string, by: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = text.indexOf(open, at);
    if (start === -1) break;
    const end = text.indexOf(close, start + open.length);
    if (end === -1) break;
    out += text.slice(at, start) + by;
    at = end + close.length;
  }
  return at === 0 ? text : out + text.slice(at);
}

export function emptyShellWarning(markdown: string, html: string, rendered: boolean): Warning | undefined {
  const characters = visibleTextLength(markdown);
  if (characters >= EMPTY_SHELL_CHARS) return undefined;
  if (rendered) {
    return {
      code: 'empty-shell',
      message: `after rendering, the page has almost no text (${characters} characters): it may need longer (wait for a selector), a login, or it refuses headless browsers`,
    };
  }
  if (!/<script\b/i.test(html)) return undefined;
  return {
    code: 'empty-shell',
    message: `the page has almost no text without JavaScript (${characters} characters): it is probably built by scripts, render it (--render)`,
  };
}
