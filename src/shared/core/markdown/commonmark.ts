// The CommonMark basics turndown ships (paragraph, line break, block quote, rule, code span), kept
// as turndown writes them; ours only so that every rule lives in one tag-keyed table.
import { codeSpan } from './code';
import type { MarkdownRule } from './rule';

export function commonMarkRules(): Record<string, MarkdownRule> {
  return {
    paragraph: { tags: ['p'], replacement: (content) => `\n\n${content}\n\n` },
    lineBreak: { tags: ['br'], replacement: (_content, _el, options) => `${options.br}\n` },
    blockquote: {
      tags: ['blockquote'],
      replacement: (content) => `\n\n${content.replace(/^\n+|\n+$/g, '').replace(/^/gm, '> ')}\n\n`,
    },
    horizontalRule: { tags: ['hr'], replacement: (_content, _el, options) => `\n\n${options.hr}\n\n` },
    code: {
      tags: ['code'],
      // A <code> that is a <pre>'s only child is the code block itself (see code.ts).
      when: (el) => !(el.parentElement?.localName === 'pre' && el.previousSibling === null && el.nextSibling === null),
      replacement: (content) => (content === '' ? '' : codeSpan(content.replace(/\r?\n|\r/g, ' '))),
    },
  };
}
