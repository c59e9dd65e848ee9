// Inline elements Markdown has no syntax for, each with a policy (see "Conversion policy" in the README):
// - <sup>, <sub>, <mark>: kept as the bare inline tag (inert-html.ts), never joined to the text
//   (`2<sup>31</sup>`, not "231");
// - <kbd>, <samp>: a code span (a key or a program's output is literal text); nested keys
//   (`<kbd><kbd>Ctrl</kbd>+<kbd>C</kbd></kbd>`) one span per key;
// - <abbr title>: the abbreviation, followed by its expansion in parentheses at its first use,
//   unless the expansion is written out in the same block already (only for a short word of
//   letters with a title in words: microformats put dates and other values in <abbr title>);
// - <q>: the quotation between quotation marks, as browsers draw it.
import { ELEMENT_NODE, type Element, TEXT_NODE, type Text, textOf } from '../dom/nodes';
import { closest } from '../dom/query';
import { isBlock } from './blocks';
import { codeSpan } from './code';
import { escapeMarkdownText } from './escape';
import { inertInline } from './inert-html';
import type { MarkdownRule } from './rule';

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

/** A <kbd> or <samp> as a code span; one holding other keys gives one span per key. */
function keyboard(el: Element): string {
  const nested = el.childNodes.some((child) => child.nodeType === ELEMENT_NODE && (child as Element).localName === el.localName);
  if (!nested) {
    const text = oneLine(textOf(el));
    return text.trim() === '' ? text : codeSpan(text);
  }
  let out = '';
  for (const child of el.childNodes) {
    if (child.nodeType === TEXT_NODE) out += escapeMarkdownText(oneLine((child as Text).data), { lineStart: false, followed: true });
    else if (child.nodeType === ELEMENT_NODE) out += keyboard(child as Element);
  }
  return out;
}

const MAX_BLOCK_CHARS = 20_000;

const ABBREVIATION = /^[\p{L}][\p{L}.&'/-]{0,11}$/u;

function enclosingBlock(el: Element): Element | null {
  return closest(el, (ancestor) => ancestor !== el && isBlock(ancestor));
}

export function phrasingRules(): Record<string, MarkdownRule> {
  const expanded = new Set<string>();
  return {
    superscript: { tags: ['sup'], replacement: (content) => inertInline('sup', content) },
    subscript: { tags: ['sub'], replacement: (content) => inertInline('sub', content) },
    highlight: { tags: ['mark'], replacement: (content) => inertInline('mark', content) },
    keyboard: { tags: ['kbd', 'samp'], replacement: (_content, el) => keyboard(el) },
    abbreviation: {
      tags: ['abbr'],
      replacement: (content, el) => {
        const title = oneLine(el.getAttribute('title') ?? '').trim();
        const word = textOf(el).trim();
        // Only what reads as an abbreviation ("RSS", "e.g."), expanded in words: <abbr> also
        // carries machine values (`<abbr title="2019-11-18T17:19">Nov 18</abbr>` in microformats).
        if (!ABBREVIATION.test(word) || !/^\p{L}/u.test(title) || title.toLowerCase() === word.toLowerCase()) return content;
        const key = `${word}\u0000${title}`;
        if (expanded.has(key)) return content;
        expanded.add(key);
        // Written out beside it? Looked for in the block around it, unless that is very long.
        const block = enclosingBlock(el);
        const around = block === null ? '' : block.textContent;
        if (around.length <= MAX_BLOCK_CHARS && around.toLowerCase().includes(title.toLowerCase())) return content;
        const escaped = escapeMarkdownText(title, { lineStart: false, followed: true });
        return `${content} (${escaped})`;
      },
    },
    quotation: {
      tags: ['q'],
      replacement: (content, el) => {
        if (content.trim() === '') return content;
        const nested = closest(el, (ancestor) => ancestor !== el && ancestor.localName === 'q') !== null;
        return nested ? `‘${content}’` : `“${content}”`;
      },
    },
  };
}
