// The only raw HTML we write ourselves. CommonMark has no superscript, subscript or highlight, and
// CommonMark renderers show these inline tags as they are; every other element of the page becomes
// Markdown or text. Only tags from this list, and never with attributes, so nothing we write can
// run script, load a resource or hide text.
export const INERT_TAGS = ['sup', 'sub', 'mark'] as const;

export type InertTag = (typeof INERT_TAGS)[number];

/** `markdown` (inline, on one line) between the tag's start and end tags; nothing when it is blank. */
export function inertInline(tag: InertTag, markdown: string): string {
  const text = markdown.replace(/\s*\n\s*/g, ' ');
  if (text.trim() === '') return text;
  // Spaces at the edges stay outside the tags, where they separate words.
  const lead = /^\s*/.exec(text)![0];
  const trail = /\s*$/.exec(text)![0];
  return `${lead}<${tag}>${text.trim()}</${tag}>${trail}`;
}
