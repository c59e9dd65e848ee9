// The language of a code block, from the markup syntax highlighters leave around it. A table of
// patterns (data, one entry per highlighter convention, each tested), tried on the <code>, then the
// <pre>, then the wrappers a highlighter puts around the <pre>; the first match wins, so the
// element nearest the code decides. Not read: the `lang` attribute, which names a natural language
// (`<pre lang="en">`) as often as a programming one.
import type { Element } from '../dom/nodes';
import { tokens } from '../dom/query';

/** Where a pattern looks: the <code> inside the <pre>, the <pre>, or a wrapper around the <pre>. */
export type LanguageSite = 'code' | 'pre' | 'wrapper';

export interface LanguagePattern {
  /** Who writes this markup: for the docs and the tests. */
  highlighter: string;
  sites: readonly LanguageSite[];
  /** The language named by the element, or undefined when this pattern does not apply. */
  read: (el: Element) => string | undefined;
}

/** The first class token matching `pattern`, its first group. */
function classCapture(pattern: RegExp): (el: Element) => string | undefined {
  return (el) => {
    for (const token of classTokens(el)) {
      const match = pattern.exec(token);
      if (match !== null) return match[1];
    }
    return undefined;
  };
}

/** Class tokens, case kept (tokens() lower-cases). */
function classTokens(el: Element): string[] {
  const value = el.getAttribute('class');
  return value === null ? [] : value.trim().split(/[\t\n\f\r ]+/).filter((t) => t !== '');
}

function attribute(name: string): (el: Element) => string | undefined {
  return (el) => el.getAttribute(name) ?? undefined;
}

/** `marker` among the class tokens: the language is the first other token not in `ignored`. */
function tokenBeside(marker: string, ignored: ReadonlySet<string>): (el: Element) => string | undefined {
  return (el) => {
    if (!tokens(el, 'class').includes(marker.toLowerCase())) return undefined;
    return classTokens(el).find((t) => !ignored.has(t.toLowerCase()) && !t.toLowerCase().startsWith(`${marker.toLowerCase()}-`));
  };
}

const BRUSH = /(?:^|[\s;])brush\s*:\s*([^\s;]+)/i;

/** GitHub names a block by its TextMate scope: `source-js`, `source-c++`, `text-html-basic`. */
function githubScope(el: Element): string | undefined {
  for (const token of classTokens(el)) {
    const match = /^highlight-(source|text)-(.+)$/i.exec(token);
    if (match === null) continue;
    return match[1].toLowerCase() === 'text' ? match[2].split('-')[0] : match[2];
  }
  return undefined;
}

export const LANGUAGE_PATTERNS: readonly LanguagePattern[] = [
  {
    // Prism, highlight.js 10+, Chroma (Hugo), GitLab, Docusaurus, VuePress, Rouge's wrapper, and
    // the class CommonMark's reference renderers write (`language-js`); `lang-js` from Google's prettify.
    highlighter: 'Prism / highlight.js / CommonMark language-* class',
    sites: ['code', 'pre', 'wrapper'],
    read: classCapture(/^language-(.+)$/i),
  },
  { highlighter: 'prettify lang-* class', sites: ['code', 'pre'], read: classCapture(/^lang-(.+)$/i) },
  {
    // Shiki, rehype-pretty-code, Expressive Code (`data-language`); Chroma and Jekyll (`data-lang`).
    highlighter: 'Shiki / rehype-pretty-code data-language',
    sites: ['code', 'pre', 'wrapper'],
    read: attribute('data-language'),
  },
  { highlighter: 'Chroma / Jekyll data-lang', sites: ['code', 'pre', 'wrapper'], read: attribute('data-lang') },
  { highlighter: 'GitHub highlight-source-*', sites: ['wrapper'], read: githubScope },
  {
    // Sphinx writes `<div class="highlight-python3 notranslate"><div class="highlight"><pre>`.
    highlighter: 'Pygments / Sphinx highlight-*',
    sites: ['wrapper'],
    read: classCapture(/^highlight-(?!source-|text-)(.+)$/i),
  },
  {
    // MDN and SyntaxHighlighter: `<pre class="brush: js notranslate">`.
    highlighter: 'MDN / SyntaxHighlighter brush:',
    sites: ['pre'],
    read: (el) => BRUSH.exec(el.getAttribute('class') ?? '')?.[1],
  },
  {
    highlighter: 'Confluence data-syntaxhighlighter-params',
    sites: ['pre', 'wrapper'],
    read: (el) => BRUSH.exec(el.getAttribute('data-syntaxhighlighter-params') ?? '')?.[1],
  },
  {
    // Pandoc: `<pre class="sourceCode python"><code class="sourceCode python">`.
    highlighter: 'Pandoc sourceCode',
    sites: ['code', 'pre'],
    read: tokenBeside('sourceCode', new Set(['sourcecode', 'numbersource', 'numberlines'])),
  },
  {
    // highlight.js before version 10: `<code class="hljs javascript">`.
    highlighter: 'highlight.js (old) hljs + language',
    sites: ['code', 'pre'],
    read: tokenBeside('hljs', new Set(['hljs', 'nohighlight', 'no-highlight'])),
  },
];

/** Names that say "no particular language" (Sphinx's `default` is whatever the project configured). */
const NO_LANGUAGE = new Set(['default', 'none', 'nohighlight', 'no-highlight', 'undefined', 'null']);

/**
 * A language name fit for a fence's info string: one word, without backticks or tildes (either
 * could end or corrupt the fence line) or control characters, at most 40 characters. Kept as
 * written, as CommonMark renderers keep the info string (`language-C++` stays `C++`).
 */
export function cleanLanguage(raw: string | undefined): string {
  if (raw === undefined) return '';
  const name = raw.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (name === '' || name.length > 40 || /[\s`~\u0000-\u001f\u007f]/.test(name) || NO_LANGUAGE.has(name.toLowerCase())) return '';
  return name;
}

/** How many levels above the <pre> a highlighter's wrapper may stand (Sphinx: two). */
const WRAPPER_LEVELS = 3;

/** A highlighter's wrapper holds the code and a few small things beside it (a copy button, a title). */
const MAX_BESIDE_ELEMENTS = 200;

/** Whether what stands beside `child` in its parent holds a <pre>, or is too large to tell quickly. */
function besideHoldsCode(child: Element): boolean {
  const parent = child.parentElement;
  if (parent === null) return true;
  let seen = 0;
  const stack: Element[] = parent.children.filter((sibling) => sibling !== child);
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (el.localName === 'pre' || ++seen > MAX_BESIDE_ELEMENTS) return true;
    stack.push(...el.children);
  }
  return false;
}

/** The wrappers of a <pre>, nearest first: ancestors up to WRAPPER_LEVELS that hold no other code. */
function wrappersOf(pre: Element): Element[] {
  const out: Element[] = [];
  let child = pre;
  let node = pre.parentElement;
  for (let level = 0; node !== null && level < WRAPPER_LEVELS; level++, child = node, node = node.parentElement) {
    if (node.localName === 'body' || besideHoldsCode(child)) break;
    out.push(node);
  }
  return out;
}

function firstMatch(el: Element, site: LanguageSite): string {
  if (el.attrs.length === 0) return '';
  for (const pattern of LANGUAGE_PATTERNS) {
    if (!pattern.sites.includes(site)) continue;
    const language = cleanLanguage(pattern.read(el));
    if (language !== '') return language;
  }
  return '';
}

/** The language of the code in `pre` (its <code> child when it has one), or '' when none is named. */
export function codeLanguage(pre: Element): string {
  const code = pre.firstElementChild;
  if (code !== null && code.localName === 'code') {
    const fromCode = firstMatch(code, 'code');
    if (fromCode !== '') return fromCode;
  }
  const fromPre = firstMatch(pre, 'pre');
  if (fromPre !== '') return fromPre;
  for (const wrapper of wrappersOf(pre)) {
    const fromWrapper = firstMatch(wrapper, 'wrapper');
    if (fromWrapper !== '') return fromWrapper;
  }
  return '';
}
