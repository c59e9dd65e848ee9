// Lists, replacing turndown's: `- ` bullets with content indented to the marker's width, item
// numbers from `start` and `value`, and adjacent lists kept apart. Two lists with only blank lines
// between them merge into one in CommonMark, so each list after a sibling list of the same kind
// switches marker (`-`/`*`, `.`/`)`), which starts a new list.
import { ELEMENT_NODE, type Element, hasContent, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { blockGap, isTightItem } from './blocks';
import { trimNewlines } from './lines';
import type { MarkdownRule } from './rule';

const LISTS = new Set(['ul', 'ol']);

function previousElement(node: Node): Element | null {
  for (let sibling = node.previousSibling; sibling !== null; sibling = sibling.previousSibling) {
    if (sibling.nodeType === ELEMENT_NODE) return sibling as Element;
    if (sibling.nodeType === TEXT_NODE && (sibling as Text).data.trim() !== '') return null;
  }
  return null;
}

function parseNumber(value: string | null): number | null {
  if (value === null || !/^\s*-?\d+\s*$/.test(value)) return null;
  // CommonMark list numbers are 0–999,999,999.
  return Math.min(Math.max(Number.parseInt(value, 10), 0), 999_999_999);
}

/** Nothing but white space inside: an item left empty by its author, not one whose content renders nothing. */
function isWrittenEmpty(item: Element): boolean {
  return item.childNodes.every((child) => child.nodeType === TEXT_NODE && (child as Text).data.trim() === '');
}

const IMAGES: ReadonlySet<string> = new Set(['img']);

/** For each item of a list, its position; and the position of the last item with something to show. */
interface ItemPositions {
  index: Map<Element, number>;
  lastWithContent: number;
}

function itemPositions(list: Element): ItemPositions {
  const index = new Map<Element, number>();
  let lastWithContent = -1;
  list.childNodes.forEach((child, i) => {
    if (child.nodeType !== ELEMENT_NODE || (child as Element).localName !== 'li') return;
    index.set(child as Element, i);
    if (hasContent(child, IMAGES)) lastWithContent = i;
  });
  return { index, lastWithContent };
}

export function listRules(): Record<string, MarkdownRule> {
  const alternate = new WeakMap<Element, boolean>();
  const numbers = new WeakMap<Element, number>();
  /** Lists with an item written already. */
  const rendered = new WeakSet<Element>();
  const positions = new WeakMap<Element, ItemPositions>();
  /** A later item in the same list has something to show (worked out once per list). */
  const hasLaterItem = (item: Element, list: Element): boolean => {
    let known = positions.get(list);
    if (known === undefined) {
      known = itemPositions(list);
      positions.set(list, known);
    }
    return (known.index.get(item) ?? Infinity) < known.lastWithContent;
  };

  const usesAlternateMarker = (list: Element): boolean => {
    let known = alternate.get(list);
    if (known === undefined) {
      const previous = previousElement(list);
      known = previous !== null && previous.localName === list.localName ? !(alternate.get(previous) ?? false) : false;
      alternate.set(list, known);
    }
    return known;
  };

  const itemNumber = (item: Element, list: Element): number => {
    const own = parseNumber(item.getAttribute('value'));
    let n: number;
    if (own !== null) n = own;
    else {
      const previous = previousElement(item);
      const before = previous !== null && previous.localName === 'li' ? numbers.get(previous) : undefined;
      n = before !== undefined ? before + 1 : (parseNumber(list.getAttribute('start')) ?? 1);
    }
    n = Math.min(n, 999_999_999);
    numbers.set(item, n);
    return n;
  };

  return {
    list: {
      tags: [...LISTS],
      replacement: (content, el) => {
        const parent = el.parentNode;
        const nested = parent !== null && parent.nodeType === ELEMENT_NODE && (parent as Element).localName === 'li';
        if (nested && parent.lastElementChild === el) return `\n${content}`;
        const gap = blockGap(el);
        return `${gap}${content}${gap}`;
      },
    },
    listItem: {
      tags: ['li'],
      replacement: (content, el) => {
        const parent = el.parentNode;
        const list = parent !== null && parent.nodeType === ELEMENT_NODE ? (parent as Element) : null;
        const alternateMarker = list !== null && usesAlternateMarker(list);
        let prefix: string;
        if (list !== null && list.localName === 'ol') {
          prefix = `${itemNumber(el, list)}${alternateMarker ? ')' : '.'} `;
        } else {
          prefix = alternateMarker ? '* ' : '- ';
        }
        if (content.trim() === '') {
          // An item written empty holds its place (and its number) between items that say something.
          // One whose content renders nothing (an icon link) goes, as does an empty item alone, first
          // (a bare marker right after text would read as a heading underline) or last (a clearfix).
          if (list === null || !rendered.has(list) || !isWrittenEmpty(el) || !hasLaterItem(el, list)) return '';
          return prefix.trimEnd() + (el.nextSibling !== null ? '\n' : '');
        }
        if (list !== null) rendered.add(list);
        // Loose items (holding paragraphs) keep a blank line after them; tight ones do not.
        const isLoose = !isTightItem(el) && /\n$/.test(content);
        const body = trimNewlines(content) + (isLoose ? '\n' : '');
        const indented = body.replace(/\n(?=[^\n])/g, `\n${' '.repeat(prefix.length)}`);
        // An item outside any list starts a line of its own, as browsers show it: glued to the text
        // before it, a fence it opens would be no fence, and the code in it would be read as Markdown.
        if (list === null || !LISTS.has(list.localName)) return `\n\n${prefix}${indented}\n\n`;
        return prefix + indented + (el.nextSibling !== null ? '\n' : '');
      },
    },
  };
}
