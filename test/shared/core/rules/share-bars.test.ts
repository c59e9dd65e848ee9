import { describe, expect, it } from 'vitest';
import { removedBy } from './helpers';
import { isShareLink } from '../../../../src/shared/core/rules/share-bars';

describe('share bars', () => {
  it('knows the share endpoints', () => {
    for (const href of [
      'https://www.facebook.com/sharer/sharer.php?u=x', 'https://twitter.com/intent/tweet?url=x', 'https://x.com/intent/post?text=x',
      'https://www.linkedin.com/shareArticle?mini=true&url=x', 'https://pinterest.com/pin/create/button/?url=x',
      'https://api.whatsapp.com/send?text=x', 'whatsapp://send?text=x', 'mailto:?subject=Look', 'https://example.com/post/?share=twitter',
      '  HTTPS://WWW.FACEBOOK.COM/SHARER.PHP?u=x', 'https://example.com/story#print',
    ]) expect(isShareLink(href), href).toBe(true);
    for (const href of ['https://www.facebook.com/ourpage', 'mailto:editor@example.com', 'https://twitter.com/someone', 'https://example.com/?u=https://www.facebook.com/sharer.php']) expect(isShareLink(href), href).toBe(false);
  });

  it('removes a block whose links all share the page, with a short label', () => {
    const html = '<div><span>Share this:</span><a href="https://www.facebook.com/sharer.php?u=x">Facebook</a><a href="https://twitter.com/share?url=x">Twitter</a></div><p>x</p>';
    expect(removedBy(html)).toEqual(['share-bar div']);
  });

  it('takes a bar of four share links with a profile link and an e-mail button among them', () => {
    const share = (network: string) => `<li><a href="${network}">${network.slice(8, 16)}</a></li>`;
    const links = ['https://www.facebook.com/sharer/sharer.php?u=x', 'https://twitter.com/intent/tweet?url=x', 'https://www.xing.com/spi/shares/new?url=x', 'https://www.linkedin.com/shareArticle?url=x'].map(share).join('');
    const html = `<ul>${links}<li><a href="https://www.instagram.com/ourpage/">Instagram</a></li><li><a href="/cdn-cgi/l/email-protection#8ab5">E-Mail</a></li></ul><p>x</p>`;
    expect(removedBy(html)).toEqual(['share-bar ul']);
  });

  it('keeps a block with a real link among the share links, or with more than a label of text', () => {
    expect(removedBy('<p><a href="https://twitter.com/intent/tweet?u=x">Tweet</a> or read <a href="/more">more</a></p>')).toEqual([]);
    const talk = '<div><p>We asked readers to share their stories on social media, and many did so over the weekend.</p><a href="https://www.facebook.com/sharer.php?u=x">F</a><a href="https://twitter.com/share?url=x">T</a></div>';
    expect(removedBy(talk)).toEqual([]);
  });
});
