// The passes that read the page before cleaning (math, footnotes, <noscript> images) and the code
// language look-up on pages built to make them slow: many of each, wide and deep. Each page must
// convert within the default budget (a pass that grew with the square of the page would not).
import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const noCleaning = { rules: { unwanted: false, boilerplate: false, ads: false, hidden: false, chrome: false } };

describe('normalisation at scale', () => {
  it('reads thousands of footnotes', () => {
    const n = 2000;
    const refs = Array.from({ length: n }, (_, i) => `word<a href="#n${i}" id="r${i}">${i + 1}</a>`).join(' ');
    const notes = Array.from({ length: n }, (_, i) => `<li id="n${i}">Note ${i + 1} <a href="#r${i}">↩</a></li>`).join('');
    const { markdown } = convert(`<main><p>${refs}</p><ol>${notes}</ol></main>`);
    expect(markdown.match(/^\[\^\d+\]: Note \d+$/gm)).toHaveLength(n);
  });

  it('checks thousands of references to one large note, and references nested thousands deep', () => {
    const wide = `<p>text ${'<a href="#n">1</a> '.repeat(20_000)}</p><ol><li id="n">${'<b>x</b>'.repeat(300)}<a href="#r">back</a></li></ol>`;
    expect(convert(wide, noCleaning).markdown).toContain('text');
    const deep = `${'<div>'.repeat(20_000)}<p>deep<a href="#n" id="r">1</a></p>${'</div>'.repeat(20_000)}<p id="n">Note <a href="#r">↩</a></p>`;
    expect(convert(deep, noCleaning).markdown).toContain('deep');
  });

  it('reads thousands of formulas, wide and deep', () => {
    const wide = `<p>${'<span class="katex"><span class="katex-mathml"><math><semantics><mi>x</mi><annotation encoding="application/x-tex">x</annotation></semantics></math></span></span> '.repeat(5000)}</p>`;
    expect(convert(wide, noCleaning).markdown.match(/\$x\$/g)).toHaveLength(5000);
    const deep = `${'<span>'.repeat(20_000)}${'<math><mi>y</mi></math>'.repeat(5000)}${'</span>'.repeat(20_000)}`;
    expect(convert(deep, noCleaning).markdown).toContain('y');
  });

  it('looks for code languages and fallback images among thousands of siblings', () => {
    const pres = `<div class="language-js">${'<div><pre>x</pre></div>'.repeat(5000)}</div>`;
    expect(convert(pres, noCleaning).markdown.match(/^```$/gm)).toHaveLength(10_000);
    const noscripts = `<div>${'<span>x</span>'.repeat(20_000)}</div>${'<noscript><img src="/a.jpg" alt="a"></noscript>'.repeat(5000)}`;
    expect(convert(noscripts, { url: 'https://e.com/' }).markdown.match(/!\[a\]/g)).toHaveLength(5000);
  });
});
