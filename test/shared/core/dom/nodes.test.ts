import { describe, expect, it } from 'vitest';
import {
  collectElements,
  deferRemovals,
  DROP,
  Element,
  flushRemovals,
  hasStaleChildLists,
  HTML_NS,
  KEEP,
  moveChildren,
  numberElements,
  type ParentNode,
  releaseTree,
  rewriteChildren,
  type Text,
  UNWRAP,
  upperNamesKept,
} from '../../../../src/shared/core/dom/nodes';
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

/** Checks every parent and sibling link under `parent` against its child list. */
function expectLinked(parent: ParentNode): void {
  const kids = parent.childNodes;
  kids.forEach((kid, i) => {
    expect(kid.parentNode).toBe(parent);
    expect(kid.previousSibling).toBe(i > 0 ? kids[i - 1] : null);
    expect(kid.nextSibling).toBe(i < kids.length - 1 ? kids[i + 1] : null);
  });
}

const idsOf = (parent: ParentNode) => parent.childNodes.map((kid) => (kid.nodeType === 1 ? (kid as Element).id : (kid as Text).data));

describe('rewriteChildren and moveChildren', () => {
  it('keeps, drops and unwraps children in one pass, links and order intact', () => {
    const document = parseHtml('<div id=p><i id=a></i><b id=drop>gone</b><span id=wrap><u id=c></u>t</span><i id=d></i></div>');
    const parent = document.getElementsByTagName('div')[0];
    const dropped = document.getElementsByTagName('b')[0];
    const wrapper = document.getElementsByTagName('span')[0];
    rewriteChildren(parent, (kid) => (kid === dropped ? DROP : kid === wrapper ? UNWRAP : KEEP));
    expect(idsOf(parent)).toEqual(['a', 'c', 't', 'd']);
    expectLinked(parent);
    for (const gone of [dropped, wrapper]) {
      expect([gone.parentNode, gone.previousSibling, gone.nextSibling]).toEqual([null, null, null]);
    }
    expect(wrapper.childNodes).toEqual([]);
    expect(dropped.textContent).toBe('gone');
    expect(parent.textContent).toBe('t');
  });

  it('moves every child to the end of another parent', () => {
    const document = parseHtml('<div id=from><i id=a></i>x<i id=b></i></div><div id=to><i id=c></i></div>');
    const [from, to] = document.getElementsByTagName('div');
    moveChildren(from, to);
    expect(from.childNodes).toEqual([]);
    expect(idsOf(to)).toEqual(['c', 'a', 'x', 'b']);
    expectLinked(to);
  });
});

describe('deferred removals', () => {
  it('unlinks at once, compacts child lists at the flush', () => {
    const document = parseHtml('<div><i id=a></i><i id=b></i><i id=c></i><i id=d></i></div>');
    const parent = document.getElementsByTagName('div')[0];
    const [a, b, c, d] = parent.childNodes;
    deferRemovals();
    try {
      parent.removeChild(a);
      parent.removeChild(c);
      // Walking by links sees the removals at once; the list is compacted only at the flush.
      expect(parent.firstChild).toBe(b);
      expect(b.nextSibling).toBe(d);
      expect(d.previousSibling).toBe(b);
      expect(parent.lastChild).toBe(d);
      expect(hasStaleChildLists()).toBe(true);
    } finally {
      flushRemovals();
    }
    expect(hasStaleChildLists()).toBe(false);
    expect(idsOf(parent)).toEqual(['b', 'd']);
    expectLinked(parent);
    expect([a.parentNode, c.parentNode]).toEqual([null, null]);
  });

  it('finds no first or last child once every child is removed', () => {
    const document = parseHtml('<div><i></i><i></i></div>');
    const parent = document.getElementsByTagName('div')[0];
    deferRemovals();
    try {
      for (const kid of [...parent.childNodes]) parent.removeChild(kid);
      expect(parent.firstChild).toBeNull();
      expect(parent.lastChild).toBeNull();
    } finally {
      flushRemovals();
    }
    expect(parent.childNodes).toEqual([]);
  });

  it('flushes before any other DOM method reads or changes a child list', () => {
    const document = parseHtml('<div><i id=a>x</i><i id=b>y</i></div>');
    const parent = document.getElementsByTagName('div')[0];
    const [a] = parent.childNodes;
    deferRemovals();
    parent.removeChild(a);
    expect(parent.textContent).toBe('y');
    expect(hasStaleChildLists()).toBe(false);
    parent.appendChild(a);
    expect(idsOf(parent)).toEqual(['b', 'a']);
    expectLinked(parent);
  });
});

describe('tag names', () => {
  it('keeps a bounded cache of upper-cased names, whatever names a page invents', () => {
    const html = Array.from({ length: 5000 }, (_, i) => `<x-tag-${i}>${i}</x-tag-${i}>`).join('');
    const document = parseHtml(`<body>${html}</body>`);
    const custom = document.body!.children;
    expect(custom).toHaveLength(5000);
    expect(custom[4999].nodeName).toBe('X-TAG-4999');
    expect(upperNamesKept()).toBeLessThanOrEqual(2048);
  });
});
