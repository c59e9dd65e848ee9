// Links, images, emphasis and strikethrough, replacing turndown's where it falls short: nested
// emphasis (`<em>a<em>b</em></em>` gave `*a*b**`), link and alt text spread over several lines,
// empty links, and `_` delimiters that fail inside words. Emphasis is written with `*`/`**`,
// switching to `_`/`__` where it nests so the delimiters stay apart (`*a _b_ c*`, `**_x_**`).
import { TEXT_NODE, type Text, textOf } from '../dom/nodes';
import { ELEMENT_NODE, type Element } from '../dom/nodes';
import { closest } from '../dom/query';
import { HEADING_TAGS } from '../html/blocks';
import { joinLines } from './lines';
import type { MarkdownRule } from './rule';
import { rendersNothing } from './text-pass';

function oneLine(text: string): string {
  return joinLines(text, ' ');
}

/**
 * A link destination that ends where the syntax says: a backslash is escaped too, or one at the end
 * would escape the closing `)` or `>`, the link would not form, and the rest would be read as text
 * (`<img … onerror=…\>` a raw HTML tag).
 */
export function linkDestination(url: string): string {
  if (url === '') return '<>';
  if (/[\s<>]/.test(url)) return `<${url.replace(/[<>]/g, (c) => encodeURIComponent(c)).replace(/\\/g, '\\\\')}>`;
  return url.replace(/[()\\]/g, (c) => `\\${c}`);
}

export function titlePart(el: Element): string {
  const title = el.getAttribute('title');
  if (title === null || title.trim() === '') return '';
  const text = keepsLineBreaks(title, el) ? title.replace(/[ \t]+\n/g, '\n') : oneLine(title.trim());
  return ` "${text.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * A title keeps its line breaks where each of its lines would read back as part of it: no blank
 * line (it would end the paragraph), every further line starting with a letter (nothing that could
 * open a block or underline a heading), and not where everything must stay on one line.
 */
function keepsLineBreaks(title: string, el: Element): boolean {
  if (!/\n/.test(title) || /\n[ \t]*\n/.test(title)) return false;
  if (!title.split('\n').slice(1).every((line) => /^[ \t]*(?:\p{L}|$)/u.test(line))) return false;
  return closest(el, (a) => a.localName === 'td' || a.localName === 'th' || HEADING_TAGS.has(a.localName)) === null;
}

/**
 * Alt text is read as Markdown (a renderer keeps its plain text): escaped so it stays the text it
 * was, and so that a `<` or a backtick cannot open raw HTML or a code span that would swallow `](`.
 */
function escapeAlt(alt: string): string {
  return oneLine(alt.trim()).replace(/[\\[\]<>`&*_]/g, '\\$&');
}

/** The next thing after `el` that renders is a link with text, with nothing between them. */
function nextIsLink(el: Element): boolean {
  let next = el.nextSibling;
  while (next !== null && next.nodeType !== TEXT_NODE && rendersNothing(next)) next = next.nextSibling;
  if (next === null || next.nodeType !== ELEMENT_NODE) return false;
  const link = next as Element;
  if (link.localName !== 'a' || !link.hasAttribute('href') || rendersNothing(link)) return false;
  // White space at the inner edge of either link is written between them already.
  return !/\s$/.test(textOf(el)) && !/^\s/.test(textOf(link));
}

const EMPHASIS = new Set(['em', 'i']);
const STRONG = new Set(['strong', 'b']);
const DELIMITED = new Set([...EMPHASIS, ...STRONG, 'del', 's', 'strike']);

function ancestorsNamed(el: Element, names: ReadonlySet<string>): number {
  let count = 0;
  for (let node = el.parentNode; node !== null && node.nodeType === ELEMENT_NODE; node = node.parentNode) {
    if (names.has((node as Element).localName)) count++;
  }
  return count;
}

/** A letter or digit right against the element, outside it: `_` cannot open or close there. */
function isIntraword(el: Element): boolean {
  const before = el.previousSibling;
  const after = el.nextSibling;
  const alnum = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  return (before?.nodeType === TEXT_NODE && alnum((before as Text).data.at(-1))) || (after?.nodeType === TEXT_NODE && alnum((after as Text).data[0]));
}

/** Directly inside another delimited element, at its edge: `***` would be ambiguous there. */
function touchesOuterDelimiter(el: Element): boolean {
  const parent = el.parentElement;
  return parent !== null && DELIMITED.has(parent.localName) && (el.previousSibling === null || el.nextSibling === null);
}

/**
 * Strong emphasis that is the whole of its parent's emphasis: `***x***` reads back as emphasis
 * around strong, `****x****` as strong around strong, even inside a word where `_` cannot delimit.
 */
function fillsEmphasisParent(el: Element): boolean {
  const parent = el.parentElement;
  return parent !== null && (EMPHASIS.has(parent.localName) || STRONG.has(parent.localName)) && el.previousSibling === null && el.nextSibling === null;
}

function delimited(names: ReadonlySet<string>, primary: string, alternate: string): MarkdownRule {
  return {
    tags: [...names],
    replacement: (content, el) => {
      if (content.trim() === '') return content;
      if (names === STRONG && fillsEmphasisParent(el)) return primary + content + primary;
      const depth = ancestorsNamed(el, names);
      const wantAlternate = depth % 2 === 1 || (depth === 0 && touchesOuterDelimiter(el));
      if (!wantAlternate) return primary + content + primary;
      if (alternate === primary) return depth > 0 ? content : primary + content + primary;
      // `_` cannot delimit inside a word; nested emphasis there adds nothing a reader would see.
      if (isIntraword(el)) return depth > 0 ? content : primary + content + primary;
      return alternate + content + alternate;
    },
  };
}

export function inlineRules(): Record<string, MarkdownRule> {
  return {
    link: {
      tags: ['a'],
      when: (el) => el.hasAttribute('href'),
      replacement: (content, el) => {
        const text = oneLine(content).trim();
        if (text === '') return '';
        const link = `[${text}](${linkDestination(el.getAttribute('href')!)}${titlePart(el)})`;
        // Links set side by side (tags, bylines) are apart on the page; `[a](u)[b](v)` reads as one word.
        return nextIsLink(el) ? `${link} ` : link;
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
    emphasis: delimited(EMPHASIS, '*', '_'),
    strong: delimited(STRONG, '**', '__'),
    strikethrough: delimited(new Set(['del', 's', 'strike']), '~~', '~~'),
  };
}
