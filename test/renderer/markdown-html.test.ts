// The rendered Markdown preview: GFM, raw HTML escaped, except the bare inert tags our Markdown
// carries (<sup>, <sub>, <mark>), which show as what they mean — outside code only.
import { describe, expect, it } from 'vitest';
import { markdownToHtml } from '../../src/renderer/src/lib/markdown-html';

describe('the Markdown preview', () => {
  it('shows 2<sup>31</sup> and H<sub>2</sub>O as superscript and subscript', () => {
    expect(markdownToHtml('more than 2<sup>31</sup> ids of H<sub>2</sub>O, <mark>marked</mark>')).toBe('<p>more than 2<sup>31</sup> ids of H<sub>2</sub>O, <mark>marked</mark></p>');
  });

  it('keeps every other tag, and attributes on these, as text', () => {
    const html = markdownToHtml('<img src=x onerror=alert(1)> <sup onclick="x()">a</sup> <script>x</script>');
    expect(html).not.toMatch(/<(img|script)|<sup /);
    expect(html).toContain('&lt;sup onclick=');
  });

  it('leaves <sup> in code as text', () => {
    expect(markdownToHtml('`<sup>`\n\n```\n<sub>x</sub>\n```')).toBe('<p><code>&lt;sup&gt;</code></p>\n<pre><code>&lt;sub&gt;x&lt;/sub&gt;\n</code></pre>');
  });
});
