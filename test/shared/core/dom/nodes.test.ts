import { describe, expect, it } from 'vitest';
import { collectElements, Element, HTML_NS, numberElements, releaseTree } from '../../../../src/shared/core/dom/nodes';
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

describe('releaseTree', () => {
  it('cuts every link inside a finished tree, template contents included', () => {
    const document = parseHtml('<div><p>one <b>two</b></p><template><i>three</i></template></div>');
    const [div, p, b] = ['div', 'p', 'b'].map((tag) => document.getElementsByTagName(tag)[0]);
    const template = document.getElementsByTagName('template')[0];
    const italic = template.content!.childNodes[0] as Element;
    const text = p.childNodes[0];
    releaseTree(document);
    expect(document.childNodes).toHaveLength(0);
    for (const node of [div, p, b, italic, text]) {
      expect(node.parentNode).toBeNull();
      expect(node.previousSibling).toBeNull();
      expect(node.nextSibling).toBeNull();
    }
    expect([div, p, b, italic].map((el) => el.childNodes.length)).toEqual([0, 0, 0, 0]);
    expect(text.textContent).toBe('');
  });
});
