import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const paragraph = (n: number) => `<p>Paragraph ${n} of the post says what the post is about, in a sentence long enough to be read.</p>`;
const post = [1, 2, 3, 4].map(paragraph).join('\n');

/** Blogger's template for Google's blogs: the post in a script template and a <noscript> copy, nothing else. */
function bloggerPage(fallback: string, beside = `<script type="text/template">${post}</script>`): string {
  return `<html><head><title>Security Blog: A post about safer browsing</title></head><body>
    <div class="widget Blog" id="Blog1"><div class="post"><h2 class="title">A post about safer browsing</h2>
    <div class="post-body"><div class="post-content" itemprop="articleBody">${beside}<noscript>${fallback}</noscript></div></div></div></div>
    <div id="sidebar"><div class="widget HTML"><h2>Archive</h2><ul><li><a href="/2020/05/">May</a></li></ul></div></div>
  </body></html>`;
}

describe('normalize: a <noscript> that holds the page’s text', () => {
  it('puts the text in the page when nothing else stands where the script would render it', () => {
    const { markdown } = convert(bloggerPage(post));
    for (const n of [1, 2, 3, 4]) expect(markdown).toContain(`Paragraph ${n} of the post`);
    // Once the post is there, the widget that holds it is the page’s content, not a sidebar, and the
    // <h2> the <title> names is its title.
    expect(markdown).toContain('A post about safer browsing');
  });

  it('leaves "please enable JavaScript" notices and tracking pixels as fallback markup', () => {
    const notice = convert(bloggerPage('<p>Please enable JavaScript to read this blog.</p>')).markdown;
    expect(notice).not.toContain('enable JavaScript');
    const pixel = convert(bloggerPage('<img src="https://tracker.example/p.gif" width="1" height="1">')).markdown;
    expect(pixel).not.toContain('tracker.example');
  });

  it('gives no second copy when the page shows the text already', () => {
    const { markdown } = convert(bloggerPage(post, `<div class="rendered">${post}</div>`));
    expect(markdown.split('Paragraph 1 of the post').length - 1).toBe(1);
  });

  it('keeps the fallback inert: its scripts and handlers are cleaned like the page’s own', () => {
    const hostile = `${post}<script>alert(1)</script><p onclick="alert(2)">Fifth <a href="javascript:alert(3)">link</a> paragraph.</p>`;
    const { markdown, cleanedHtml } = convert(bloggerPage(hostile));
    expect(markdown).toContain('Fifth');
    expect(cleanedHtml).not.toMatch(/<script|onclick|javascript:/i);
    expect(markdown).not.toMatch(/alert\(|javascript:/);
  });
});
