// Code blocks: every <pre> becomes a fenced block (with or without a <code> inside), its language
// read from the highlighter's markup (code-language.ts), and its line breaks kept
// whether they are newlines or <br>. Inside a table cell, where a fence cannot stand, it becomes
// code spans joined by <br>.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { closest } from '../dom/query';
import { blockGap } from './blocks';
import { normaliseLineEndings } from './lines';
import { codeLanguage } from './code-language';
import type { MarkdownRule } from './rule';
import { restoreWhitespaceRuns } from './whitespace-runs';


/** The text of a <pre>, with <br> as a line break (and CR LF or CR as LF, as a renderer reads them). */
export function preformattedText(pre: Element): string {
  return normaliseLineEndings(rawPreformattedText(pre));
}

function rawPreformattedText(pre: Element): string {
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

/** The longest run of backticks anywhere in `text`. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (let i = text.indexOf('`'); i !== -1 && i < text.length; i++) {
    if (text.charCodeAt(i) === 0x60) {
      run++;
      if (run > longest) longest = run;
    } else {
      run = 0;
      const next = text.indexOf('`', i);
      if (next === -1) break;
      i = next - 1;
    }
  }
  return longest;
}

/**
 * A fence no line of the code can close. CommonMark closes a backtick fence with a run at least as
 * long, indented up to three spaces (or less visibly: after a tab, a lone CR, inside a list item);
 * longer than every run in the code, wherever it stands, it cannot be closed early, so nothing
 * after it is read as Markdown or raw HTML.
 */
export function fenceFor(code: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(code) + 1));
}

export function codeSpan(line: string): string {
  // A delimiter no run inside matches: one longer than the longest is the simplest such.
  const runs = new Set(line.match(/`+/g) ?? []);
  let delimiter = '`';
  while (runs.has(delimiter)) delimiter += '`';
  const pad = needsPadding(line) ? ' ' : '';
  return `${delimiter}${pad}${line}${pad}${delimiter}`;
}

/**
 * A code span drops one space from each end when both ends have one and the content is not all
 * spaces: pad then, and when a backtick at an end would join the delimiter.
 */
function needsPadding(line: string): boolean {
  if (line.startsWith('`') || line.endsWith('`')) return true;
  return line.length > 1 && line.startsWith(' ') && line.endsWith(' ') && /[^ \uDFFF]/.test(line);
}

/** A <pre> as a fenced block (also when empty: turndown hands blank ones to its blank rule, which calls this). */
export function codeBlock(pre: Element): string {
  const code = preformattedText(pre).replace(/\n$/, '');
  if (closest(pre, (a) => a.localName === 'td' || a.localName === 'th') !== null) {
    return code.split('\n').filter((line) => restoreWhitespaceRuns(line).trim() !== '').map(codeSpan).join('\n');
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
