import { describe, expect, it } from 'vitest';
import { markdownOf, removedBy } from './helpers';

describe('boilerplate', () => {
  it('removes nav, aside and menu', () => {
    expect(removedBy('<nav>n</nav><aside>a</aside><menu><li>m</li></menu><p>body</p>')).toEqual(['nav nav', 'aside aside', 'menu menu']);
  });

  it("removes the site's header and footer", () => {
    const html = '<header><a href="/">Site</a></header><main><p>story</p></main><footer>© Site</footer>';
    expect(removedBy(html)).toEqual(['header header', 'footer footer']);
    expect(markdownOf(html)).toBe('story\n');
  });

  it("keeps an article's own header with its title and a footer with its byline", () => {
    const html =
      '<article><header><h1>Title</h1><p>By <a rel="author" href="/a">Ann</a></p></header><p>story</p>' +
      '<footer><address>Ann, Paris</address></footer></article>';
    expect(removedBy(html)).toEqual([]);
    expect(markdownOf(html)).toContain('# Title');
    expect(markdownOf(html)).toContain('Ann, Paris');
  });

  it('decides by where the header stands, not by its class', () => {
    expect(removedBy('<header class="article-header"><h1>Site name</h1></header><p>x</p>')).toEqual(['header header']);
    expect(removedBy('<section><header class="site-header"><h2>Part</h2></header><p>x</p></section>')).toEqual([]);
  });

  it('removes a header inside an article when it holds no title or byline', () => {
    expect(removedBy('<article><header><a href="/share">Share</a></header><h1>T</h1></article>')).toEqual(['header header']);
  });
});

describe('aside', () => {
  it('keeps a link-free aside inside an article (a pull quote), removes one with links', () => {
    expect(removedBy('<article><p>Story.</p><aside><blockquote>“A quote from the story.”</blockquote></aside></article>')).toEqual([]);
    expect(removedBy('<article><p>Story.</p><aside><a href="/other">Other story</a></aside></article>')).toEqual(['aside aside']);
    expect(removedBy('<aside><p>Sidebar without links</p></aside><p>x</p>')).toEqual(['aside aside']);
  });

  it("keeps an aside that holds the page's title and the start of its text: the page, whatever its tag", () => {
    const story = `<p>${'Frank Witzel won the German Book Prize for a novel about the old Federal Republic. '.repeat(2)}</p>`;
    const page = `<aside class="content"><h1>Witzel wins the Book Prize</h1>${story}<a href="/share">Tweet</a></aside><aside><a href="/more">More news</a></aside>`;
    expect(removedBy(page)).toEqual(['aside aside']);
    expect(markdownOf(page)).toContain('Frank Witzel won');
    // The title alone, over a sidebar's short blurb, does not make an aside the page.
    expect(removedBy(`<aside><h1>Weather</h1><p>Sunny.</p></aside>${story}`)).toEqual(['aside aside']);
  });
});
