// Markdown → HTML for the preview, GitHub-flavoured (tables, task lists, strikethrough,
// autolinks). micromark escapes raw HTML and drops dangerous link protocols by default; the
// result is still sanitised like any other preview (preview.ts).
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

export function markdownToHtml(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}
