// MathML without a TeX source, written as TeX: the common presentation elements (mi mo mn mtext
// msup msub msubsup mfrac msqrt mroot mrow mover munder munderover mfenced mtable) become their TeX
// forms; any other element gives its children, so the text of a formula is never lost.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text, textOf } from '../dom/nodes';

/** Characters with a TeX command (Greek letters, operators, relations, arrows); others stay as they are. */
const SYMBOLS: Record<string, string> = {
  α: '\\alpha', β: '\\beta', γ: '\\gamma', δ: '\\delta', ε: '\\varepsilon', ϵ: '\\epsilon', ζ: '\\zeta', η: '\\eta',
  θ: '\\theta', ϑ: '\\vartheta', ι: '\\iota', κ: '\\kappa', λ: '\\lambda', μ: '\\mu', ν: '\\nu', ξ: '\\xi', π: '\\pi',
  ϖ: '\\varpi', ρ: '\\rho', ϱ: '\\varrho', σ: '\\sigma', ς: '\\varsigma', τ: '\\tau', υ: '\\upsilon', φ: '\\varphi',
  ϕ: '\\phi', χ: '\\chi', ψ: '\\psi', ω: '\\omega', Γ: '\\Gamma', Δ: '\\Delta', Θ: '\\Theta', Λ: '\\Lambda',
  Ξ: '\\Xi', Π: '\\Pi', Σ: '\\Sigma', Υ: '\\Upsilon', Φ: '\\Phi', Ψ: '\\Psi', Ω: '\\Omega',
  '×': '\\times', '÷': '\\div', '±': '\\pm', '∓': '\\mp', '⋅': '\\cdot', '·': '\\cdot', '∘': '\\circ', '∗': '\\ast',
  '≤': '\\le', '≥': '\\ge', '≠': '\\ne', '≈': '\\approx', '≡': '\\equiv', '∼': '\\sim', '≃': '\\simeq', '≅': '\\cong',
  '∝': '\\propto', '≪': '\\ll', '≫': '\\gg', '∞': '\\infty', '∑': '\\sum', '∏': '\\prod', '∫': '\\int', '∮': '\\oint',
  '∂': '\\partial', '∇': '\\nabla', '√': '\\surd', '→': '\\to', '←': '\\leftarrow', '↔': '\\leftrightarrow',
  '⇒': '\\Rightarrow', '⇐': '\\Leftarrow', '⇔': '\\Leftrightarrow', '↦': '\\mapsto', '∈': '\\in', '∉': '\\notin',
  '∋': '\\ni', '⊂': '\\subset', '⊃': '\\supset', '⊆': '\\subseteq', '⊇': '\\supseteq', '∪': '\\cup', '∩': '\\cap',
  '∅': '\\emptyset', '∀': '\\forall', '∃': '\\exists', '¬': '\\neg', '∧': '\\land', '∨': '\\lor', '⊕': '\\oplus',
  '⊗': '\\otimes', '⊥': '\\perp', '∥': '\\parallel', '∠': '\\angle', '…': '\\ldots', '⋯': '\\cdots', '⋮': '\\vdots',
  '⋱': '\\ddots', '′': "'", '″': "''", '−': '-', '∣': '\\mid', '⟨': '\\langle', '⟩': '\\rangle', '⌊': '\\lfloor',
  '⌋': '\\rfloor', '⌈': '\\lceil', '⌉': '\\rceil', 'ℝ': '\\mathbb{R}', 'ℕ': '\\mathbb{N}', 'ℤ': '\\mathbb{Z}',
  'ℚ': '\\mathbb{Q}', 'ℂ': '\\mathbb{C}', 'ℏ': '\\hbar', 'ℓ': '\\ell', '°': '^\\circ',
  // Invisible operators (function application, times, separator, plus) write nothing.
  '\u2061': '', '\u2062': '', '\u2063': '', '\u2064': '',
};

const FUNCTIONS = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'log', 'ln', 'lg', 'exp', 'lim', 'max', 'min', 'sup', 'inf', 'det', 'dim', 'ker', 'gcd', 'deg', 'arg', 'Pr']);

const ACCENTS: Record<string, string> = { '^': '\\hat', ˆ: '\\hat', '¯': '\\bar', '‾': '\\overline', '→': '\\vec', '~': '\\tilde', '˜': '\\tilde', '˙': '\\dot', '¨': '\\ddot', '⏞': '\\overbrace', '⏟': '\\underbrace', _: '\\underline' };

/** Beyond this nesting a formula is written as its text: no real formula nests this deep. */
const MAX_DEPTH = 64;

function escapeTexText(text: string): string {
  return text.replace(/[\\{}#$%&_^~]/g, (c) => (c === '\\' ? '\\backslash ' : c === '^' ? '\\hat{}' : c === '~' ? '\\sim ' : `\\${c}`));
}

function symbols(text: string): string {
  let out = '';
  for (const c of text) {
    const command = SYMBOLS[c];
    if (command !== undefined) out += command === '' ? '' : `${command} `;
    else if (/[{}#$%&_]/.test(c)) out += `\\${c}`;
    else if (c === '\\') out += '\\backslash ';
    else out += c;
  }
  return out;
}

function elementChildren(el: Element): Element[] {
  return el.childNodes.filter((child): child is Element => child.nodeType === ELEMENT_NODE);
}

/** TeX for one argument: braced unless a single character or command. */
function group(tex: string): string {
  const trimmed = tex.trim();
  return /^(?:[A-Za-z0-9]|\\[A-Za-z]+)$/.test(trimmed) ? trimmed : `{${trimmed}}`;
}

function identifier(text: string, el: Element): string {
  const name = text.trim();
  if (name === '') return '';
  if (FUNCTIONS.has(name)) return `\\${name} `;
  if ([...name].length === 1) return symbols(name);
  const variant = el.getAttribute('mathvariant');
  return variant === 'italic' ? `\\mathit{${escapeTexText(name)}}` : `\\mathrm{${escapeTexText(name)}}`;
}

function fenced(el: Element, depth: number): string {
  const open = el.getAttribute('open') ?? '(';
  const close = el.getAttribute('close') ?? ')';
  const separators = (el.getAttribute('separators') ?? ',').replace(/\s+/g, '');
  const parts = elementChildren(el).map((child) => toTex(child, depth + 1));
  let body = '';
  parts.forEach((part, i) => {
    if (i > 0) body += separators === '' ? '' : separators[Math.min(i - 1, separators.length - 1)];
    body += part;
  });
  const delimiter = (d: string) => (d === '{' ? '\\{' : d === '}' ? '\\}' : d === '' ? '.' : symbols(d).trim());
  return `\\left${delimiter(open)}${body}\\right${delimiter(close)}`;
}

function table(el: Element, depth: number): string {
  const rows = elementChildren(el)
    .filter((row) => row.localName === 'mtr' || row.localName === 'mlabeledtr')
    .map((row) => elementChildren(row).filter((cell) => cell.localName === 'mtd').map((cell) => toTex(cell, depth + 1).trim()).join(' & '));
  return `\\begin{matrix}${rows.join(' \\\\ ')}\\end{matrix}`;
}

function underOver(el: Element, depth: number): string {
  const [base, first, second] = elementChildren(el).map((child) => toTex(child, depth + 1).trim());
  if (base === undefined) return '';
  const isBigOperator = /^\\(?:sum|prod|int|oint|lim|max|min|bigcup|bigcap)\b/.test(base);
  if (el.localName === 'munderover') return `${isBigOperator ? base : group(base)}_${group(first ?? '')}^${group(second ?? '')}`;
  const script = first ?? '';
  if (isBigOperator) return el.localName === 'munder' ? `${base}_${group(script)}` : `${base}^${group(script)}`;
  const accentText = textOf(elementChildren(el)[1] ?? el).trim();
  const accent = ACCENTS[accentText];
  if (accent !== undefined && (el.localName === 'mover' || accentText === '_' || accentText === '⏟')) return `${accent}{${base}}`;
  return el.localName === 'munder' ? `\\underset{${script}}{${base}}` : `\\overset{${script}}{${base}}`;
}

/** TeX for a MathML node. */
export function toTex(node: Node, depth = 0): string {
  if (node.nodeType === TEXT_NODE) return symbols((node as Text).data.replace(/\s+/g, ' '));
  if (node.nodeType !== ELEMENT_NODE) return '';
  const el = node as Element;
  if (depth > MAX_DEPTH) return symbols(textOf(el));
  const kids = elementChildren(el);
  const arg = (i: number) => (kids[i] === undefined ? '' : toTex(kids[i], depth + 1));
  const all = () => el.childNodes.map((child) => toTex(child, depth + 1)).join('');
  switch (el.localName) {
    case 'mi':
      return identifier(textOf(el), el);
    case 'mn':
      return escapeTexText(textOf(el).trim());
    case 'mo': {
      const op = textOf(el).trim();
      return FUNCTIONS.has(op) ? `\\${op} ` : symbols(op);
    }
    case 'mtext':
    case 'ms': {
      const text = textOf(el);
      return text.trim() === '' ? ' ' : `\\text{${escapeTexText(el.localName === 'ms' ? `"${text}"` : text)}}`;
    }
    case 'mspace':
      return '\\ ';
    case 'msup':
      return `${group(arg(0))}^${group(arg(1))}`;
    case 'msub':
      return `${group(arg(0))}_${group(arg(1))}`;
    case 'msubsup':
      return `${group(arg(0))}_${group(arg(1))}^${group(arg(2))}`;
    case 'mfrac':
      return `\\frac{${arg(0).trim()}}{${arg(1).trim()}}`;
    case 'msqrt':
      return `\\sqrt{${all().trim()}}`;
    case 'mroot':
      return `\\sqrt[${arg(1).trim()}]{${arg(0).trim()}}`;
    case 'mover':
    case 'munder':
    case 'munderover':
      return underOver(el, depth);
    case 'mfenced':
      return fenced(el, depth);
    case 'mtable':
      return table(el, depth);
    case 'semantics':
      // The presentation is the first child; annotations are other encodings of the same formula.
      return kids[0] === undefined ? '' : toTex(kids[0], depth + 1);
    case 'annotation':
    case 'annotation-xml':
    case 'mphantom':
    case 'none':
    case 'mprescripts':
      return '';
    default:
      // math, mrow, mstyle, mpadded, menclose, merror, mtd… and anything unknown: its content.
      return all();
  }
}

/** A formula's TeX from its MathML, spaces tidied. */
export function mathmlToTex(math: Element): string {
  return toTex(math).replace(/\s+/g, ' ').replace(/ ([}^_)\]]|$)/g, '$1').trim();
}
