import { tests } from 'commonmark-spec';
import { describe, expect, it } from 'vitest';
import { normalizeHtml } from '../../../scripts/fidelity/normalize';
import { renderCommonmark } from '../../../scripts/fidelity/renderers';

const same = (a: string, b: string) => expect(normalizeHtml(a)).toBe(normalizeHtml(b));
const different = (a: string, b: string) => expect(normalizeHtml(a)).not.toBe(normalizeHtml(b));

describe('normalizeHtml: differences that are only layout compare equal', () => {
  it('ignores attribute order', () => {
    same('<a title="t" href="/u">x</a>', '<a href="/u" title="t">x</a>');
  });

  it('ignores whitespace between and just inside block elements', () => {
    same('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n', '<ul><li>a</li><li>b</li></ul>');
    same('<p>\n  text  \n</p>', '<p>text</p>');
  });

  it('collapses runs of whitespace in text', () => {
    same('<p>a \n  b</p>', '<p>a b</p>');
  });

  it('drops the newline after <br>, and reads void elements either way', () => {
    same('<p>a<br />\nb</p>', '<p>a<br>b</p>');
  });

  it('reads entities and characters the same', () => {
    same('<p>&#38; &copy; &quot;</p>', '<p>&amp; © "</p>');
  });
});

describe('normalizeHtml: differences in content stay different', () => {
  it('keeps whitespace inside <pre> exactly', () => {
    different('<pre><code>a  b\n</code></pre>', '<pre><code>a b\n</code></pre>');
    different('<pre><code>x\n\n</code></pre>', '<pre><code>x\n</code></pre>');
  });

  it('tells a tight list item from a loose one', () => {
    different('<ul><li>a</li></ul>', '<ul><li><p>a</p></li></ul>');
  });

  it('tells a no-break space from a space, and words apart from words joined', () => {
    different('<p>a\u00a0b</p>', '<p>a b</p>');
    different('<p>a b</p>', '<p>ab</p>');
  });

  it('keeps inline markup, attribute values and empty elements', () => {
    different('<p><em>a</em></p>', '<p>a</p>');
    different('<a href="/a">x</a>', '<a href="/b">x</a>');
    different('<ul><li>a</li><li></li></ul>', '<ul><li>a</li></ul>');
  });
});

describe('normalizeHtml against the CommonMark spec', () => {
  // commonmark.js passes its own spec, so every difference here would be the normaliser's fault.
  it('finds commonmark.js output equal to the expected HTML of every example', () => {
    const mismatches = tests
      .filter((test) => normalizeHtml(renderCommonmark(test.markdown.replace(/→/g, '\t'))) !== normalizeHtml(test.html.replace(/→/g, '\t')))
      .map((test) => test.number);
    expect(mismatches).toEqual([]);
  });
});
