import { describe, expect, it } from 'vitest';
import { collectElements, type Element } from '../../../../src/shared/core/dom/nodes';
import { elementAtPath, elementPathNamer, shortTextOf, showsNothing } from '../../../../src/shared/core/dom/query';
import { parseHtml } from '../../../../src/shared/core/parse';

describe('elementPathNamer', () => {
  const document = parseHtml('<div><p>a</p><nav>n</nav><p>b<i>x</i><i>y</i></p></div><div><ul><li>1<li>2</ul></div><aside>z</aside>');
  const byText = (text: string) => collectElements(document).filter((el) => el.textContent === text).at(-1) as Element;

  it('names each element by tags from body, with :nth-of-type only where a tag repeats', () => {
    const path = elementPathNamer();
    expect(path(byText('n'))).toBe('body > div:nth-of-type(1) > nav');
    expect(path(byText('y'))).toBe('body > div:nth-of-type(1) > p:nth-of-type(2) > i:nth-of-type(2)');
    expect(path(byText('2'))).toBe('body > div:nth-of-type(2) > ul > li:nth-of-type(2)');
    expect(path(byText('z'))).toBe('body > aside');
    expect(path(document.getElementsByTagName('body')[0])).toBe('body');
  });

  it('gives every element its own path, and the same path whatever the order asked', () => {
    const elements = collectElements(document).filter((el) => el.localName !== 'html');
    const forwards = elements.map(elementPathNamer());
    const backwards = [...elements].reverse().map(elementPathNamer()).reverse();
    expect(backwards).toEqual(forwards);
    expect(new Set(forwards).size).toBe(elements.length);
  });
});

describe('elementAtPath', () => {
  const html = '<div><p>a</p><nav>n</nav><p>b<i>x</i><i>y</i></p></div><div><ul><li>1<li>2</ul></div><aside>z</aside><svg><linearGradient/></svg>';
  const document = parseHtml(html);

  it('finds the element each path names: the namer\'s inverse', () => {
    const elements = collectElements(document);
    const path = elementPathNamer();
    for (const el of elements) expect(elementAtPath(document, path(el))).toBe(el);
  });

  it('names nothing where the page differs: a missing step, a bare step among siblings of its tag, a position where the tag is alone', () => {
    expect(elementAtPath(document, 'body > main')).toBeNull();
    expect(elementAtPath(document, 'body > div > ul')).toBeNull();
    expect(elementAtPath(document, 'body > aside:nth-of-type(1)')).toBeNull();
    expect(elementAtPath(document, 'body > div:nth-of-type(3)')).toBeNull();
    expect(elementAtPath(document, 'body >> div')).toBeNull();
    expect(elementAtPath(parseHtml('<div><aside>z</aside></div>'), 'body > aside')).toBeNull();
  });
});

describe('shortTextOf', () => {
  const first = (html: string) => collectElements(parseHtml(`<body>${html}</body>`)).find((el) => el.localName === 'div')!;
  const inline = (el: Element) => el.localName === 'span' || el.localName === 'b';

  it('reads a short text of allowed elements', () => {
    expect(shortTextOf(first('<div> <span>More <b>news</b></span> </div>'), inline, 40)?.trim()).toBe('More news');
  });

  it('answers null past the length, for an element not allowed, or past a handful of nodes', () => {
    expect(shortTextOf(first('<div>A title much longer than ten</div>'), inline, 10)).toBeNull();
    expect(shortTextOf(first('<div><a href="/">More</a></div>'), inline, 40)).toBeNull();
    // 100,000 nested spans without a word: answered from the first few, not by walking them all.
    const deep = first(`<div>${'<span>'.repeat(100_000)}</div>`);
    expect(shortTextOf(deep, inline, 40)).toBeNull();
  });
});

describe('showsNothing', () => {
  const first = (html: string) => collectElements(parseHtml(`<body>${html}</body>`)).find((el) => el.localName === 'div')!;

  it('is true of icons and empty slots, false of words and pictures', () => {
    expect(showsNothing(first('<div><i class="icon"></i> <svg><title>arrow</title><path d="M0"/></svg></div>'))).toBe(true);
    expect(showsNothing(first('<div><span><span></span></span></div>'))).toBe(true);
    expect(showsNothing(first('<div><span>Menu</span></div>'))).toBe(false);
    expect(showsNothing(first('<div><img src="/a.png" alt=""></div>'))).toBe(false);
  });

  it('reads only a few nodes: a deep empty tree is taken to show something', () => {
    expect(showsNothing(first(`<div>${'<span>'.repeat(100_000)}</div>`))).toBe(false);
  });
});
