// ATX headings on one line: a <br> inside a heading would otherwise end it and leave the rest as
// a paragraph. Empty headings produce nothing.
import { HEADING_TAGS } from '../html/blocks';
import { blockGap } from './blocks';
import { joinLines } from './lines';
import type { MarkdownRule } from './rule';

export function headingRules(): Record<string, MarkdownRule> {
  return {
    heading: {
      tags: [...HEADING_TAGS],
      replacement: (content, el) => {
        const text = joinLines(content, ' ').trim();
        if (text === '') return '';
        const gap = blockGap(el);
        return `${gap}${'#'.repeat(Number(el.localName[1]))} ${text}${gap}`;
      },
    },
  };
}
