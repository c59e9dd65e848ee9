import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { markdownOf, removedBy } from './helpers';

describe('ads and overlays', () => {
  it('removes AdSense slots by the whole class token only', () => {
    expect(removedBy('<ins class="adsbygoogle" data-ad-client="ca-pub-1"></ins><p>x</p>')).toEqual(['adsbygoogle ins']);
    expect(removedBy('<div class="adsbygoogle-wrapper">text</div>')).toEqual([]);
  });

  it('removes ad slots marked by data-ad / data-ad-* attributes', () => {
    expect(removedBy('<div data-ad-slot="top">Advertisement</div><p>x</p>')).toEqual(['ad-slot div']);
    expect(removedBy('<div data-ad="1"></div><p>x</p>')).toEqual(['ad-slot div']);
  });

  it('keeps an article that carries ad targeting (data-ad-tags): it holds the content', () => {
    const html = `<article data-ad-tags="politics,world"><h1>Story</h1><p>${'Words. '.repeat(30)}</p></article>`;
    expect(removedBy(html)).toEqual([]);
    expect(markdownOf(html)).toContain('# Story');
  });

  it('keeps a block with ad-like attributes that holds a story (headings, paragraphs)', () => {
    const html = '<div data-ad-unit-path="/news"><h2>Headline</h2><p>First.</p><p>Second.</p></div>';
    expect(removedBy(html)).toEqual([]);
  });

  it('does not read data-adapt-* (an embed option) as an ad slot', () => {
    expect(removedBy('<div data-adapt-container-width="true"><p>embedded tweet text</p></div>')).toEqual([]);
  });

  it('removes dialogs and role=dialog|alertdialog overlays', () => {
    expect(removedBy('<dialog open>Subscribe!</dialog><div role="alertdialog">Sale</div><div role="dialog">Sign in</div><p>x</p>')).toEqual([
      'dialog dialog',
      'dialog div',
      'dialog div',
    ]);
  });

  it('removes cookie banners by whole tokens and consent-manager ids, never by substrings', () => {
    expect(removedBy('<div class="cookie-banner">We use cookies</div><p>x</p>')).toEqual(['consent-banner div']);
    expect(removedBy('<div id="onetrust-consent-sdk"><h2>Privacy</h2>We use cookies</div><p>x</p>')).toEqual(['consent-banner div']);
    expect(removedBy('<div class="gdpr">Consent</div><p>x</p>')).toEqual(['consent-banner div']);
    expect(removedBy('<div class="cookiecutter-recipe">Flour</div><div class="fortune-cookie">Luck</div>')).toEqual([]);
    expect(removedBy('<div class="cookie"><h2>Chocolate chip cookies</h2><p>Recipe</p></div>')).toEqual([]);
  });

  it('unwraps sponsored links: the link goes, the sentence keeps its words', () => {
    const result = convert('<p>Buy <a rel="sponsored nofollow" href="https://shop.example/x">this kettle</a> today.</p>');
    expect(result.markdown).toBe('Buy this kettle today.\n');
    expect(result.removed).toMatchObject([{ ruleId: 'sponsored-link', action: 'unwrap', textLength: 0 }]);
  });
});

describe('ad-label', () => {
  const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;

  it('removes the word left standing over an ad slot that is gone or was never filled', () => {
    // The slot (a script, an <ins>) goes; its label stayed as a line of its own.
    expect(removedBy(`${story}<div class="slot"><div class="label">ADVERTISEMENT</div><script>ads()</script></div>${story}`)).toContain('ad-label div');
    expect(markdownOf(`${story}<div><p>Anzeige</p><div class="unit"></div></div>${story}`)).not.toContain('Anzeige');
    expect(markdownOf(`${story}<p>– Werbung –</p><ins class="adsbygoogle"></ins>${story}`)).not.toContain('Werbung');
    expect(markdownOf(`${story}<div class="ad-container"><h3>Advertisement</h3><div class="slot"></div></div>${story}`)).not.toContain('Advertisement');
  });

  it('keeps the word when it labels something left, says more, or is a heading or a link', () => {
    expect(markdownOf(`${story}<div><p>Advertising</p><p>${'Our rates for small businesses start at ten pounds a week. '.repeat(2)}</p></div>`)).toContain('Advertising');
    expect(markdownOf(`<h2>Advertising</h2>${story}`)).toContain('## Advertising');
    expect(markdownOf(`${story}<div><a href="/ads">Advertising</a></div>`)).toContain('[Advertising]');
    expect(markdownOf(`${story}<div><p>Advertising standards</p><div></div></div>`)).toContain('Advertising standards');
  });
});

describe('consent placeholders', () => {
  it('removes the notice a consent plugin puts where an embed waits for consent', () => {
    const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
    const notice = '<div class="_brlbs-content-blocker"><p>Mit dem Laden des Videos akzeptieren Sie die Datenschutzerklärung von YouTube.</p><a href="#">Video laden</a></div>';
    expect(removedBy(`${story}${notice}${story}`)).toEqual(['consent-banner div']);
  });
});
