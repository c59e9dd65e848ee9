// What the conversion writes stays inert: read back by CommonMark and GFM renderers that let raw
// HTML through, hostile pages aimed at every rule of this stage give no tag outside what Markdown
// itself makes and the bare inline tags we write (sup, sub, mark), no event handler, no style and
// no script URL.
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { convert, RULE_CATEGORIES } from '../../../../src/shared/core';
import { INERT_TAGS } from '../../../../src/shared/core/markdown/inert-html';
import { renderCommonMark, renderGfm } from './render';

const MARKDOWN_TAGS = new Set([
  'p', 'em', 'strong', 'a', 'img', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote',
  'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'del', 'input', 'section', ...INERT_TAGS,
]);
// `class` carries only names (`language-js`, `footnotes`): no value of it can run or load anything.
const SAFE_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'id', 'class', 'start', 'align', 'type', 'checked', 'disabled', 'data-footnotes', 'data-footnote-ref', 'data-footnote-backref', 'aria-describedby', 'aria-label']);

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment;

function problems(html: string): string[] {
  const found: string[] = [];
  const stack: Node[] = [parseFragment(html)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node) {
      if (!MARKDOWN_TAGS.has(node.tagName)) found.push(`<${node.tagName}>`);
      for (const attr of node.attrs) {
        if (!SAFE_ATTRIBUTES.has(attr.name)) found.push(`${node.tagName}[${attr.name}]`);
        if ((attr.name === 'href' || attr.name === 'src') && /^\s*(?:javascript|vbscript|data:text)/i.test(attr.value)) found.push(`${attr.name}=${attr.value}`);
      }
      if ((INERT_TAGS as readonly string[]).includes(node.tagName) && node.attrs.length > 0) found.push(`${node.tagName} with attributes`);
    }
    if ('childNodes' in node) stack.push(...node.childNodes);
  }
  return found;
}

const HOSTILE = [
  '<p>2<sup onclick="alert(1)" style="x"><script>alert(1)</script>31<img src=x onerror=alert(1)></sup> H<sub id="s"><iframe src="javascript:alert(1)"></iframe>2</sub><mark onmouseover=alert(1)>m</mark></p>',
  '<p><math><semantics><mi>x</mi><annotation encoding="application/x-tex">a</math><script>alert(1)</script><img src=x onerror=alert(1)></annotation></semantics></math></p>',
  '<math display="block"><semantics><mi>x</mi><annotation encoding="application/x-tex">&lt;div onclick=alert(1)&gt;\n\n&lt;script&gt;alert(1)&lt;/script&gt;</annotation></semantics></math>',
  '<p><span class="math" data-latex="</span><img src=x onerror=alert(1)>">x</span> <script type="math/tex">\\text{<svg onload=alert(1)>}</script></p>',
  '<p>Ref<sup><a href="#user-content-fn-<img src=x onerror=alert(1)>" id="user-content-fnref-x" data-footnote-ref>1</a></sup></p><section data-footnotes><ol><li id="user-content-fn-<img src=x onerror=alert(1)>"><p>note <script>alert(1)</script><a href="#user-content-fnref-x">↩</a></p></li></ol></section>',
  '<pre><code class="language-&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</code></pre><pre class="brush: &lt;img/src/onerror=alert(1)&gt;">y</pre>',
  '<p><abbr title="<img src=x onerror=alert(1)>">XSS</abbr> <q onclick="alert(1)"><script>x</script>q</q> <kbd><kbd>a</kbd>&lt;img src=x onerror=alert(1)&gt;</kbd> <samp>&lt;script&gt;</samp></p>',
  '<dl><dt onclick="alert(1)"><img src=x onerror=alert(1)>term</dt><dd>d</dd></dl><details ontoggle="alert(1)" open><summary>&lt;script&gt;alert(1)&lt;/script&gt;</summary>x</details>',
  '<img src="javascript:alert(1)" alt="a"><img srcset="javascript:alert(2) 2x" alt="b"><picture><source srcset="java&#10;script:alert(3)"><img alt="c"></picture><noscript><img src="x.jpg" onerror="alert(4)"></noscript>',
  '<table><tr><td><b onclick="alert(1)">H</b></td><td><b>&lt;script&gt;</b></td></tr><tr><td>1</td><td><code>x<em onclick=alert(1)>y</em></code></td></tr></table>',
  '<p><a href="/a" title="one\ntwo&quot;&gt;&lt;script&gt;">A</a><a href="javascript:alert(1)">B</a><code><a href="javascript:alert(1)">C</a></code></p>',
];

describe('outputs stay inert', () => {
  const noCleaning = Object.fromEntries(RULE_CATEGORIES.map((category) => [category, false]));
  for (const [i, html] of HOSTILE.entries()) {
    it(`hostile page ${i + 1}`, () => {
      for (const options of [{ rules: noCleaning, dataImages: 'keep' as const }, {}]) {
        const { markdown } = convert(html, { url: 'https://e.com/', ...options });
        expect(problems(renderCommonMark(markdown)), markdown).toEqual([]);
        expect(problems(renderGfm(markdown)), markdown).toEqual([]);
      }
    });
  }

  it('finds what it looks for', () => {
    expect(problems('<p><sup class="x">a</sup><img src="javascript:x" onerror="y"><div></div></p>').sort()).toEqual(['<div>', 'img[onerror]', 'src=javascript:x', 'sup with attributes']);
  });
});
