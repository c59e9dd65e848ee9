import { describe, expect, it } from 'vitest';
import { micromark } from 'micromark';
import { md } from './helpers';

describe('lists', () => {
  it('writes "- " bullets and nests by the marker width', () => {
    expect(md('<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>')).toBe('- a\n- b\n  - c');
    expect(md('<ol><li>a<ol><li>b</li></ol></li></ol>')).toBe('1. a\n   1. b');
  });

  it('numbers from start and value', () => {
    expect(md('<ol start="7"><li>a</li><li>b</li></ol>')).toBe('7. a\n8. b');
    expect(md('<ol><li>a</li><li value="10">b</li><li>c</li></ol>')).toBe('1. a\n10. b\n11. c');
  });

  it('keeps adjacent lists apart instead of merging them', () => {
    const out = md('<ul><li>a</li></ul><ul><li>b</li></ul><ol><li>c</li></ol><ol><li>d</li></ol>');
    expect(micromark(out).match(/<ul>/g)).toHaveLength(2);
    expect(micromark(out).match(/<ol/g)).toHaveLength(2);
  });

  it('drops separators that stand between items outside any item', () => {
    expect(md('<ul><li>a</li>, <li>b</li> | <li>c</li></ul>')).toBe('- a\n- b\n- c');
  });

  it('writes nothing for an item whose content renders nothing', () => {
    expect(md('<ul><li>a</li><li><a href="/x"><span></span></a></li><li>b</li></ul>')).toBe('- a\n- b');
  });

  it('keeps an item written empty between items, where it holds a place and a number', () => {
    expect(md('<ul><li>foo</li><li></li><li>bar</li></ul>')).toBe('- foo\n-\n- bar');
    expect(md('<ol><li>foo</li><li> </li><li>bar</li></ol>')).toBe('1. foo\n2.\n3. bar');
    expect(micromark(md('<ul><li>foo</li><li></li><li>bar</li></ul>'))).toBe('<ul>\n<li>foo</li>\n<li></li>\n<li>bar</li>\n</ul>');
  });

  it('drops empty items at the ends of a list and lists of nothing but empty items (carousel dots)', () => {
    expect(md('<ul><li></li><li>a</li><li></li></ul>')).toBe('- a');
    expect(md('<ol class="indicators"><li></li><li></li><li></li></ol><p>x</p>')).toBe('x');
  });

  it('keeps a list inside a block quote quoted, item by item', () => {
    expect(md('<blockquote><ul><li>one</li><li>two</li></ul></blockquote>')).toBe('> - one\n> - two');
    expect(md('<blockquote><p>Intro:</p><ol><li>one</li></ol></blockquote>')).toBe('> Intro:\n>\n> 1. one');
    expect(micromark(md('<blockquote>\n  <ul>\n    <li>one</li>\n  </ul>\n</blockquote>'))).toBe('<blockquote>\n<ul>\n<li>one</li>\n</ul>\n</blockquote>');
    // A line break first in the quote breaks no line: no empty quoted line before the list.
    expect(md('<blockquote><br><ol><li>one</li></ol><br></blockquote>')).toBe('> 1. one');
  });

  it('keeps paragraphs and code inside items indented under them', () => {
    const out = md('<ul><li><p>one</p><p>two</p></li><li><pre><code>x</code></pre></li></ul>');
    const html = micromark(out);
    expect(html).toContain('<li>\n<p>one</p>\n<p>two</p>\n</li>');
    expect(html).toContain('<pre><code>x\n</code></pre>');
  });
});
