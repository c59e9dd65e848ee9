import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { creditReading } from '../../../../src/shared/core/rules/image-credits';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
const more = `<p>${'Work starts in spring and the road stays open during the building. '.repeat(3)}</p>`;

function removedBy(html: string, rule: string): string[] {
  return convert(html).removed.filter((r) => r.ruleId === rule).map((r) => r.excerpt);
}

describe('image-credit', () => {
  it('reads credit lines by their label and the names after it, in several languages', () => {
    expect(creditReading('Foto: dpa')).toBe('anywhere');
    expect(creditReading('(Foto: Tony Silva/Ascom-PC)')).toBe('anywhere');
    expect(creditReading('Crédits photos : Bestimage')).toBe('anywhere');
    expect(creditReading('Fot. Lukasz Nowaczyk / Agencja Gazeta')).toBe('anywhere');
    expect(creditReading('. Imagen: Télam')).toBe('beside');
    expect(creditReading('© Oli Scarff/AFP/Getty Images')).toBe('beside');
    // A description after the label is a caption, not a credit.
    expect(creditReading('Photo: A man walks past the rubble of his house')).toBeNull();
    expect(creditReading('Bild: Blick auf den Kabinettssaal im Bundeskanzleramt')).toBeNull();
    expect(creditReading('Photographer Jane Doe')).toBeNull();
  });

  it("removes the credit inside a figure's caption and keeps the caption and the picture", () => {
    const figure = '<figure><img src="/bridge.jpg" alt="The bridge"><figcaption>The old bridge at dusk. <span class="copyright">Bundesregierung/Steffen Kugler</span></figcaption></figure>';
    const html = `<h1>Bridge</h1>${story}${figure}${more}`;
    expect(removedBy(html, 'image-credit')).toHaveLength(1);
    const { markdown } = convert(html);
    expect(markdown).not.toContain('Steffen Kugler');
    expect(markdown).toContain('The old bridge at dusk.');
    expect(markdown).toContain('![The bridge](/bridge.jpg)');
  });

  it('removes a labelled credit in the block beside a picture, and a photo credit closing the story', () => {
    const block = '<div class="image"><img src="/a.jpg" alt=""><p>(Foto: ABr)</p></div>';
    const html = `<h1>Bridge</h1>${block}${story}${more}<p>Crédits photos : Bestimage</p>`;
    const { markdown } = convert(html);
    expect(markdown).not.toContain('Foto: ABr');
    expect(markdown).not.toContain('Bestimage');
    expect(markdown).toContain('Work starts in spring');
  });

  it('keeps look-alikes away from pictures: a guide\'s "Image:" line, a licence\'s copyright, a chart\'s source', () => {
    const guide = `<h1>Deploy</h1>${story}<p>Image: ubuntu:22.04</p>${more}`;
    expect(convert(guide).markdown).toContain('Image: ubuntu:22.04');
    // A README with badges: the pictures stand in the article, not beside the licence's line.
    const readme = `<article><h1>tool</h1><p><img src="/badge.svg" alt="build"></p>${story}<h2>License</h2><p>Copyright (c) 2020 Jane Doe</p>${more}</article>`;
    expect(convert(readme).markdown).toContain('Copyright (c) 2020 Jane Doe');
    // A link titled like a credit leads to a gallery: its words are the link's.
    const gallery = `<h1>Moons</h1>${story}<ul><li><a href="/photos-europa"><u>Photos: Europa, Mysterious Icy Moon of Jupiter</u></a></li><li><a href="/io">Io</a></li></ul>${more}`;
    expect(removedBy(gallery, 'image-credit')).toEqual([]);
    const chart = `<h1>Prices</h1>${story}<figure><img src="/chart.png" alt="Prices"><figcaption>Source: Eurostat</figcaption></figure>${more}`;
    expect(convert(chart).markdown).toContain('Source: Eurostat');
  });

  it('finds a credit in any inline element inside the caption ("<nobr>Image: Keystone</nobr>")', () => {
    const html = `<h1>Bridge</h1>${story}<div><img src="/c.jpg" alt=""><p class="caption">The field near the vineyard. <nobr>Image: Keystone</nobr></p></div>${more}`;
    const { markdown } = convert(html);
    expect(markdown).not.toContain('Keystone');
    expect(markdown).toContain('The field near the vineyard.');
  });

  it('never takes the picture: a figure whose only words are the credit keeps its image', () => {
    const html = `<h1>Bridge</h1>${story}<figure><img src="/b.jpg" alt="Bridge"><figcaption>Foto: dpa</figcaption></figure>${more}`;
    const { markdown, removed } = convert(html);
    expect(markdown).toContain('![Bridge](/b.jpg)');
    expect(removed.filter((r) => r.ruleId === 'image-credit').map((r) => r.tag)).toEqual(['figcaption']);
  });
});
