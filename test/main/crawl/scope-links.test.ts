// What a crawl follows: the start's host, a path prefix, include/exclude globs, no files that are
// not pages; and the links of a page — all but those in scripts and comments, hidden or nofollow
// ones — plus <link rel="next">, resolved against <base href>.
import { describe, expect, it } from 'vitest';
import { convert } from '../../../src/shared/core';
import type { ConvertedPage } from '../../../src/shared/page';
import { pageLinks } from '../../../src/main/crawl/links';
import { CrawlScope } from '../../../src/main/crawl/scope';

describe('the crawl scope', () => {
  it('keeps to the host, the prefix and the globs, and leaves files that are not pages', () => {
    const scope = new CrawlScope('https://docs.example.com/guide/', { prefix: '/guide/', include: ['/guide/**'], exclude: ['**/print/**', 'https://docs.example.com/guide/old*'] });
    expect(scope.has('https://docs.example.com/guide/intro')).toBe(true);
    expect(scope.has('https://docs.example.com/guide/a/b?page=2')).toBe(true);
    expect(scope.has('https://example.com/guide/intro')).toBe(false);
    expect(scope.has('https://docs.example.com/blog/post')).toBe(false);
    expect(scope.has('https://docs.example.com/guide/print/intro')).toBe(false);
    expect(scope.has('https://docs.example.com/guide/old-intro')).toBe(false);
    expect(scope.has('https://docs.example.com/guide/diagram.png')).toBe(false);
    expect(scope.has('https://docs.example.com/guide/manual.pdf')).toBe(true);
    expect(scope.has('mailto:a@docs.example.com')).toBe(false);
  });

  it('is the whole host by default', () => {
    const scope = new CrawlScope('http://127.0.0.1:8080/start');
    expect(scope.has('http://127.0.0.1:8080/anything/else')).toBe(true);
    expect(scope.has('http://127.0.0.1:8081/anything')).toBe(false);
  });
});

describe('the links of a page', () => {
  it('follows menus and lists the cleaning removed, and rel=next; not scripts, comments, hidden or nofollow links', () => {
    const html = `<html><head><base href="https://example.com/docs/"><link rel="next" href="page-2"><link rel="stylesheet" href="a.css"></head><body>
      <nav><ul><li><a href="intro">Intro</a></li><li><a href="/about">About</a></li></ul></nav>
      <p>See <a href="https://example.com/docs/api#x">the API</a> and <a href="mailto:x@example.com">mail</a>.</p>
      <!-- <a href="/commented">old</a> --><script>var a = '<a href="/scripted">x</a>';</script>
      <a href="/trap" style="display:none">trap</a><a href="/login" rel="nofollow">log in</a><a href="intro">Intro again</a></body></html>`;
    const page: ConvertedPage = { ok: true, source: { url: 'https://example.com/docs/x', finalUrl: 'https://example.com/docs/x' }, result: convert(html, { url: 'https://example.com/docs/x' }), originalHtml: html };
    expect(pageLinks(page)).toEqual(['https://example.com/docs/page-2', 'https://example.com/docs/intro', 'https://example.com/about', 'https://example.com/docs/api#x']);
  });

  it('reads hostile pages in one pass: unclosed comments, scripts and tags repeated cost no more than their length', () => {
    // Each of these made the regular expressions of before quadratic (minutes at a few MB).
    const hostile = ['<!--'.repeat(200_000), '<script>'.repeat(100_000), '<noscript>'.repeat(100_000), '<a '.repeat(200_000)];
    for (const junk of hostile) {
      const html = `<a href="/first">first</a>${junk}<a href="/after">after</a>`;
      const page: ConvertedPage = { ok: true, source: { url: 'https://example.com/' }, result: convert('<p>x</p>'), originalHtml: html };
      // An unclosed comment or script hides nothing: what follows it is read as the page's.
      // The run of unclosed "<a " swallows the link after it into one long tag, as a browser would.
      const expected = junk.startsWith('<a ') ? ['https://example.com/first'] : ['https://example.com/first', 'https://example.com/after'];
      expect(pageLinks(page)).toEqual(expected);
    }
  });
});
