// The site-template rule: blocks at the same place with the same text on most pages of a site are
// learned from those pages (pure functions) and removed by convert() when given, recorded with the
// count in the reason, and kept like any rule's removal; without a template (one page) nothing goes.
import { describe, expect, it } from 'vitest';
import { convert, learnSiteTemplate, pageFingerprints } from '../../../src/shared/core';

/** A page in plain divs: a header and a footer every page has, its own content, and a note some pages have. */
function page(n: number, options: { note?: boolean } = {}): string {
  return `<html><head><title>Page ${n}</title></head><body>
<div class="x"><div>Northwind Traders</div><div><a href="/">Home</a> · <a href="/about">About us</a></div></div>
<div class="y"><h1>Page ${n}</h1><p>The own text of page number ${n}, about a subject only this page has.</p>${options.note ? '<p>A note a few pages carry.</p>' : ''}</div>
<div class="z">Copyright Northwind Traders, every word of it</div></body></html>`;
}

const pages = Array.from({ length: 8 }, (_, n) => page(n + 1, { note: n < 3 }));

describe('the site template', () => {
  const template = learnSiteTemplate('example.com', pages.map(pageFingerprints))!;

  it('is learned from the blocks on most pages (not from those on a few, not from too few pages)', () => {
    expect(template.pages).toBe(8);
    expect(Object.values(template.blocks).every((count) => count === 8)).toBe(true);
    expect(Object.keys(template.blocks).length).toBeGreaterThanOrEqual(2);
    expect(learnSiteTemplate('example.com', pages.slice(0, 4).map(pageFingerprints))).toBeUndefined();
  });

  it('is removed from a page of the site, each block recorded with the count in its reason', () => {
    const result = convert(page(20), { url: 'https://example.com/20', siteTemplate: template });
    expect(result.markdown).not.toContain('Northwind');
    expect(result.markdown).toContain('The own text of page number 20');
    const removed = result.removed.filter((entry) => entry.ruleId === 'site-template');
    expect(removed.length).toBeGreaterThanOrEqual(2);
    for (const entry of removed) expect(entry).toMatchObject({ category: 'chrome', reason: 'on 8 of 8 pages of example.com' });
  });

  it('keeps a block on a few pages, and the same words at another place', () => {
    const noted = convert(page(21, { note: true }), { url: 'https://example.com/21', siteTemplate: template });
    expect(noted.markdown).toContain('A note a few pages carry.');
    const moved = convert('<html><body><section><div>Northwind Traders</div></section><p>Body text of this page.</p></body></html>', { siteTemplate: template });
    expect(moved.markdown).toContain('Northwind Traders');
  });

  it('is kept like any rule: by id, or element by element', () => {
    const byRule = convert(page(22), { siteTemplate: template, keep: { rules: ['site-template'] } });
    expect(byRule.markdown).toContain('Copyright Northwind Traders');
    const first = convert(page(22), { siteTemplate: template });
    const footer = first.removed.find((entry) => entry.excerpt.includes('Copyright'))!;
    const byPath = convert(page(22), { siteTemplate: template, keep: { paths: [footer.path] } });
    expect(byPath.markdown).toContain('Copyright Northwind Traders');
    expect(byPath.markdown).not.toContain('About us');
    expect(byPath.kept.map((entry) => entry.ruleId)).toEqual(['site-template']);
  });

  it('leaves a repeated heading over different content, and a repeated row of a table', () => {
    const labelled = (n: number) =>
      `<html><body><div class="x"><div>Northwind Traders</div></div><div><h2>See also</h2><p>Related reading number ${n}, different on every page.</p><table><tr><th>Item</th><th>Price</th></tr><tr><td>Thing ${n}</td><td>${n} EUR</td></tr></table></div></body></html>`;
    const learned = learnSiteTemplate('example.com', Array.from({ length: 6 }, (_, n) => pageFingerprints(labelled(n))))!;
    const result = convert(labelled(9), { siteTemplate: learned });
    expect(result.markdown).toContain('## See also');
    expect(result.markdown).toContain('| Item | Price |');
    expect(result.markdown).not.toContain('Northwind');
  });

  it('is off for a single page: nothing is removed without a template', () => {
    const result = convert(page(23), { url: 'https://example.com/23' });
    expect(result.removed.some((entry) => entry.ruleId === 'site-template')).toBe(false);
    expect(result.markdown).toContain('Copyright Northwind Traders');
  });
});
