// Links, images, emphasis and strikethrough, replacing turndown's where it falls short: nested
// emphasis of one kind (`<em>a<em>b</em></em>` gave `*a*b**`), link and alt text spread over
// several lines, empty links, and `*`/`_` delimiters that fail inside words (we use `*`).
import { ELEMENT_NODE, type Element } from '../dom/nodes';
import type { MarkdownRule } from './rule';

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

export function linkDestination(url: string): string {
  if (/[\s<>]/.test(url)) return `<${url.replace(/[<>]/g, (c) => encodeURIComponent(c))}>`;
  return url.replace(/[()]/g, (c) => `\\${c}`);
}

function titlePart(el: Element): string {
  const title = el.getAttribute('title');
  if (title === null || title.trim() === '') return '';
  return ` "${oneLine(title.trim()).replace(/["\\]/g, '\\$&')}"`;
}

function escapeAlt(alt: string): string {
  return oneLine(alt.trim()).replace(/[\\[\]]/g, '\\$&');
}

function hasAncestorNamed(el: Element, names: ReadonlySet<string>): boolean {
  for (let node = el.parentNode; node !== null && node.nodeType === ELEMENT_NODE; node = node.parentNode) {
    if (names.has((node as Element).localName)) return true;
  }
  return false;
}

function delimited(names: ReadonlySet<string>, delimiter: string): MarkdownRule {
  return {
    tags: [...names],
    replacement: (content, el) => {
      if (content.trim() === '') return content;
      // Nested emphasis of the same kind means nothing more; doubled delimiters would break it.
      if (hasAncestorNamed(el, names)) return content;
      return delimiter + content + delimiter;
    },
  };
}

export function inlineRules(): Record<string, MarkdownRule> {
  return {
    link: {
      tags: ['a'],
      when: (el) => (el.getAttribute('href') ?? '') !== '',
      replacement: (content, el) => {
        const text = oneLine(content).trim();
        if (text === '') return '';
        return `[${text}](${linkDestination(el.getAttribute('href')!)}${titlePart(el)})`;
      },
    },
    image: {
      tags: ['img'],
      replacement: (_content, el) => {
        const src = el.getAttribute('src') ?? '';
        if (src === '') return '';
        return `![${escapeAlt(el.getAttribute('alt') ?? '')}](${linkDestination(src)}${titlePart(el)})`;
      },
    },
    emphasis: delimited(new Set(['em', 'i']), '*'),
    strong: delimited(new Set(['strong', 'b']), '**'),
    strikethrough: delimited(new Set(['del', 's', 'strike']), '~~'),
  };
}
