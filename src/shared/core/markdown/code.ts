// Code blocks: every <pre> becomes a fenced block (with or without a <code> inside), its language
// read from the highlighter's markup (code-language.ts), and its line breaks kept
// whether they are newlines or <br>. Inside a table cell, where a fence cannot stand, it becomes
// code spans joined by <br>.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { closest } from '../dom/query';
import { blockGap } from './blocks';
import { codeLanguage } from './code-language';
import type { MarkdownRule } from './rule';


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
  return `${gap}${fence}${codeLanguage(pre)}\n${code === '' ? '' : `${code}\n`}${fence}${gap}`;
}

export function codeRules(): Record<string, MarkdownRule> {
  return {
    codeBlock: {
      tags: ['pre'],
      replacement: (_content, el) => codeBlock(el),
    },
  };
}
