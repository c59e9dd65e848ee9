import { describe, expect, it } from 'vitest';
import { collectElements, type Element } from '../../../../src/shared/core/dom/nodes';
import { elementPathNamer } from '../../../../src/shared/core/dom/query';
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
