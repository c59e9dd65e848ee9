// Which URL an image really shows: lazy-loading attributes, the largest srcset candidate, <picture>
// sources, <noscript> fallbacks; placeholders give no image at all.
import { describe, expect, it } from 'vitest';
import { convert } from '../../../src/shared/core';
import { isPixelDataUrl, largestCandidate, parseSrcset } from '../../../src/shared/core/images';
import { md } from './markdown/helpers';

const page = { url: 'https://e.com/story' };

describe('srcset', () => {
  it('parses candidates as the HTML standard does, commas inside URLs included', () => {
    expect(parseSrcset('a.jpg 300w, b.jpg 1200w,c.jpg 600w')).toEqual([
      { url: 'a.jpg', width: 300, density: 1 },
      { url: 'b.jpg', width: 1200, density: 1 },
      { url: 'c.jpg', width: 600, density: 1 },
    ]);
    expect(parseSrcset('https://cdn/w_300,h_200/i.jpg 1x, https://cdn/w_600,h_400/i.jpg 2x').map((c) => c.url)).toEqual(['https://cdn/w_300,h_200/i.jpg', 'https://cdn/w_600,h_400/i.jpg']);
    expect(parseSrcset('only.jpg')).toEqual([{ url: 'only.jpg', density: 1 }]);
  });

  it('picks the largest, ignoring one-pixel and data: candidates', () => {
    expect(largestCandidate(parseSrcset('s.jpg 300w, l.jpg 1200w, m.jpg 600w'))?.url).toBe('l.jpg');
    expect(largestCandidate(parseSrcset('p.png 1w, a.jpg 2x, b.jpg 1x'))?.url).toBe('a.jpg');
    expect(largestCandidate(parseSrcset('data:image/gif;base64,R0lGODlhAQABAAAAACw= 100w'))).toBeUndefined();
  });
});

describe('image sources', () => {
  it('takes the real source from lazy-loading attributes', () => {
    expect(md('<img src="" data-lazy="/real.jpg" alt="a">', page)).toBe('![a](https://e.com/real.jpg)');
    expect(md('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/r.jpg" alt="b">', page)).toBe('![b](https://e.com/r.jpg)');
    expect(md('<img data-srcset="/s.jpg 400w, /l.jpg 800w" alt="c">', page)).toBe('![c](https://e.com/l.jpg)');
  });

  it('takes the largest srcset candidate, and the sources of a <picture>', () => {
    expect(md('<img src="x.jpg" srcset="s.jpg 300w, l.jpg 1200w" alt="d">', page)).toBe('![d](https://e.com/l.jpg)');
    expect(md('<picture><source media="(min-width: 800px)" srcset="big.webp 2x, mid.webp 1x"><img src="small.jpg" alt="e"></picture>', page)).toBe('![e](https://e.com/big.webp)');
  });

  it('takes the image from a <noscript> fallback next to a placeholder, once', () => {
    const html = '<main><figure><span class="img"><img src="" class="lazy" alt="f"></span><noscript><span><img src="/real.jpg" alt="f"></span></noscript></figure></main>';
    expect(convert(html, page).markdown).toBe('![f](https://e.com/real.jpg)\n');
    const beside = '<main><p>x</p><img src="/already.jpg" alt="g"><noscript><img src="/already.jpg" alt="g"></noscript></main>';
    expect(convert(beside, page).markdown).toBe('x\n\n![g](https://e.com/already.jpg)\n');
  });

  it('takes the image from a <noscript> fallback standing alone, without the fallback’s other attributes', () => {
    const result = convert('<main><div class="js-delayed-image-load"></div><noscript><img src="/only.jpg" alt="h" onerror="alert(1)"></noscript></main>', page);
    expect(result.markdown).toBe('![h](https://e.com/only.jpg)\n');
    expect(result.cleanedHtml).not.toContain('onerror');
  });

  it('drops placeholders: nothing, the page itself, a 1×1 image, a spacer file', () => {
    expect(md('<p>a <img src="" alt="none"> b</p>', page)).toBe('a b');
    expect(md('<p>a <img src="#" alt="self"> b</p>', page)).toBe('a b');
    expect(md('<p>a <img src="/t.gif" width="1" height="1" alt="pixel"> b</p>', page)).toBe('a b');
    expect(md('<p>a <img src="/img/spacer.gif" alt="s"> <img src="https://s2.wp.com/1x1-000000-0.png" alt="t"> b</p>', page)).toBe('a b');
    expect(md('<p>a <img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" alt="u"> b</p>', { ...page, dataImages: 'keep' })).toBe('a b');
  });

  it('reads the size of a data: GIF or PNG from its header', () => {
    expect(isPixelDataUrl('data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7')).toBe(true);
    expect(isPixelDataUrl('data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==')).toBe(true);
    expect(isPixelDataUrl('data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAAXNSR0IArs4c6QAAAARnQU1BAACx')).toBe(false);
  });
});

describe('no accidental code blocks', () => {
  it('does not indent a <picture> with many sources into a code block (the Guardian)', () => {
    const sources = Array.from({ length: 10 }, (_, i) => `<source media="(min-width: ${i * 100}px)" sizes="620px" srcset="https://i.guim.co.uk/img/${i}.jpg?width=620 620w">`).join('\n');
    const html = `<main><p>It is up to them to de-escalate.</p>\n<figure><a href="#img-1"><div class="u-responsive-ratio"><picture>\n<!--[if IE 9]><video style="display: none;"><![endif]-->\n${sources}\n<!--[if IE 9]></video><![endif]-->\n<img class="maxed" alt="Protests in Hong Kong" src="https://i.guim.co.uk/img/x.jpg?width=300">\n</picture></div></a></figure></main>`;
    const out = convert(html, page).markdown;
    expect(out).toMatch(/\n\n\[!\[Protests in Hong Kong\]\(https:\/\/i\.guim\.co\.uk\/img\/\d\.jpg\?width=620\)\]\(https:\/\/e\.com\/story#img-1\)\n$/);
  });

  it('never starts a line of ordinary content with four spaces or a tab after a blank line', () => {
    const pages = [
      '<p>x</p><p><a href="#f"><span><span><img src="a.svg"></span>\n   </span>\n   <span><span><img src="b.svg">\n   </span>  </span> </a></p>',
      '<p>x</p><div>\t\t<wbr> <wbr> <wbr> <wbr> <input type="hidden"> text</div>',
      '<ul><li><p>a</p><div> <source> <source> <source> <source> <source> tail</div></li></ul>',
    ];
    for (const html of pages) {
      const lines = md(html, page).split('\n');
      lines.forEach((line, i) => {
        if (i === 0 || lines[i - 1] === '') expect(line, html).not.toMatch(/^(?: {4}|\t)/);
      });
    }
  });
});
