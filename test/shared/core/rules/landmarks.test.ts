import { describe, expect, it } from 'vitest';
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
