// Where the content of an HTML source starts, so a source view opens there rather than at the
// <head> (meta tags, an ASCII-art comment, inline styles); and the cleaned source without the
// runs of empty lines that removed scripts and styles leave behind.

/** The first match of each, in this order of preference, is where the content starts. */
const CONTENT_STARTS = [/<main[\s>]/gi, /<[a-z][\w-]*\s[^>]*\brole\s*=\s*["']?main\b/gi, /<article[\s>]/gi, /<h1[\s>]/gi, /<body[\s>]/gi];
/** Matches looked at per pattern before giving up on it (each inside a comment). */
const TRIES = 20;

function insideComment(html: string, at: number): boolean {
  return html.lastIndexOf('<!--', at) > html.lastIndexOf('-->', at);
}

/**
 * Offset of the tag where the page's main content begins (<main>, role=main, <article>, <h1>,
 * else <body>), passing over those in comments; 0 when there is none. A tag in a script's text
 * could still fool it: the view only opens there, the whole source stays one scroll away.
 */
export function mainContentOffset(html: string): number {
  for (const pattern of CONTENT_STARTS) {
    pattern.lastIndex = 0;
    for (let tries = 0; tries < TRIES; tries++) {
      const match = pattern.exec(html);
      if (!match) break;
      if (!insideComment(html, match.index)) return match.index;
    }
  }
  return 0;
}

/** <pre>, <textarea>, <script> and <style> keep their blank lines: there they are content. */
const VERBATIM = /<(pre|textarea|script|style)\b[\s\S]*?<\/\1\s*>/gi;
/** Two or more lines holding only spaces. */
const BLANK_RUN = /\n(?:[ \t]*\n){2,}/g;

/** The HTML with each run of blank lines made one blank line (outside verbatim elements). */
export function collapseBlankLines(html: string): string {
  let out = '';
  let at = 0;
  for (const match of html.matchAll(VERBATIM)) {
    out += html.slice(at, match.index).replace(BLANK_RUN, '\n\n') + match[0];
    at = match.index + match[0].length;
  }
  return out + html.slice(at).replace(BLANK_RUN, '\n\n');
}
