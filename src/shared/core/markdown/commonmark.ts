// The CommonMark basics turndown ships (paragraph, line break, block quote, rule, code span), kept
// as turndown writes them; ours only so that every rule lives in one tag-keyed table.
import { blockGap } from './blocks';
import { codeSpan } from './code';
import { trimNewlines } from './lines';
import type { Element } from '../dom/nodes';
import type { MarkdownRule } from './rule';

/** Also for a blank <blockquote> (turndown's blank rule): it may still hold an empty code block. */
export function blockquote(content: string, el: Element): string {
  const gap = blockGap(el);
  const body = trimNewlines(content);
  return `${gap}${body === '' ? '>' : body.replace(/^/gm, '> ').replace(/^> $/gm, '>')}${gap}`;
}

export function commonMarkRules(): Record<string, MarkdownRule> {
  return {
    paragraph: { tags: ['p'], replacement: (content) => `\n\n${content}\n\n` },
    lineBreak: { tags: ['br'], replacement: (_content, _el, options) => `${options.br}\n` },
    blockquote: { tags: ['blockquote'], replacement: blockquote },
    horizontalRule: {
      tags: ['hr'],
      replacement: (_content, el, options) => `${blockGap(el)}${options.hr}${blockGap(el)}`,
    },
    code: {
      tags: ['code'],
      // A <code> that is a <pre>'s only child is the code block itself (see code.ts).
      when: (el) => !(el.parentElement?.localName === 'pre' && el.previousSibling === null && el.nextSibling === null),
      replacement: (content) => (content === '' ? '' : codeSpan(content.replace(/\r?\n|\r/g, ' '))),
    },
  };
}
