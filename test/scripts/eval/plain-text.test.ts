import { describe, expect, it } from 'vitest';
import { htmlToPlainText, markdownToPlainText } from '../../../scripts/eval/plain-text';
import { tokenize } from '../../../scripts/eval/metric';

const words = (text: string) => tokenize(text).join(' ');

describe('markdownToPlainText', () => {
  it('reduces links to their text and images to their alt text, with no URL', () => {
    const text = markdownToPlainText('Read [the report](https://example.com/report_2024.pdf "Report") and ![a chart](img/chart_v2.png).');
    expect(words(text)).toBe('Read the report and a chart');
  });

  it('drops the URLs of reference links and their definitions', () => {
    expect(words(markdownToPlainText('See [docs][d].\n\n[d]: https://example.org/docs_page\n'))).toBe('See docs');
  });

  it('reads escapes and entities as the reader sees them', () => {
    expect(words(markdownToPlainText('snake\\_case &amp; caf&eacute; \\*not emphasis\\*'))).toBe('snake_case café not emphasis');
  });

  it('keeps the words of adjacent blocks apart', () => {
    expect(words(markdownToPlainText('# Title\nBody\n\n- one\n- two\n\n> quote'))).toBe('Title Body one two quote');
  });

  it('keeps code, and the text (not the tags) of raw HTML', () => {
    const text = markdownToPlainText('Use `npm_run` here.\n\n```\nconst x_1 = 2;\n```\n\n<div class="note">Boxed <b>text</b></div>\n\nInline <span data-x="hidden_attr">span</span> end');
    expect(words(text)).toBe('Use npm_run here const x_1 2 Boxed text Inline span end');
  });

  it('drops script content inside a raw HTML block', () => {
    expect(words(markdownToPlainText('<div>\n<script>var tracking_id = 1;</script>\n</div>\n\nafter'))).toBe('after');
  });

  it('does not count task-list checkboxes as words', () => {
    expect(words(markdownToPlainText('- [x] done item\n- [ ] open item'))).toBe('done item open item');
  });

  it('separates table cells', () => {
    expect(words(markdownToPlainText('| a | b |\n| --- | --- |\n| left | right |'))).toBe('a b left right');
  });

  it('reads a GFM footnote whose note is one link (CommonMark would take it for a link definition)', () => {
    expect(words(markdownToPlainText('Text[^2].\n\n[^2]: [https://example.com/spec](https://example.com/spec)'))).toBe('Text 2 2 https example com spec');
  });
});

describe('htmlToPlainText', () => {
  it('takes every visible text of the page, title included, and no script or style', () => {
    const html = '<html><head><title>Page title</title><style>.x{}</style></head><body><script>var a_b;</script><p>Hello <b>wor</b>ld</p><noscript>Enable JS</noscript></body></html>';
    expect(words(htmlToPlainText(html))).toBe('Page title Hello world Enable JS');
  });

  it('separates blocks and table cells but not inline elements', () => {
    expect(words(htmlToPlainText('<div>one</div><div>two</div><table><tr><td>three</td><td>four</td></tr></table><span>fi</span><span>ve</span>'))).toBe(
      'one two three four five',
    );
  });

  it('does not read attribute values', () => {
    expect(words(htmlToPlainText('<a href="https://example.com/x" title="tooltip">link</a><img alt="alt text" src="a.png">'))).toBe('link');
  });
});
