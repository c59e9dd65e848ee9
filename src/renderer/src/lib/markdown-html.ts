// Markdown → HTML for the preview, GitHub-flavoured (tables, task lists, strikethrough,
// autolinks). micromark escapes raw HTML and drops dangerous link protocols by default; the
// result is still sanitised like any other preview (preview.ts).
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/** The inline tags our Markdown carries as raw HTML (always bare, see core/markdown): shown as tags. */
const INERT_TAGS = /&lt;(\/?)(sup|sub|mark)&gt;/g;
const CODE = /(<pre>[\s\S]*?<\/pre>|<code>[\s\S]*?<\/code>)/;

export function markdownToHtml(markdown: string): string {
  const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  if (!html.includes('&lt;')) return html;
  // micromark escapes all raw HTML; give back the bare inert tags outside code (where `<sup>` is text).
  return html
    .split(CODE)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(INERT_TAGS, '<$1$2>')))
    .join('');
}

const FENCE = /^ {0,3}(```|~~~)/;

/**
 * The Markdown with a paragraph holding `marker` just before the block where `offset` falls, so
 * the rendered preview can open there (see previewBody); unchanged when the block is inside a
 * fenced code block, where a paragraph cannot go.
 */
export function withMarkerBefore(markdown: string, offset: number, marker: string): string {
  // Back to the start of the block: the line after the nearest blank line before `offset`.
  let start = markdown.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
  while (start > 0) {
    const previousEnd = start - 1;
    const previousStart = markdown.lastIndexOf('\n', previousEnd - 1) + 1;
    if (markdown.slice(previousStart, previousEnd).trim() === '') break;
    start = previousStart;
  }
  let fences = 0;
  for (const line of markdown.slice(0, start).split('\n')) if (FENCE.test(line)) fences++;
  if (fences % 2 === 1) return markdown;
  return `${markdown.slice(0, start)}\n\n${marker}\n\n${markdown.slice(start)}`;
}

/** The start of a long Markdown, cut at a blank line (a block boundary) before `max` characters. */
export function capMarkdown(markdown: string, max: number): { text: string; capped: boolean } {
  if (markdown.length <= max) return { text: markdown, capped: false };
  const cut = markdown.lastIndexOf('\n\n', max);
  return { text: markdown.slice(0, cut > max / 2 ? cut : max), capped: true };
}
