// The reference renderers: commonmark.js for CommonMark, micromark + GFM for the GFM examples.
// Raw HTML and every URL scheme pass through, as in the specs' own expected output.
import { HtmlRenderer, Parser } from 'commonmark';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import type { Suite } from './examples';

const commonmarkParser = new Parser();
const commonmarkRenderer = new HtmlRenderer();

export function renderCommonmark(markdown: string): string {
  return commonmarkRenderer.render(commonmarkParser.parse(markdown));
}

export function renderGfm(markdown: string): string {
  return micromark(markdown, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
    allowDangerousHtml: true,
    allowDangerousProtocol: true,
  });
}

export function rendererFor(suite: Suite): (markdown: string) => string {
  return suite === 'commonmark' ? renderCommonmark : renderGfm;
}

/** Whether Markdown contains raw HTML (a block or an inline tag), judged by a CommonMark parse. */
export function hasRawHtml(markdown: string): boolean {
  const walker = commonmarkParser.parse(markdown).walker();
  for (let event = walker.next(); event !== null; event = walker.next()) {
    if (event.node.type === 'html_block' || event.node.type === 'html_inline') return true;
  }
  return false;
}
