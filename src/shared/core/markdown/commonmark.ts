// The CommonMark basics turndown ships (paragraph, line break, block quote, rule, code span), kept
// as turndown writes them; ours only so that every rule lives in one tag-keyed table.
import { isBlock } from '../html/blocks';
import { blockGap } from './blocks';
import { codeSpan } from './code';
import { codeWithMarkup, holdsMarkup } from './code-markup';
import type { ChildNode, Element } from '../dom/nodes';
import type { MarkdownRule } from './rule';
import { rendersNothing } from './text-pass';

/** Also for a blank <blockquote> (turndown's blank rule): it may still hold an empty code block. */
export function blockquote(content: string, el: Element): string {
  const gap = blockGap(el);
  // Lines of nothing at either end (a <br> first or last) would quote an empty line.
  const body = trimBlankEdgeLines(content);
  return `${gap}${body === '' ? '>' : body.replace(/^/gm, '> ').replace(/^> $/gm, '>')}${gap}`;
}

/** Nothing that renders stands between `el` and the start or the end of the block it is in. */
function atBlockEdge(el: Element): boolean {
  const parent = el.parentElement;
  if (parent === null || !isBlock(parent)) return false;
  const silentTo = (step: (node: ChildNode) => ChildNode | null) => {
    for (let node = step(el); node !== null; node = step(node)) if (!rendersNothing(node)) return false;
    return true;
  };
  return silentTo((node) => node.previousSibling) || silentTo((node) => node.nextSibling);
}

export function commonMarkRules(): Record<string, MarkdownRule> {
  return {
    paragraph: { tags: ['p'], replacement: (content) => `\n\n${content}\n\n` },
    // A <br> at the very start or end of a block breaks no line.
    lineBreak: { tags: ['br'], replacement: (_content, el, options) => (atBlockEdge(el) ? '' : `${options.br}\n`) },
    blockquote: { tags: ['blockquote'], replacement: blockquote },
    horizontalRule: {
      tags: ['hr'],
      replacement: (_content, el, options) => `${blockGap(el)}${options.hr}${blockGap(el)}`,
    },
    code: {
      tags: ['code'],
      // A <code> that is a <pre>'s only child is the code block itself (see code.ts).
      when: (el) => !(el.parentElement?.localName === 'pre' && el.previousSibling === null && el.nextSibling === null),
      replacement: (content, el) => {
        if (holdsMarkup(el)) return codeWithMarkup(el);
        return content === '' ? '' : codeSpan(content.replace(/\r?\n|\r/g, ' '));
      },
    },
  };
}

/** Without lines of only spaces and tabs at either end (split, not matched: no backtracking). */
function trimBlankEdgeLines(content: string): string {
  const lines = content.split('\n');
  const blank = (line: string) => /^[ \t]*$/.test(line);
  let start = 0;
  let end = lines.length;
  while (start < end - 1 && blank(lines[start])) start++;
  while (end - 1 > start && blank(lines[end - 1])) end--;
  return start === 0 && end === lines.length ? content : lines.slice(start, end).join('\n');
}
