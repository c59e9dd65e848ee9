// Inline elements without Markdown syntax: each with its policy (README, "Conversion policy").
import { describe, expect, it } from 'vitest';
import { md } from './helpers';
import { renderCommonMark } from './render';

describe('superscript, subscript, highlight', () => {
  it('keeps <sup> and <sub> as inline tags, never joined to the text', () => {
    expect(md('<p>more than 2<sup>31</sup> identifiers</p>')).toBe('more than 2<sup>31</sup> identifiers');
    expect(md('<p>H<sub>2</sub>O</p>')).toBe('H<sub>2</sub>O');
    // Every CommonMark renderer shows them as superscript and subscript.
    expect(renderCommonMark(md('<p>2<sup>31</sup> and H<sub>2</sub>O</p>'))).toBe('<p>2<sup>31</sup> and H<sub>2</sub>O</p>\n');
  });

  it('writes the tags bare, whatever attributes the page gave them, around Markdown content', () => {
    expect(md('<p>x<sup class="a" onclick="alert(1)" style="color:red"><em>n</em>+1</sup></p>')).toBe('x<sup>*n*+1</sup>');
    expect(md('<p><mark data-x="1">hot</mark> news</p>')).toBe('<mark>hot</mark> news');
  });

  it('keeps edge spaces outside the tags and writes nothing for an empty one', () => {
    expect(md('<p>a<sup> 2 </sup>b</p>')).toBe('a <sup>2</sup> b');
    expect(md('<p>a<sup></sup>b<sub> </sub>c</p>')).toBe('ab c');
  });

  it('escapes a literal <sup> in the text, so only ours are tags', () => {
    expect(md('<p>write &lt;sup&gt; for that</p>')).toBe('write \\<sup> for that');
  });
});

describe('keyboard and sample output', () => {
  it('writes <kbd> and <samp> as code spans, without escaping inside', () => {
    expect(md('<p>Press <kbd>Ctrl</kbd> then <samp>*ok*</samp></p>')).toBe('Press `Ctrl` then `*ok*`');
  });

  it('writes one span per key for nested keys', () => {
    expect(md('<p><kbd><kbd>Ctrl</kbd>+<kbd>C</kbd></kbd></p>')).toBe('`Ctrl`+`C`');
  });
});

describe('abbreviations', () => {
  it('expands an abbreviation once, at its first use', () => {
    expect(md('<p><abbr title="Really Simple Syndication">RSS</abbr> feeds; <abbr title="Really Simple Syndication">RSS</abbr> again</p>')).toBe(
      'RSS (Really Simple Syndication) feeds; RSS again',
    );
  });

  it('does not repeat an expansion written out beside it, nor expand machine values', () => {
    expect(md('<p>HyperText Markup Language (<abbr title="HyperText Markup Language">HTML</abbr>)</p>')).toBe('HyperText Markup Language (HTML)');
    expect(md('<p>Posted <abbr class="published" title="2019-11-18T17:19:53Z">Nov 18, 2019</abbr></p>')).toBe('Posted Nov 18, 2019');
  });
});

describe('quotations', () => {
  it('puts <q> between quotation marks, nested ones between single marks', () => {
    expect(md('<p>She said <q>he told me <q>no</q></q>.</p>')).toBe('She said “he told me ‘no’”.');
  });
});
