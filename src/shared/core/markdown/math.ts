// Math as the `$…$` (inline) and `$$…$$` (display) that GitHub, GitLab, Pandoc, Obsidian, Jupyter and
// the KaTeX/MathJax Markdown plugins read: the TeX source where the page had it (normalize/math.ts
// gathers it into <math> elements), else TeX written from the MathML (mathml.ts).
//
// The TeX is made safe for a renderer that knows no math and reads it as Markdown: a `<` that
// could open a tag gets a space after it (`a < b` in TeX either way), so no formula is live HTML;
// display math stands on one line between `$$` lines, opened with `{}` if it would otherwise start
// a Markdown block (a list item, a heading, a quote).
import { closest } from '../dom/query';
import type { Element } from '../dom/nodes';
import { looksLikeTex, texAnnotation } from '../normalize/math';
import { blockGap } from './blocks';
import { mathmlToTex } from './mathml';
import type { MarkdownRule } from './rule';

/** `{\displaystyle x}` (Wikipedia) is `x`. */
function withoutStyleWrapper(tex: string): string {
  const match = /^\s*\{\\(?:display|text)style\s*([^]*)\}\s*$/.exec(tex);
  if (match === null) return tex;
  // Only when the braces around it pair up: `{\displaystyle a}{b}` is not one group.
  let depth = 0;
  for (const c of match[1].replace(/\\[{}]/g, '')) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return tex;
  }
  return depth === 0 ? match[1] : tex;
}

/** No tag can open inside the formula: `<` before a letter, `/`, `!` or `?` gets a space after it. */
function inert(tex: string): string {
  return tex.replace(/<(?=[A-Za-z/!?])/g, '< ');
}

/** The formula's TeX on one line, or '' when it has none. */
export function formulaTex(math: Element): string {
  const annotated = texAnnotation(math);
  const alt = math.getAttribute('alttext');
  const source = annotated !== undefined && annotated.trim() !== '' ? annotated : alt !== null && looksLikeTex(alt) ? alt : mathmlToTex(math);
  return inert(withoutStyleWrapper(source)).replace(/\s+/g, ' ').trim();
}

/** A line starting with one of these could open a Markdown block in a renderer that knows no math. */
const OPENS_BLOCK = /^(?:[#>=|]|[-+*](?:\s|[-+*]|$)|\d{1,9}[.)](?:\s|$)|`{3}|~{3})/;

function isDisplay(math: Element): boolean {
  return (math.getAttribute('display') ?? '').trim().toLowerCase() === 'block';
}

export function mathRules(): Record<string, MarkdownRule> {
  return {
    math: {
      tags: ['math'],
      replacement: (_content, el) => {
        const tex = formulaTex(el);
        if (tex === '') return '';
        const inCell = closest(el, (a) => a.localName === 'td' || a.localName === 'th') !== null;
        if (!isDisplay(el) || inCell) return `$${tex}$`;
        const gap = blockGap(el);
        return `${gap}$$\n${OPENS_BLOCK.test(tex) ? `{}${tex}` : tex}\n$$${gap}`;
      },
    },
  };
}
