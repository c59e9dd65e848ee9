// Math from every form a page keeps it in, as $…$ and $$…$$: the TeX source where the page has it,
// TeX written from MathML where it has not. Cleaning is on where it would otherwise hide the source.
import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { parseHtml } from '../../../../src/shared/core/parse';
import { mathmlToTex } from '../../../../src/shared/core/markdown/mathml';
import { md } from './helpers';

/** With the default cleaning, which removes scripts, hidden elements and aria-hidden blocks. */
const cleaned = (html: string) => convert(`<main>${html}</main>`).markdown.trimEnd();

describe('math with its TeX source', () => {
  it('reads MathJax 2 scripts (inline and display) and drops the rendered copies', () => {
    const html =
      '<p>Area <span class="MathJax_Preview">πr²</span><span class="MathJax" id="MathJax-Element-1-Frame">πr2</span><script type="math/tex" id="MathJax-Element-1">\\pi r^2</script> here.</p>' +
      '<div class="MathJax_Display"><span class="MathJax" id="MathJax-Element-2-Frame">Σ</span></div><script type="math/tex; mode=display" id="MathJax-Element-2">\\sum_{i=1}^n i % the sum\n= \\frac{n(n+1)}{2}</script>';
    expect(cleaned(html)).toBe('Area $\\pi r^2$ here.\n\n$$\n\\sum_{i=1}^n i = \\frac{n(n+1)}{2}\n$$');
  });

  it('reads KaTeX (its MathML annotation), inline and display', () => {
    const katex = (tex: string) =>
      `<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">${tex}</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">glyphs</span></span></span>`;
    expect(cleaned(`<p>So ${katex('E=mc^2')} holds.</p><p><span class="katex-display">${katex('a^2+b^2=c^2')}</span></p>`)).toBe(
      'So $E=mc^2$ holds.\n\n$$\na^2+b^2=c^2\n$$',
    );
  });

  it('reads Wikipedia (MathML hidden with display:none, a fallback image), without {\\displaystyle}', () => {
    const html =
      '<p>The area is <span class="mwe-math-element"><span class="mwe-math-mathml-inline mwe-math-mathml-a11y" style="display: none;"><math xmlns="http://www.w3.org/1998/Math/MathML" alttext="{\\displaystyle \\pi r^{2}}"><semantics><mrow><mi>π</mi></mrow><annotation encoding="application/x-tex">{\\displaystyle \\pi r^{2}}</annotation></semantics></math></span><img src="https://wikimedia.org/api/rest_v1/media/math/render/svg/1" class="mwe-math-fallback-image-inline" aria-hidden="true" alt="{\\displaystyle \\pi r^{2}}"></span>.</p>';
    expect(cleaned(html)).toBe('The area is $\\pi r^{2}$.');
  });

  it('reads MathJax 3 (its assistive MathML), data-latex attributes, Pandoc spans and formula images', () => {
    expect(md('<p><mjx-container class="MathJax" jax="CHTML" display="true"><mjx-math>glyphs</mjx-math><mjx-assistive-mml><math display="block"><msup><mi>e</mi><mi>x</mi></msup></math></mjx-assistive-mml></mjx-container></p>')).toBe(
      '$$\ne^x\n$$',
    );
    expect(md('<p>Let <span class="math" data-latex="\\alpha+\\beta">α+β</span> be.</p>')).toBe('Let $\\alpha+\\beta$ be.');
    expect(md('<p><span class="math inline">\\(a+b\\)</span> and</p><p><span class="math display">\\[c\\]</span></p>')).toBe('$a+b$ and\n\n$$\nc\n$$');
    expect(md('<p><img class="latex" src="https://s0.wp.com/latex.php?latex=x" alt="\\frac{1}{2}"> of it</p>')).toBe('$\\frac{1}{2}$ of it');
  });
});

describe('MathML without TeX', () => {
  const tex = (mathml: string) => mathmlToTex(parseHtml(`<math>${mathml}</math>`).body!.firstElementChild!);

  it('writes the common elements as TeX', () => {
    expect(tex('<mi>x</mi><mo>=</mo><mfrac><mrow><mo>-</mo><mi>b</mi><mo>±</mo><msqrt><msup><mi>b</mi><mn>2</mn></msup><mo>-</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac>')).toBe(
      'x=\\frac{-b\\pm \\sqrt{b^2-4ac}}{2a}',
    );
    expect(tex('<msub><mi>x</mi><mi>i</mi></msub><mo>≤</mo><mi>sin</mi><mi>θ</mi>')).toBe('x_i\\le \\sin \\theta');
    expect(tex('<msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup><mroot><mi>x</mi><mn>3</mn></mroot>')).toBe('\\int_0^1\\sqrt[3]{x}');
    expect(tex('<munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mover><mi>v</mi><mo>→</mo></mover>')).toBe('\\sum_{i=1}^n\\vec{v}');
    expect(tex('<mtext>if x &gt; 0</mtext>')).toBe('\\text{if x > 0}');
  });

  it('keeps the text of elements it has no TeX for', () => {
    expect(tex('<mmultiscripts><mi>F</mi><mn>1</mn></mmultiscripts><unknown>q</unknown>')).toBe('F1q');
  });

  it('writes it as math in the Markdown', () => {
    expect(md('<p>If <math><msup><mi>x</mi><mn>2</mn></msup></math> is even</p>')).toBe('If $x^2$ is even');
  });
});

describe('math stays inert and in place', () => {
  it('puts a space after a < that could open a tag, and opens display math that would start a block', () => {
    const out = md('<p><math><semantics><mi>x</mi><annotation encoding="application/x-tex">a&lt;b&lt;/script&gt;</annotation></semantics></math></p><math display="block"><semantics><mi>x</mi><annotation encoding="application/x-tex">- x</annotation></semantics></math>');
    expect(out).toBe('$a< b< /script>$\n\n$$\n{}- x\n$$');
  });

  it('writes display math inline inside a table cell', () => {
    expect(md('<table><tr><th>f</th></tr><tr><td><math display="block"><mi>y</mi></math></td></tr></table>')).toContain('| $y$ |');
  });

  it('escapes dollar signs in text only where they could read as math', () => {
    expect(md('<p>It costs $5 and $10.</p>')).toBe('It costs $5 and $10.');
    expect(md('<p>Between $a and b$ here</p>')).toBe('Between \\$a and b\\$ here');
    expect(md('<p>Pay US$$ now</p>')).toBe('Pay US\\$\\$ now');
  });
});
