// The only raw HTML the Markdown may carry. Users open our Markdown in renderers that pass raw HTML
// through (Obsidian, VS Code, GitHub, markdown-it with `html: true`), so raw HTML is written only
// through here, and only tags that cannot run anything: no attributes, no URLs, no event handlers.
// Everything else in the text is escaped (escape.ts) or sits inside code a fence or span closes.

/** Tags a rule may write as raw HTML: inert in every browser, with no attribute. */
export const INERT_TAGS: ReadonlySet<string> = new Set(['br', 'sup', 'sub', 'kbd', 'mark', 'ins', 'del', 'u', 's', 'small', 'abbr', 'details', 'summary', 'dfn', 'var', 'samp', 'cite', 'q', 'bdi', 'wbr']);

const VOID = new Set(['br', 'wbr']);

/** `<name>` (or `</name>` when `closing`), for a tag on the allow-list; anything else throws. */
export function rawHtmlTag(name: string, closing = false): string {
  if (!INERT_TAGS.has(name)) throw new Error(`raw HTML <${name}> is not on the allow-list of inert tags`);
  if (closing && VOID.has(name)) throw new Error(`<${name}> has no closing tag`);
  return closing ? `</${name}>` : `<${name}>`;
}

/** `content` wrapped in a raw inert element: `<sup>2</sup>`. The content must be Markdown already escaped. */
export function rawHtmlElement(name: string, content: string): string {
  return `${rawHtmlTag(name)}${content}${rawHtmlTag(name, true)}`;
}
