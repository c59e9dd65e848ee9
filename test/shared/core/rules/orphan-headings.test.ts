import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
const more = `<p>${'Work starts in spring and the road stays open during the building. '.repeat(3)}</p>`;
const links = '<ul><li><a href="/a">Tunnel plan</a></li><li><a href="/b">Road closures</a></li><li><a href="/c">Budget</a></li></ul>';

// The sections here follow the story at the page's end, where page-end would take them whole:
// these tests judge the headings, with that rule kept out.
const headingsOnly = { keep: { rules: ['page-end'] } };

function orphans(html: string): string[] {
  return convert(html, headingsOnly).removed.filter((r) => r.ruleId === 'orphan-heading').map((r) => r.excerpt);
}

describe('orphan-heading', () => {
  it('removes a heading whose whole section went as noise, also when a wrapper holds only the heading', () => {
    // No announcing word: the list goes as links after the text, and its heading with it.
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div><div><h3>Elsewhere on the site</h3>${links}</div>`)).toHaveLength(1);
    const wrapped = `<div><h1>Bridge</h1>${story}${more}</div><div class="w"><div class="heading"><h4>Elsewhere</h4></div><div class="posts">${links}</div></div>`;
    expect(convert(wrapped, headingsOnly).markdown).not.toContain('Elsewhere');
  });

  it('keeps headings with text left under them, headings over nothing, and teaser headlines', () => {
    expect(orphans(`<h1>Bridge</h1>${story}<h2>Costs</h2>${more}`)).toEqual([]);
    expect(orphans(`<h1>Bridge</h1>${story}<h2>Costs</h2><h3>Steel</h3>${more}`)).toEqual([]);
    // A teaser's linked headline is judged with its list (here: the list of cards goes as a whole).
    const cards = '<div><div><h2><a href="/x">Tunnel plan</a></h2><div><a href="/t">Transport</a></div></div><div><h2><a href="/y">Budget</a></h2><div><a href="/m">Money</a></div></div></div>';
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div>${cards}`)).toEqual([]);
    expect(convert(`<div><h1>Bridge</h1>${story}${more}</div>${cards}`, headingsOnly).markdown).not.toContain('Tunnel plan');
  });

  it('removes a title set as a plain block when its words announce what went ("Mehr zum Thema", "Share")', () => {
    // A line before the title: the block as a whole is announced by nothing.
    const related = `<div class="field"><p>Updated on 3 May.</p><div class="field--label">Mehr zum Thema</div><div class="items"><article class="related-content"><h3><a href="/a">Tunnel plan</a></h3></article></div></div>`;
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div>${related}`)).toHaveLength(1);
    // Opening its block, the title takes the block with it as announced (what it announced went).
    const opening = `<div class="field"><div class="field--label">Mehr zum Thema</div><div class="items"><article class="related-content"><h3><a href="/a">Tunnel plan</a></h3></article></div></div>`;
    expect(convert(`<div><h1>Bridge</h1>${story}${more}</div>${opening}`, headingsOnly).removed.map((r) => r.ruleId)).toEqual(['announced-block']);
    const share = '<div class="side"><div class="labeled">Artikel teilen</div><div class="shariff"></div></div>';
    expect(convert(`<div><h1>Bridge</h1>${story}${share}${more}</div>`).markdown).not.toContain('teilen');
  });

  it('keeps a plain block whose words do not announce anything, though what follows it went', () => {
    const html = `<div><h1>Bridge</h1>${story}${more}</div><div><div class="label">Tunnel and road</div><div class="items"><article class="related-content"><h3><a href="/a">Tunnel plan</a></h3></article></div></div>`;
    expect(orphans(html)).toEqual([]);
    expect(convert(html, headingsOnly).markdown).toContain('Tunnel and road');
    // A word inside a line is no title: Sphinx's signature "category" before its removed permalink.
    const signature = `${story}<dl><dt><span class="sig-name">category</span><a class="headerlink" href="#x">¶</a></dt><dd>${more}</dd></dl>`;
    expect(convert(signature).markdown).toContain('category');
  });

  it('removes an announcing title over a block left empty (filled by a script), never a plain heading over one', () => {
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div><div><h3>Aktuelle News</h3><div class="grid"></div></div>`)).toHaveLength(1);
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div><div><h3>Opening hours</h3><div class="grid"></div></div>`)).toEqual([]);
  });

  it('removes an announcing title that ends its block (its list never came), never a plain heading there', () => {
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div><div class="box"><h5><span>Most Popular</span></h5></div>`)).toHaveLength(1);
    expect(orphans(`<div><h1>Bridge</h1>${story}<p class="share">Beitrag teilen</p></div>`)).toHaveLength(1);
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div><div><h3>Opening hours</h3></div>`)).toEqual([]);
    // Followed by another heading, the title heads what comes: it stays.
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div><div><h3>Related</h3><h4>Tunnel plan</h4>${more}</div>`)).toEqual([]);
  });

  it("judges a tab's title linked only to its own panel (\"#\") as a heading, not a teaser's headline", () => {
    const tabs = '<div class="block"><h4><a href="#">Verwandte Artikel</a> <a href="#">Mehr vom Autor</a></h4></div>';
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div>${tabs}<div>${links}</div>`)).toHaveLength(1);
    expect(orphans(`<div><h1>Bridge</h1>${story}${more}</div><div class="block"><h4><a href="/tunnel">Tunnel plan</a></h4></div><div>${links}</div>`)).toEqual([]);
  });
});
