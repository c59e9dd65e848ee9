import { describe, expect, it } from 'vitest';
import { collectElements, Element, HTML_NS, numberElements } from '../../../../src/shared/core/dom/nodes';
import { parseHtml } from '../../../../src/shared/core/parse';
import { pageFacts } from '../../../../src/shared/core/rules/page-facts';

describe('numberElements', () => {
  it('numbers every element with its position in document order', () => {
    const document = parseHtml('<div id=a><p id=b><i id=c>x</i></p><ul id=d><li id=e>y</ul></div><p id=f>z');
    const elements = numberElements(document);
    expect(elements.map((el) => el.localName)).toEqual(collectElements(document).map((el) => el.localName));
    expect(elements.every((el, i) => el.order === i)).toBe(true);
    expect(elements.filter((el) => el.hasAttribute('id')).map((el) => el.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('numbers afresh after the tree changed, and leaves new elements unnumbered', () => {
    const document = parseHtml('<div><nav>menu</nav><p id=kept>text</p></div>');
    numberElements(document);
    const nav = document.getElementsByTagName('nav')[0];
    nav.parentNode!.removeChild(nav);
    const kept = numberElements(document).find((el) => el.id === 'kept')!;
    expect(kept.order).toBe(collectElements(document).indexOf(kept));
    expect(new Element('p', HTML_NS, []).order).toBe(-1);
  });

  it('page facts place only the elements of the numbered list', () => {
    const document = parseHtml('<main><p>one</p><p>two</p></main>');
    const elements = numberElements(document);
    const facts = pageFacts(document, null, undefined, elements);
    const second = elements.filter((el) => el.localName === 'p')[1];
    expect(facts.position(second)).toBe(elements.indexOf(second));
    // An element from another tree shares no numbering with this one, even with the same number.
    const stranger = numberElements(parseHtml('<main><p>one</p><p>two</p></main>'))[second.order];
    expect(facts.position(stranger)).toBe(-1);
  });
});
