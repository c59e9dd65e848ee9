// Math, read before cleaning: the TeX source where the page has it, in whichever form its renderer
// left it, gathered into one shape the Markdown stage knows (markdown/math.ts):
//   <math display="block|inline"><semantics>…<annotation encoding="application/x-tex">TeX</annotation></semantics></math>
// Why before cleaning: MathJax 2 keeps the TeX in <script type="math/tex"> (cleaning removes scripts),
// Wikipedia in a MathML copy hidden with display:none, KaTeX beside glyphs marked aria-hidden.
// The rendered glyphs are replaced along with the source, so the formula is written once.
//
// Forms read (each tested):
// - MathJax 2: <script type="math/tex"> (`; mode=display` for display), its preview and frame siblings;
// - KaTeX: span.katex (in span.katex-display for display) holding MathML with a TeX annotation;
// - Wikipedia: span.mwe-math-element holding MathML with a TeX annotation (or alttext);
// - MathJax 3: mjx-container holding assistive MathML (display="true" for display);
// - any <math> with an application/x-tex annotation or a TeX alttext;
// - data-latex / data-tex / data-math attributes, on the element that shows the formula;
// - Pandoc: span.math.inline `\(…\)` and span.math.display `\[…\]`;
// - images of formulas whose alt text is their TeX (img.latex, img.tex: WordPress, MediaWiki).
// MathML without TeX is left as MathML: the Markdown stage converts it.
import { collectElements, type Element, Element as ElementClass, ELEMENT_NODE, type Node, Text, textOf } from '../dom/nodes';
import { tokens } from '../dom/query';

export const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';
export const TEX_ENCODING = 'application/x-tex';

/** Formula sources longer than this are not read as TeX (no real formula is). */
const MAX_TEX_CHARS = 20_000;

export interface FoundMath {
  tex: string;
  display: boolean;
}

function hasClass(el: Element, ...names: string[]): boolean {
  const own = tokens(el, 'class');
  return names.some((name) => own.includes(name));
}

/** TeX on one line: comments (`%` to the end of a line) dropped first, then white space collapsed. */
export function oneLineTex(tex: string): string {
  return tex.replace(/(^|[^\\])%[^\n]*/g, '$1').replace(/\s+/g, ' ').trim();
}

/** A `<math>` element in the shape the Markdown stage reads. */
export function mathElement(source: string, display: boolean): Element {
  const tex = oneLineTex(source);
  const math = new ElementClass('math', MATHML_NS, [{ name: 'display', value: display ? 'block' : 'inline' }]);
  const semantics = new ElementClass('semantics', MATHML_NS, []);
  // The TeX also as text, so the cleaned HTML shows the formula where MathML is not drawn.
  const mtext = new ElementClass('mtext', MATHML_NS, []);
  mtext.appendChild(new Text(tex));
  const annotation = new ElementClass('annotation', MATHML_NS, [{ name: 'encoding', value: TEX_ENCODING }]);
  annotation.appendChild(new Text(tex));
  semantics.appendChild(mtext);
  semantics.appendChild(annotation);
  math.appendChild(semantics);
  return math;
}

/** The TeX annotation of a MathML <math>, if it has one. */
export function texAnnotation(math: Element): string | undefined {
  const stack: Node[] = [...math.childNodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    if (el.localName === 'annotation' && (el.getAttribute('encoding') ?? '').trim().toLowerCase() === TEX_ENCODING) return textOf(el);
    stack.push(...el.childNodes);
  }
  return undefined;
}

/** Alt text that is TeX (it uses TeX's syntax), not a description in words. */
export function looksLikeTex(text: string): boolean {
  return /\\[A-Za-z]+|[\^_]\{|^\{.*\}$/s.test(text.trim());
}

/** TeX from a <math>: its annotation, else a TeX alttext. */
function mathTex(math: Element): string | undefined {
  const annotated = texAnnotation(math);
  if (annotated !== undefined && annotated.trim() !== '') return annotated;
  const alt = math.getAttribute('alttext');
  return alt !== null && looksLikeTex(alt) ? alt : undefined;
}

function isBlockMath(math: Element): boolean {
  return (math.getAttribute('display') ?? '').trim().toLowerCase() === 'block' || (math.getAttribute('mode') ?? '').trim().toLowerCase() === 'display';
}

/** How far above its <math> a renderer's wrapper stands (KaTeX: two levels; in a display block, three). */
const WRAPPER_LEVELS = 4;

/** The nearest ancestor (or `el`) within a few levels that satisfies `predicate`. */
function near(el: Element, predicate: (ancestor: Element) => boolean): Element | null {
  let node: Element | null = el;
  for (let level = 0; node !== null && level <= WRAPPER_LEVELS; level++, node = node.parentElement) if (predicate(node)) return node;
  return null;
}

function replace(target: Element, replacement: Element): void {
  const parent = target.parentNode;
  if (parent === null) return;
  parent.insertBefore(replacement, target);
  parent.removeChild(target);
}

/** What shows a <math> that a renderer wrapped: the wrapper to replace, and whether it is display math. */
function rendererWrapper(math: Element): { wrapper: Element; display: boolean } {
  const katex = near(math, (a) => hasClass(a, 'katex'));
  if (katex !== null) {
    const display = katex.parentElement !== null && hasClass(katex.parentElement, 'katex-display');
    return { wrapper: display ? katex.parentElement! : katex, display: display || isBlockMath(math) };
  }
  const wiki = near(math, (a) => hasClass(a, 'mwe-math-element'));
  if (wiki !== null) {
    const display = isBlockMath(math) || near(math, (a) => hasClass(a, 'mwe-math-mathml-display')) !== null;
    return { wrapper: wiki, display };
  }
  const mjx = near(math, (a) => a.localName === 'mjx-container');
  if (mjx !== null) return { wrapper: mjx, display: (mjx.getAttribute('display') ?? '') === 'true' || isBlockMath(math) };
  return { wrapper: math, display: isBlockMath(math) };
}

// MathJax 2 draws each formula in elements just before its script: a preview, then a frame (or a
// display block holding one).
const MATHJAX2_RENDERINGS = ['mathjax_preview', 'mathjax', 'mathjax_display', 'mathjax_svg', 'mathjax_svg_display', 'mathjax_chtml', 'mathjax_mathml', 'mjx-chtml', 'mjxc-display', 'mathjax_mathcontainer'];

function replaceMathJax2Script(script: Element): boolean {
  const type = (script.getAttribute('type') ?? '').toLowerCase();
  if (!/^math\/tex\b/.test(type)) return false;
  const tex = textOf(script);
  if (tex.trim() === '' || tex.length > MAX_TEX_CHARS) return false;
  const display = /mode\s*=\s*display/.test(type);
  for (let previous = script.previousElementSibling; previous !== null && hasClass(previous, ...MATHJAX2_RENDERINGS); previous = script.previousElementSibling) {
    previous.parentNode!.removeChild(previous);
  }
  replace(script, mathElement(tex, display));
  return true;
}

const TEX_ATTRIBUTES = ['data-latex', 'data-tex', 'data-math'];
const BLOCKISH = new Set(['div', 'p', 'figure', 'section', 'center', 'blockquote']);

function replaceTexAttribute(el: Element): boolean {
  if (el.namespaceURI === MATHML_NS && el.localName === 'math') return false;
  for (const name of TEX_ATTRIBUTES) {
    const tex = el.getAttribute(name);
    if (tex === null || tex.trim() === '' || tex.length > MAX_TEX_CHARS) continue;
    // data-math is also used for flags ("true"): only TeX-looking values count there.
    if (name === 'data-math' && !looksLikeTex(tex)) continue;
    const display = BLOCKISH.has(el.localName) || hasClass(el, 'display', 'math-display', 'display-math') || el.getAttribute('data-display') === 'true';
    replace(el, mathElement(tex, display));
    return true;
  }
  return false;
}

/** Pandoc's `<span class="math inline">\(x\)</span>` and `<span class="math display">\[x\]</span>`. */
function replacePandocSpan(el: Element): boolean {
  if (el.localName !== 'span' || !hasClass(el, 'math') || el.children.length > 0) return false;
  const display = hasClass(el, 'display');
  if (!display && !hasClass(el, 'inline')) return false;
  const match = /^\s*(?:\\\(([^]*)\\\)|\\\[([^]*)\\\]|\$\$([^]*)\$\$|\$([^]*)\$)\s*$/.exec(textOf(el));
  if (match === null) return false;
  const tex = match[1] ?? match[2] ?? match[3] ?? match[4];
  if (tex.trim() === '' || tex.length > MAX_TEX_CHARS) return false;
  replace(el, mathElement(tex, display));
  return true;
}

/** An image of a formula whose alt text is its TeX. */
function replaceFormulaImage(img: Element): boolean {
  if (!hasClass(img, 'latex', 'tex', 'mwe-math-fallback-image-inline', 'mwe-math-fallback-image-display')) return false;
  const alt = img.getAttribute('alt') ?? '';
  if (!looksLikeTex(alt) && !hasClass(img, 'latex', 'tex')) return false;
  if (alt.trim() === '' || alt.length > MAX_TEX_CHARS) return false;
  replace(img, mathElement(alt, hasClass(img, 'mwe-math-fallback-image-display') || hasClass(img, 'displaymath')));
  return true;
}

/**
 * Rewrites every formula into the one <math> shape. `elements`: the document's elements in order,
 * numbered (`order`) as numberElements leaves them, read before any change. Returns how many
 * formulas were rewritten.
 */
export function normalizeMath(elements: readonly Element[]): number {
  let count = 0;
  // Everything before this index lies outside what was replaced: a replaced element's subtree is
  // a run of the list right after it.
  let skipBefore = 0;
  /** Skips the subtree of `el` (an ancestor of elements[index], or itself): call before changing it. */
  const skipSubtree = (el: Element, index: number) => {
    const at = el.order >= 0 && elements[el.order] === el ? el.order : index;
    skipBefore = Math.max(skipBefore, at + collectElements(el).length + 1);
  };
  for (let i = 0; i < elements.length; i++) {
    if (i < skipBefore) continue;
    const el = elements[i];
    if (el.parentNode === null) continue;
    if (el.localName === 'script') {
      if (replaceMathJax2Script(el)) count++;
    } else if (el.localName === 'math' && el.namespaceURI === MATHML_NS) {
      const tex = mathTex(el);
      const { wrapper, display } = rendererWrapper(el);
      skipSubtree(wrapper, i);
      if (tex !== undefined && tex.length <= MAX_TEX_CHARS) {
        replace(wrapper, mathElement(tex, display));
        count++;
      } else if (wrapper !== el) {
        // MathML without TeX: the MathML stays (the Markdown stage converts it), its glyphs go.
        if (display) el.setAttribute('display', 'block');
        replace(wrapper, el);
        count++;
      }
    } else if (el.localName === 'img') {
      if (replaceFormulaImage(el)) count++;
    } else if (el.attrs.length > 0 && TEX_ATTRIBUTES.some((name) => el.hasAttribute(name))) {
      // A replaced element keeps its (now detached) subtree, which is skipped.
      if (replaceTexAttribute(el)) {
        skipSubtree(el, i);
        count++;
      }
    } else if (el.localName === 'span' && replacePandocSpan(el)) {
      skipSubtree(el, i);
      count++;
    }
  }
  return count;
}
