import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { ELEMENT_NODE, type Element, type Node, type ParentNode, TEXT_NODE, type Text } from '../../../../src/shared/core/dom/nodes';
import { isBlock } from '../../../../src/shared/core/markdown/blocks';
import { breaksLine, LineContext, rendersNothing } from '../../../../src/shared/core/markdown/text-pass';
import { parseHtml } from '../../../../src/shared/core/parse';

// The plain definition, walked afresh for every text node: LineContext must agree with it.
const atBlockEdge = (parent: ParentNode | null, root: ParentNode) =>
  parent === null || parent === root || parent.nodeType !== ELEMENT_NODE || isBlock(parent as Element);

function mayStartLine(text: Text, root: ParentNode): boolean {
  for (let node: Node = text; ; node = node.parentNode!) {
    let previous = node.previousSibling;
    while (previous !== null && rendersNothing(previous)) previous = previous.previousSibling;
    if (previous !== null) return breaksLine(previous);
    if (atBlockEdge(node.parentNode, root)) return true;
  }
}

function isFollowed(text: Text, root: ParentNode): boolean {
  for (let node: Node = text; ; node = node.parentNode!) {
    let next = node.nextSibling;
    while (next !== null && rendersNothing(next)) next = next.nextSibling;
    if (next !== null) return !breaksLine(next);
    if (atBlockEdge(node.parentNode, root)) return false;
    if ((node.parentNode as Element).localName === 'a') return true;
  }
}

function textNodes(root: ParentNode): Text[] {
  const found: Text[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) found.push(node as Text);
    const kids = (node as ParentNode).childNodes ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return found;
}

const PIECES = ['a', ' ', '*', '<span>', '</span>', '<a href=x>', '</a>', '<b>', '</b>', '<br>', '<img src=i>', '<p>', '</p>', '<div>', '</div>', '<!--c-->', '<li>'];

describe('LineContext', () => {
  it('answers as the plain walk does, for every text node of random pages', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const body = parseHtml(pieces.join('')).getElementsByTagName('body')[0];
        const context = new LineContext(body);
        for (const text of textNodes(body)) {
          expect(context.mayStartLine(text)).toBe(mayStartLine(text, body));
          expect(context.isFollowed(text)).toBe(isFollowed(text, body));
        }
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('gives a run of empty elements one answer: the text after it starts a line, the text before it is not followed', () => {
    const body = parseHtml(`<div>${'<span></span> '.repeat(5)}*b</div><p>a${'<i></i>'.repeat(5)}</p>`).getElementsByTagName('body')[0];
    const context = new LineContext(body);
    const texts = textNodes(body);
    expect(context.mayStartLine(texts.find((t) => t.data.trim() === '*b')!)).toBe(true);
    expect(context.isFollowed(texts.find((t) => t.data === 'a')!)).toBe(false);
  });
});

describe('soft hyphens', () => {
  it('are dropped from text: a hyphenation hint, not part of the word', () => {
    expect(convert('<p>Mit\u00ADtel\u00ADal\u00ADter</p>').markdown).toBe('Mittelalter\n');
  });
});
