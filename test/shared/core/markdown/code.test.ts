import { describe, expect, it } from 'vitest';
import { micromark } from 'micromark';
import { md } from './helpers';

describe('code', () => {
  it('fences <pre><code> with the language from a language-* or lang-* class', () => {
    expect(md('<pre><code class="language-js">let x = 1;\n</code></pre>')).toBe('```js\nlet x = 1;\n```');
    expect(md('<pre><code class="hljs lang-python">print(1)</code></pre>')).toBe('```python\nprint(1)\n```');
    expect(md('<pre class="language-rust">fn main() {}</pre>')).toBe('```rust\nfn main() {}\n```');
  });

  it('fences a <pre> without <code>, keeping its whitespace and <br> line breaks', () => {
    expect(md('<pre>  a\n    b</pre>')).toBe('```\n  a\n    b\n```');
    expect(md('<pre>one<br>two</pre>')).toBe('```\none\ntwo\n```');
  });

  it('uses a longer fence when the code holds a fence', () => {
    expect(md('<pre><code>```\ninner\n```</code></pre>')).toBe('````\n```\ninner\n```\n````');
  });

  it('does not escape Markdown inside code', () => {
    expect(md('<pre><code>a * b_c [d]</code></pre>')).toBe('```\na * b_c [d]\n```');
    expect(md('<p>use <code>a*b_c</code> here</p>')).toBe('use `a*b_c` here');
  });

  it('pads a code span that starts or ends with a backtick or keeps edge spaces', () => {
    expect(md('<p><code>`tick`</code></p>')).toBe('`` `tick` ``');
    // Spaces in code are content: kept inside the span, padded so CommonMark does not strip them.
    expect(micromark(md('<p>x <code> a </code> y</p>'))).toBe('<p>x <code> a </code> y</p>');
    expect(micromark(md('<p><code> a  b </code></p>'))).toBe('<p><code> a  b </code></p>');
    expect(micromark(md('<p><code> </code></p>'))).toBe('<p><code> </code></p>');
  });

  it('writes code spans, not fences, for a <pre> inside a table cell', () => {
    const out = md('<table><tr><th>code</th></tr><tr><td><pre>a\nb</pre></td></tr></table>');
    expect(out.split('\n')[2]).toBe('| `a`<br>`b` |');
  });
});
