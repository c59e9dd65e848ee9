// Blocks Markdown has no syntax for, each with a policy (see "Conversion policy" in the README):
// - <dl>: each term (<dt>) a paragraph in bold (as it is, if it has bold text of its own), each
//   definition (<dd>) its own blocks after it;
// - <details>: everything shown, its <summary> a paragraph in bold (nothing is hidden in Markdown);
// - <figure>: its content, then the <figcaption> as a paragraph of its own (not copied into the
//   image's alt text as well: the words would be there twice).
import { type Element, textOf } from '../dom/nodes';
import { blockGap } from './blocks';
import type { MarkdownRule } from './rule';

/**
 * A term or summary on one line in bold, unless it sets bold text of its own (`**` around `**`
 * would not read back) or is only an image (WordPress galleries put their thumbnails in <dt>).
 */
function boldParagraph(content: string, el: Element): string {
  const text = content.replace(/\s*\n\s*/g, ' ').trim();
  const plain = textOf(el).trim() === '' || el.getElementsByTagName('b').length > 0 || el.getElementsByTagName('strong').length > 0;
  const line = text === '' || plain ? text : `**${text}**`;
  if (line === '') return '';
  const gap = blockGap(el);
  return `${gap}${line}${gap}`;
}

export function structureRules(): Record<string, MarkdownRule> {
  return {
    definitionTerm: { tags: ['dt'], replacement: boldParagraph },
    summary: { tags: ['summary'], replacement: boldParagraph },
    // Not a block to turndown: made one, so text after its summary starts a paragraph of its own.
    details: { tags: ['details'], replacement: (content, el) => `${blockGap(el)}${content}${blockGap(el)}` },
  };
}
