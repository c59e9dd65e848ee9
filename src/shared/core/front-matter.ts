// YAML front matter from the metadata. Every value is written as a YAML double-quoted scalar
// (JSON string syntax, which YAML 1.2 reads as is), with the characters YAML forbids or reads as
// line breaks escaped, so any title stays valid YAML: quotes, colons, newlines, `---`, `#`. A `<` is
// written `\u003c` too: a renderer that does not know front matter shows it as Markdown, where a
// title such as `<img src=x onerror=…>` would be a live tag.
import { toWellFormed } from './text';
import type { Metadata } from './types';

export interface FrontMatterFields extends Metadata {
  /** Where the page came from, when it differs from the canonical URL. */
  source?: string;
}

const ORDER: Array<[keyof FrontMatterFields, string]> = [
  ['title', 'title'],
  ['author', 'author'],
  ['published', 'date'],
  ['description', 'description'],
  ['siteName', 'site'],
  ['language', 'language'],
  ['canonicalUrl', 'url'],
  ['source', 'source'],
];

/** A YAML double-quoted scalar: JSON escaping plus `<`, DEL, C1 controls, BOM and U+2028/2029 as \u escapes. */
export function yamlString(value: string): string {
  return JSON.stringify(toWellFormed(value)).replace(
    /[<\u007f-\u009f\u2028\u2029\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function frontMatter(fields: FrontMatterFields): string {
  const lines = ['---'];
  for (const [key, name] of ORDER) {
    const value = fields[key];
    if (value !== undefined && value !== '') lines.push(`${name}: ${yamlString(value)}`);
  }
  lines.push('---', '', '');
  return lines.join('\n');
}
