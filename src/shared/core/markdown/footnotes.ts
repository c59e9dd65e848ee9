// GFM footnotes from the shape normalize/footnotes.ts leaves: each reference (`a[data-footnote-ref]`,
// without the <sup> around it) as `[^label]`, and the notes, gathered at the end of the body, as
// `[^label]: text`, further lines of a note indented by four spaces as GFM wants.
import type { Element } from '../dom/nodes';
import type { MarkdownRule } from './rule';

/** A <sup> whose only content is a footnote reference: the reference is written without it. */
export function isFootnoteSup(sup: Element): boolean {
  const kids = sup.childNodes.filter((child) => child.nodeType !== 3 || (child as unknown as { data: string }).data.trim() !== '');
  return kids.length === 1 && kids[0].nodeType === 1 && (kids[0] as Element).localName === 'a' && (kids[0] as Element).hasAttribute('data-footnote-ref');
}

export function footnoteRules(): Record<string, MarkdownRule> {
  return {
    footnoteReference: {
      tags: ['a'],
      when: (el) => el.hasAttribute('data-footnote-ref'),
      replacement: (_content, el) => `[^${el.getAttribute('data-footnote-ref')}]`,
    },
    footnoteReferenceSup: { tags: ['sup'], when: isFootnoteSup, replacement: (content) => content },
    footnoteList: {
      tags: ['ol'],
      when: (el) => el.hasAttribute('data-footnote-list'),
      replacement: (content) => `\n\n${content}\n\n`,
    },
    footnote: {
      tags: ['li'],
      when: (el) => el.hasAttribute('data-footnote'),
      replacement: (content, el) => {
        const body = content.replace(/^\s+|\s+$/g, '');
        if (body === '') return '';
        const indented = body.replace(/\n(?=[^\n])/g, '\n    ');
        return `\n\n[^${el.getAttribute('data-footnote')}]: ${indented}\n\n`;
      },
    },
  };
}
