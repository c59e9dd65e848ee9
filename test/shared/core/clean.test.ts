import { describe, expect, it } from 'vitest';
import { convert } from '../../../src/shared/core';

const page = `<html><body>
<nav class="top"><a href="/">Home</a> <a href="/news">News</a></nav>
<main><h1>Title</h1><p>Story text.</p></main>
<div><nav><a href="/more">More</a></nav></div>
<script>track()</script>
</body></html>`;

describe('cleaning: the removal report', () => {
  it('records one entry per removed subtree with rule, reason, path, size and excerpt', () => {
    const { removed } = convert(page);
    expect(removed).toHaveLength(3);
    expect(removed[0]).toEqual({
      index: 0,
      ruleId: 'nav',
      category: 'boilerplate',
      action: 'remove',
      reason: '<nav> is site navigation',
      tag: 'nav',
      path: 'body > nav',
      textLength: 'Home News'.length,
      excerpt: '<nav class="top"><a href="/">Home</a> <a href="/news">News</a></nav>',
    });
    expect(removed.map((r) => r.path)).toEqual(['body > nav', 'body > div > nav', 'body > script']);
  });

  it('bounds the excerpt of a large removed element', () => {
    const { removed } = convert(`<aside>${'<p>word word word</p>'.repeat(500)}</aside>`);
    expect(removed[0].excerpt.length).toBeLessThanOrEqual(241);
    expect(removed[0].excerpt.endsWith('…')).toBe(true);
    expect(removed[0].textLength).toBe('word word word'.length * 500);
  });

  it('keeps an element by its path, and only that one', () => {
    const { markdown, removed } = convert(page, { keep: { paths: ['body > nav'] } });
    expect(markdown).toContain('[Home](/)');
    expect(markdown).not.toContain('[More]');
    expect(removed.map((r) => r.path)).toEqual(['body > div > nav', 'body > script']);
  });

  it('keeps a kept element whole: nothing inside it is removed by another rule', () => {
    const html = `<html><body><main><h1>Story</h1><p>Text of the story.</p></main>
<footer><div role="navigation"><ul><li><a href="/a">About us</a></li><li><a href="/b">Contact</a></li><li><a href="/c">Jobs</a></li></ul></div>
<nav><a href="/x">Sitemap</a></nav><p aria-hidden="true">Decorative note</p><p>© Paper, 2024</p><script>track()</script></footer></body></html>`;
    const dropped = convert(html);
    expect(dropped.removed.map((r) => r.path)).toEqual(['body > footer']);
    expect(dropped.markdown).not.toContain('Contact');

    const { markdown, removed, kept, cleanedHtml } = convert(html, { keep: { paths: ['body > footer'] } });
    for (const text of ['[About us](/a)', '[Contact](/b)', '[Sitemap](/x)', 'Decorative note', '© Paper, 2024']) expect(markdown).toContain(text);
    // Scripts are never content: they still go, inside a kept element too, and say so.
    expect(removed.map((r) => [r.path, r.ruleId])).toEqual([['body > footer > script', 'unwanted-element']]);
    expect(cleanedHtml).not.toContain('<script');
    // The kept element is reported with the rule that would have removed it, its text without the script.
    expect(kept).toEqual([expect.objectContaining({ index: 0, path: 'body > footer', ruleId: 'footer', tag: 'footer', textLength: expect.any(Number) })]);
    expect(kept[0].textLength).toBe(dropped.removed[0].textLength - 'track()'.length);
  });

  it('keeps an element named by a path from another page only where that path names one, and reports no keep it did not make', () => {
    const { removed, kept } = convert(page, { keep: { paths: ['body > footer', 'body > div > nav > a', 'body > main'] } });
    expect(removed.map((r) => r.path)).toEqual(['body > nav', 'body > div > nav', 'body > script']);
    expect(kept).toEqual([]);
    // Kept inside an element that goes: it goes with it, and is not reported as kept.
    const nested = convert('<header><nav><a href="/">Home</a></nav><p>Site</p></header><main><p>x</p></main>', { keep: { paths: ['body > header > nav'] } });
    expect(nested.removed.map((r) => r.path)).toEqual(['body > header']);
    expect(nested.kept).toEqual([]);
  });

  it('tells each stage as it starts', () => {
    const stages: string[] = [];
    convert(page, { onStage: (stage) => stages.push(stage) });
    expect(stages).toEqual(['parse', 'clean', 'markdown']);
  });

  it('keeps everything a rule would remove, by rule id', () => {
    const { markdown, removed } = convert(page, { keep: { rules: ['nav'] } });
    expect(markdown).toContain('[Home](/)');
    expect(markdown).toContain('[More](/more)');
    expect(removed.map((r) => r.ruleId)).toEqual(['unwanted-element']);
  });

  it('switches whole categories off', () => {
    const { removed } = convert(page, { rules: { boilerplate: false } });
    expect(removed.map((r) => r.category)).toEqual(['unwanted']);
    expect(convert(page, { rules: { unwanted: false, boilerplate: false } }).removed).toEqual([]);
  });

  it('counts removals per category in stats', () => {
    const { stats } = convert(page);
    expect(stats.removedByCategory).toEqual({ unwanted: 1, boilerplate: 2, ads: 0, hidden: 0, chrome: 0, article: 0 });
    expect(stats.elementsAfter).toBeLessThan(stats.elementsBefore);
  });

  it('judges an element as it will be after cleaning, so cleaning twice changes nothing', () => {
    // The slot holds content only through its <nav> list, which goes: the slot is an ad slot.
    const html = '<div data-ad-slot="x"><nav><ul><li><a href="/a">a</a></li></ul></nav>Ad</div><p>text</p>';
    const first = convert(html);
    expect(first.removed.map((r) => r.ruleId)).toEqual(['ad-slot']);
    expect(convert(first.cleanedHtml).removed).toEqual([]);
  });

  it('gives source offsets of removed elements when asked', () => {
    const { removed } = convert(page, { sourceLocations: true });
    const nav = removed[0];
    expect(page.slice(nav.source!.start, nav.source!.end)).toBe('<nav class="top"><a href="/">Home</a> <a href="/news">News</a></nav>');
  });

  it('serializes the cleaned document, absolute URLs and no event handlers', () => {
    const { cleanedHtml } = convert('<p onclick="x()"><a href="/a">a</a></p><script>1</script>', { url: 'https://e.com/' });
    expect(cleanedHtml).toBe('<html><head></head><body><p><a href="https://e.com/a">a</a></p></body></html>');
  });
});

describe('cleaning: idempotent', () => {
  // Found by fuzzing (fast-check, 40 000 cases a run): cleaning the cleaned page removed more.
  it('judges again what a later pass changed: a banner kept for a heading that a late rule then took', () => {
    const first = convert('<div class="cookie-banner"><h2>Cookies</h2><noscript><img src="/pixel.gif"></noscript></div>');
    expect(first.removed.map((r) => r.ruleId)).toEqual(['consent-banner']);
    expect(convert(first.cleanedHtml).removed).toEqual([]);
  });

  it("never takes a frame's fallback markup for the page's running text", () => {
    const html = `<footer><iframe>${'<div class="fallback">Your browser does not show frames. </div>'.repeat(3)}</iframe><footer>Site</footer></footer>`;
    const first = convert(html);
    expect(first.removed.map((r) => r.ruleId)).toEqual(['footer']);
    expect(convert(first.cleanedHtml).removed).toEqual([]);
  });
});
