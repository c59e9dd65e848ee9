// Permalink anchors: the "¶", "#" or "§" a documentation generator puts beside each heading (Sphinx's
// a.headerlink, Node's a.mark, rustdoc's a.anchor, GitHub's octicon links). They link a heading to
// itself and carry no words, so in Markdown they are noise: "## Usage [¶](#usage "Permalink…")".
import { type Element, textOf } from '../dom/nodes';
import { hasToken } from '../dom/query';
import { HEADING_TAGS } from '../markdown/blocks';
import type { CleaningRule } from './types';

/** Where generators put them: headings, API entries (<dt>), table and figure captions. */
const HOLDERS = new Set([...HEADING_TAGS, 'dt', 'caption', 'figcaption']);
const WORD = /[\p{L}\p{N}]/u;

function holder(el: Element): Element | null {
  for (let node = el.parentElement, depth = 0; node !== null && depth < 3; node = node.parentElement, depth++) {
    if (HOLDERS.has(node.localName)) return node;
  }
  return null;
}

export const permalinkAnchor: CleaningRule = {
  id: 'permalink',
  category: 'chrome',
  tags: ['a'],
  describe: 'permalink anchors beside headings (¶, #, §): a link from a heading to itself, without words',
  matches(el) {
    const href = (el.getAttribute('href') ?? '').trim();
    if (!href.startsWith('#') || WORD.test(textOf(el))) return null;
    if (holder(el) === null && !hasToken(el, 'class', 'headerlink')) return null;
    return 'a permalink anchor: the heading linked to itself';
  },
};
