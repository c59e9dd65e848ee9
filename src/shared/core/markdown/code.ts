// Code blocks: every <pre> becomes a fenced block (with or without a <code> inside), its language
// taken from a `language-*` or `lang-*` class on the <code> or the <pre>, and its line breaks kept
// whether they are newlines or <br>. Inside a table cell, where a fence cannot stand, it becomes
// code spans joined by <br>.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { closest } from '../dom/query';
import { blockGap } from './blocks';
import type { MarkdownRule } from './rule';

const LANGUAGE = /(?:^|\s)(?:language|lang)-([^\s`]+)/i;

function languageOf(pre: Element): string {
  const code = pre.firstElementChild;
  const fromCode = code !== null && code.localName === 'code' ? LANGUAGE.exec(code.className)?.[1] : undefined;
  return fromCode ?? LANGUAGE.exec(pre.className)?.[1] ?? '';
}

/** The text of a <pre>, with <br> as a line break. */
export function preformattedText(pre: Element): string {
  let text = '';
  const stack: Node[] = [pre];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) text += (node as Text).data;
    else if (node.nodeType === ELEMENT_NODE) {
      const el = node as Element;
      if (el.localName === 'br') text += '\n';
      for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
    }
  }
  return text;
}

function fenceFor(code: string): string {
  let longest = 0;
  for (const run of code.match(/^`{3,}/gm) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

export function codeSpan(line: string): string {
  const runs: string[] = line.match(/`+/g) ?? [];
  let delimiter = '`';
  while (runs.includes(delimiter)) delimiter += '`';
  const pad = /^`|`$|^ .*[^ ].* $/.test(line) ? ' ' : '';
  return `${delimiter}${pad}${line}${pad}${delimiter}`;
}

/** A <pre> as a fenced block (also when empty: turndown hands blank ones to its blank rule, which calls this). */
export function codeBlock(pre: Element): string {
  const code = preformattedText(pre).replace(/\n$/, '');
  if (closest(pre, (a) => a.localName === 'td' || a.localName === 'th') !== null) {
    return code.split('\n').filter((line) => line.trim() !== '').map(codeSpan).join('\n');
  }
  const fence = fenceFor(code);
  const gap = blockGap(pre);
  return `${gap}${fence}${languageOf(pre)}\n${code === '' ? '' : `${code}\n`}${fence}${gap}`;
}

/**
 * Inline code that holds links (javadoc's `<code><a>String</a></code>`, rustdoc's signatures): a
 * code span cannot hold a link (its Markdown would show as text), so each run of text becomes its
 * own span and each link a link around a span: `impl<I: `[`Iterator`](…)`>`.
 */
export function linkedCode(code: Element, link: (a: Element, text: string) => string): string {
  const parts: string[] = [];
  let text = '';
  const flush = () => {
    const line = text.replace(/\r?\n|\r/g, ' ');
    if (line.trim() !== '') parts.push(codeSpan(line));
    else if (line !== '') parts.push(' ');
    text = '';
  };
  const stack: Node[] = [];
  for (let i = code.childNodes.length - 1; i >= 0; i--) stack.push(code.childNodes[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) text += (node as Text).data;
    else if (node.nodeType === ELEMENT_NODE) {
      const el = node as Element;
      if (el.localName === 'a' && el.hasAttribute('href')) {
        flush();
        const inner = preformattedText(el).replace(/\r?\n|\r/g, ' ');
        parts.push(inner.trim() === '' ? '' : link(el, codeSpan(inner)));
        continue;
      }
      for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
    }
  }
  flush();
  return parts.join('');
}

export function holdsLink(el: Element): boolean {
  return el.getElementsByTagName('a').some((a) => a.hasAttribute('href'));
}

export function codeRules(): Record<string, MarkdownRule> {
  return {
    codeBlock: {
      tags: ['pre'],
      replacement: (_content, el) => codeBlock(el),
    },
  };
}
