// The only raw HTML we write ourselves. CommonMark has no superscript, subscript or highlight, and
// CommonMark renderers show these inline tags as they are; every other element of the page becomes
// Markdown or text. Only tags from this list, and never with attributes, so nothing we write can
// run script, load a resource or hide text.
import { joinLines } from './lines';

export const INERT_TAGS = ['sup', 'sub', 'mark'] as const;

export type InertTag = (typeof INERT_TAGS)[number];

/** A line break where Markdown can have none (inside a table cell): the one void tag we write. */
export const INERT_LINE_BREAK = '<br>';

/** `markdown` (inline, on one line) between the tag's start and end tags; nothing when it is blank. */
export function inertInline(tag: InertTag, markdown: string): string {
  // Lines joined and edges measured without patterns that backtrack over long runs of white space.
  const text = joinLines(markdown, ' ');
  const trimmed = text.trim();
  if (trimmed === '') return text;
  // Spaces at the edges stay outside the tags, where they separate words.
  const lead = text.slice(0, text.length - text.trimStart().length);
  const trail = text.slice(text.trimEnd().length);
  return `${lead}<${tag}>${trimmed}</${tag}>${trail}`;
}
