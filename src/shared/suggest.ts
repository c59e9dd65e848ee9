// When what the user typed could not be loaded: the address they most likely meant, if there is
// one ("example.com/page" → "https://example.com/page", "htps//example.com" → "https://example.com").
// Pure, shared by the app's main process (its error message) and the renderer (a button).

const HOST = /^(?:localhost|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?$/i;
/** Endings that make "name.ext" a file name rather than a host (as in scrape-target.ts). */
const FILE_ENDINGS = /\.(?:html?|xhtml?|shtml|pdf|md|txt|xml|json)$/i;
/** A mistyped http(s) scheme: "htp:", "htps:", "http//", "https:/", "hhtps://" … */
const BROKEN_SCHEME = /^h+t+p+(s?)\s*[:;]?\/*(?=[^/])/i;

function looksLikeHost(text: string): boolean {
  const host = text.split(/[/?#]/, 1)[0];
  return HOST.test(host) && !(FILE_ENDINGS.test(host) && text === host);
}

/** The web address `input` most likely stands for, or null when it does not look like one. */
export function suggestAddress(input: string): string | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return null;
  if (/^https?:\/\/[^/]/i.test(text)) return null; // already a well-formed web address
  const scheme = BROKEN_SCHEME.exec(text);
  if (scheme) {
    const rest = text.slice(scheme[0].length);
    return looksLikeHost(rest) ? `http${scheme[1].toLowerCase()}://${rest}` : null;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[a-z0-9.-]+:\d/i.test(text)) return null; // another scheme (mailto:, ftp:) or a drive
  if (!looksLikeHost(text)) return null;
  // Local servers seldom speak TLS.
  return `${/^(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?:[:/?#]|$)/i.test(text) ? 'http' : 'https'}://${text}`;
}
