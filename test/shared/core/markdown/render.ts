// Renderers for reading our Markdown back: CommonMark (commonmark.js, raw HTML let through, as the
// spec's own renderer does) and GFM as GitHub reads it (micromark + GFM).
import { HtmlRenderer, Parser } from 'commonmark';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

export function renderCommonMark(markdown: string): string {
  return new HtmlRenderer().render(new Parser().parse(markdown));
}

export function renderGfm(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}
