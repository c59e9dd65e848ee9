import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const paragraph = (words: string) => `<p>${`${words} `.repeat(4)}</p>`;
const text = `<div class="entry"><h1>Bridge</h1>${paragraph('The council voted on the bridge after a long debate about its cost.')}${paragraph('Work starts in spring and the road stays open during the building.')}</div>`;
// A footer no vocabulary knows by name, and the block before it.
const prefooter = '<div class="mo-prefooter"><span>Notre communauté</span> <span>Espace presse</span></div>';
const footer = '<div id="PageFooter"><p class="Copyrights">© 2020 <a href="/">Nala</a></p></div>';

function pageEnds(html: string): string[] {
  return convert(html).removed.filter((r) => r.ruleId === 'page-end').map((r) => r.excerpt.slice(0, 30));
}

describe('page-end', () => {
  it("removes the blocks that end the page's layout after the text, whatever they are named", () => {
    const html = `<body><div id="wrap">${text}${prefooter}${footer}</div><script>track()</script></body>`;
    expect(pageEnds(html)).toEqual(['<div class="mo-prefooter"><spa', '<div id="PageFooter"><p class=']);
    const markdown = convert(html).markdown;
    expect(markdown).not.toContain('Espace presse');
    expect(markdown).not.toContain('© 2020');
    expect(markdown).toContain('Work starts in spring');
  });

  it('judges nothing when running text stands apart after the text: no one block holds all of it', () => {
    const comments = `<div class="thread">${paragraph('I walked over the old bridge every day for years and will miss it.')}</div>`;
    const html = `<body>${text}${prefooter}${comments}${footer}</body>`;
    expect(pageEnds(html)).toEqual([]);
    expect(convert(html).markdown).toContain('I walked over the old bridge');
  });

  it("keeps what follows the text inside the text's own container, and what a short text's one paragraph leads to", () => {
    // The summary after the reviews: the block of reviews before it does not hold the text's start.
    const reviews = `<div class="page"><section>${paragraph('The fish cakes were fresh and the crab ones were the best of all.')}</section><section>${paragraph('Pick what you want from the cases and they fry it for you there.')}</section><div class="summary"><h2>Pros</h2><ul><li>Fresh</li><li>Local</li></ul></div></div>`;
    expect(pageEnds(`<body>${reviews}</body>`)).toEqual([]);
    // One paragraph is the whole text: the list after it is the text's own.
    const guide = `<body><div class="main">${paragraph('The user guide explains each part of the tool, one page per topic.')}<ul><li><a href="install.html">Installation</a></li><li><a href="cli.html">Command line</a></li></ul></div></body>`;
    expect(pageEnds(guide)).toEqual([]);
    expect(convert(guide).markdown).toContain('Command line');
  });

  it("keeps a titled section after the text: a heading and words that are not links (a glossary, an address)", () => {
    const glossary = '<div class="glossary"><h2>Glossary</h2><dl><dt>Span</dt><dd>The distance between two piers.</dd></dl></div>';
    expect(pageEnds(`<body>${text}${glossary}${footer}</body>`)).toEqual(['<div id="PageFooter"><p class=']);
    expect(convert(`<body>${text}${glossary}${footer}</body>`).markdown).toContain('The distance between two piers.');
    // Titled, but nothing besides links: a box of related stories goes.
    const related = '<div class="more"><h3>Elsewhere</h3><ul><li><a href="/a">Tunnel plan</a></li><li><a href="/b">Road closures</a></li></ul></div>';
    expect(pageEnds(`<body>${text}${related}</body>`)).toEqual(['<div class="more"><h3>Elsewher']);
  });

  it('keeps data tables and code after the text, and leaves pages with a main region to outside-main', () => {
    const table = '<div class="specs"><table><tr><th>Span</th><th>Height</th></tr><tr><td>120 m</td><td>40 m</td></tr></table></div>';
    const code = '<div class="snippet"><pre><code>bridge.open()</code></pre></div>';
    expect(pageEnds(`<body>${text}${table}${code}${footer}</body>`)).toEqual(['<div id="PageFooter"><p class=']);
    expect(pageEnds(`<body><main>${text}</main>${footer}</body>`)).toEqual([]);
  });
});
