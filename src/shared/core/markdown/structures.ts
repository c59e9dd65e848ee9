// Blocks Markdown has no syntax for, each with a policy (see "Conversion policy" in the README):
// - <dl>: each term (<dt>) a paragraph in bold, each definition (<dd>) its own blocks after it;
// - <details>: everything shown, its <summary> a paragraph in bold (nothing is hidden in Markdown);
// - <figure>: its content, then the <figcaption> as a paragraph of its own (not copied into the
//   image's alt text as well: the words would be there twice).
import { type Element, textOf } from '../dom/nodes';
import { blockGap } from './blocks';
import type { MarkdownRule } from './rule';

/** Inline Markdown in bold on one line, unless it is bold already. */
function boldLine(content: string): string {
  const text = content.replace(/\s*\n\s*/g, ' ').trim();
  if (text === '') return '';
  if (/^(\*\*|__)[^]*\1$/.test(text)) return text;
  return `**${text}**`;
}

function boldParagraph(content: string, el: Element): string {
  // A term that is only an image (WordPress galleries put their thumbnails in <dt>) is not bolded.
  const line = textOf(el).trim() === '' ? content.replace(/\s*\n\s*/g, ' ').trim() : boldLine(content);
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
