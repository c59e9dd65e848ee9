import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { removedBy } from './helpers';

describe('ARIA landmarks that mean chrome', () => {
  it('removes role=navigation, banner, contentinfo, complementary and search', () => {
    const html = '<div role="navigation">n</div><div role="banner">b</div><div role="contentinfo">c</div>' +
      '<div role="complementary">s</div><div role="search">q</div><p>x</p>';
    expect(removedBy(html)).toEqual(['landmark-role div', 'landmark-role div', 'landmark-role div', 'landmark-role div', 'landmark-role div']);
  });

  it("keeps a banner that is an article's own header", () => {
    expect(removedBy('<article><div role="banner"><h1>Story</h1></div><p>text</p></article>')).toEqual([]);
  });

  it('leaves other roles alone', () => {
    expect(removedBy('<div role="region">r</div><div role="note">n</div>')).toEqual([]);
  });
});

describe('builder-part', () => {
  const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
  const ids = (html: string) => convert(html).removed.map((r) => r.ruleId);

  it("removes the site's header, footer and pop-ups that a page builder declares", () => {
    const page = `<div data-elementor-type="header"><a href="/">Home</a> <span>Call us: 0800 123</span></div><h1>Bridge</h1>${story}<div data-elementor-type="footer"><p>Kontakt</p></div><div class="et-l et-l--footer"><p>© 2024</p></div>`;
    expect(ids(page)).toEqual(['builder-part', 'builder-part', 'builder-part']);
  });

  it('keeps a declared part that holds the running text (a builder wrapping the whole page)', () => {
    expect(ids(`<div data-elementor-type="header"><h1>Bridge</h1>${story}</div>`)).toEqual([]);
  });
});
