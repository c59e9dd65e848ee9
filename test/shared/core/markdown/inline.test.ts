import { describe, expect, it } from 'vitest';
import { micromark } from 'micromark';
import { md } from './helpers';

describe('inline', () => {
  it('uses * for emphasis so that intraword emphasis works', () => {
    expect(md('<p>foo<em>bar</em>baz</p>')).toBe('foo*bar*baz');
    expect(micromark(md('<p>foo<em>bar</em>baz</p>'))).toBe('<p>foo<em>bar</em>baz</p>');
  });

  it('alternates delimiters for nested emphasis, so it reads back nested', () => {
    expect(md('<p><em>a <em>b</em> c</em></p>')).toBe('*a _b_ c*');
    expect(micromark(md('<p><em>a <em>b</em> c</em></p>'))).toBe('<p><em>a <em>b</em> c</em></p>');
    expect(micromark(md('<p><strong><em>x</em></strong> and <b>a <strong>b</strong></b></p>'))).toBe(
      '<p><strong><em>x</em></strong> and <strong>a <strong>b</strong></strong></p>',
    );
  });

  it('drops inner delimiters where `_` would stand inside a word', () => {
    expect(md('<p><em>ab<em>c</em>d</em></p>')).toBe('*abcd*');
  });

  it('writes GFM strikethrough', () => {
    expect(md('<p><del>gone</del></p>')).toBe('~~gone~~');
  });

  it('spreads a link over the blocks it wraps, so no URL leaks as text', () => {
    const out = md('<a href="https://e.com/card"><div><img src="https://e.com/i.png" alt="pic"></div><h3>Title</h3></a>');
    expect(out).toBe('[![pic](https://e.com/i.png)](https://e.com/card)\n\n### [Title](https://e.com/card)');
  });

  it('pushes bold through paragraphs it wraps', () => {
    expect(md('<b><p>one</p><p>two</p></b>')).toBe('**one**\n\n**two**');
  });

  it('makes links and images absolute against the page URL and <base href>', () => {
    expect(md('<a href="/a b">x</a> <img src="i.png" alt="">', { url: 'https://e.com/dir/page' })).toBe('[x](https://e.com/a%20b) ![](https://e.com/dir/i.png)');
    expect(md('<base href="https://cdn.e.com/root/"><a href="x">x</a>', { url: 'https://e.com/' })).toBe('[x](https://cdn.e.com/root/x)');
  });

  it('drops javascript:, vbscript: and data: links but keeps their text', () => {
    expect(md('<a href="javascript:alert(1)">one</a> <a href=" JaVa&#10;script:x">two</a> <a href="data:text/html,x">three</a>')).toBe('one two three');
    // Browsers strip C0 controls and spaces at both ends before they read the scheme.
    expect(md('<a href="&#1;&#31; javascript:x&#2; ">four</a>')).toBe('four');
  });

  it('drops data: images unless asked to keep them, and takes lazy-loaded sources', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(md(`<img src="${png}" alt="a">`)).toBe('');
    expect(md(`<img src="${png}" alt="a">`, { dataImages: 'keep' })).toBe(`![a](${png})`);
    expect(md(`<img src="${png}" data-src="/real.jpg" alt="r">`, { url: 'https://e.com/' })).toBe('![r](https://e.com/real.jpg)');
  });

  it('writes link titles and escapes parentheses in destinations', () => {
    expect(md('<a href="https://e.com/a_(b)" title="say &quot;hi&quot;">x</a>')).toBe('[x](https://e.com/a_\\(b\\) "say \\"hi\\"")');
  });

  it('drops links without text', () => {
    expect(md('<p>a <a href="/x"> </a>b</p>')).toBe('a b');
  });

  it('keeps task list checkboxes', () => {
    expect(md('<ul><li><input type="checkbox" checked> done</li><li><input type="checkbox"> todo</li></ul>')).toBe('- [x] done\n- [ ] todo');
  });

  it('keeps adjacent links apart by a space, and adds none where there is one', () => {
    expect(md('<p><a href="/a">Company Town</a><a href="/b">Television</a></p>', { url: 'https://e.com/' })).toBe('[Company Town](https://e.com/a) [Television](https://e.com/b)');
    expect(md('<p><a href="/a">One </a><a href="/b">Two</a><!-- c --><a href="/c">Three</a></p>', { url: 'https://e.com/' })).toBe(
      '[One](https://e.com/a) [Two](https://e.com/b) [Three](https://e.com/c)',
    );
  });

  it('escapes ! only before a [ that we write', () => {
    expect(md('<p>heaven help us—<a href="https://booyahbank.com/">booyah!</a>.</p>')).toBe('heaven help us—[booyah!](https://booyahbank.com/).');
    expect(md('<p><em>wow!</em> more</p>')).toBe('*wow!* more');
    expect(md('<p>Look!<a href="/x">link</a></p>', { url: 'https://e.com/' })).toBe('Look\\![link](https://e.com/x)');
    expect(micromark(md('<p>Look!<a href="/x">link</a></p>'))).toBe('<p>Look!<a href="/x">link</a></p>');
  });

  it('writes inline code holding emphasis or a link as code spans with the markup around them', () => {
    const out = md('<p><code class="type">varchar(<em class="replaceable"><code>n</code></em>)</code> and <code><a href="https://e.com/m">Array.map</a>(fn)</code></p>');
    expect(out).toBe('`varchar(`*`n`*`)` and [`Array.map`](https://e.com/m)`(fn)`');
    expect(micromark(out)).toBe('<p><code>varchar(</code><em><code>n</code></em><code>)</code> and <a href="https://e.com/m"><code>Array.map</code></a><code>(fn)</code></p>');
  });

  it('writes strong emphasis filling emphasis as ***, which reads back even inside a word', () => {
    expect(md('<p>foo<em><strong>bar</strong></em>baz</p>')).toBe('foo***bar***baz');
    expect(micromark(md('<p>foo<em><strong>bar</strong></em>baz</p>'))).toBe('<p>foo<em><strong>bar</strong></em>baz</p>');
  });

  it('leaves a _ that could only close emphasis unescaped outside emphasis', () => {
    expect(md('<p>a.b-c_d@a.b_ and snake_case_ end</p>')).toBe('a.b-c_d@a.b_ and snake_case_ end');
    expect(md('<p><em>x y_ z</em> and _lead</p>')).toBe('*x y\\_ z* and \\_lead');
  });

  it('keeps the line breaks of a multi-line title where they read back', () => {
    expect(md('<p><a href="/u" title="one\ntwo">x</a></p>')).toBe('[x](/u "one\ntwo")');
    expect(md('<p><a href="/u" title="one\n- two">x</a></p>')).toBe('[x](/u "one - two")');
  });

  it('writes inline code that holds links as code spans inside links, never link syntax inside a span', () => {
    const out = md('<p><code>impl&lt;I: <a href="https://e.com/t" title="trait">Iterator</a>&gt; for <a href="https://e.com/p">Peekable</a></code></p>');
    expect(out).toBe('`impl<I: `[`Iterator`](https://e.com/t "trait")`> for `[`Peekable`](https://e.com/p)');
    expect(micromark(out)).toBe('<p><code>impl&lt;I: </code><a href="https://e.com/t" title="trait"><code>Iterator</code></a><code>&gt; for </code><a href="https://e.com/p"><code>Peekable</code></a></p>');
  });
});

