import { describe, expect, it } from 'vitest';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { md } from './helpers';

const render = (markdown: string) => micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }).trimEnd();

describe('escaping', () => {
  it('keeps escaped HTML in text from becoming a live tag or entity', () => {
    const out = md('<p>&lt;b&gt;bold&lt;/b&gt; and &amp;lt; and &amp;copy;</p>');
    const html = render(out);
    expect(html).toBe('<p>&lt;b&gt;bold&lt;/b&gt; and &amp;lt; and &amp;copy;</p>');
  });

  it('does not let "1)" or "1." at the start of a line start a list', () => {
    expect(render(md('<p>1) first</p><p>2. second</p>'))).toBe('<p>1) first</p>\n<p>2. second</p>');
    expect(md('<p>call 1) now</p>')).toBe('call 1) now');
  });

  it('escapes a leading # and keeps a trailing one in headings', () => {
    expect(render(md('<p># not a heading</p>'))).toBe('<p># not a heading</p>');
    expect(render(md('<h2>Issue #</h2>'))).toBe('<h2>Issue #</h2>');
  });

  it('escapes * and _ where they could be emphasis, but not inside words', () => {
    expect(md('<p>snake_case and 2 * 3</p>')).toBe('snake_case and 2 * 3');
    expect(render(md('<p>*not em* and _not em_</p>'))).toBe('<p>*not em* and _not em_</p>');
  });

  it('escapes brackets, backticks and a ! before a link', () => {
    expect(render(md('<p>[x](y) `z`</p>'))).toBe('<p>[x](y) `z`</p>');
    expect(render(md('<p>Wow!<a href="https://e.com/">link</a></p>'))).toBe('<p>Wow!<a href="https://e.com/">link</a></p>');
    expect(md('<p>Wow!</p>')).toBe('Wow!');
  });

  it('escapes line-start syntax only where a line can start', () => {
    expect(render(md('<p>- dash<br>+ plus<br>&gt; quote</p>'))).toBe('<p>- dash<br />\n+ plus<br />\n&gt; quote</p>');
    expect(md('<p>a <b>b</b>- c</p>')).toBe('a **b**- c');
  });
});
