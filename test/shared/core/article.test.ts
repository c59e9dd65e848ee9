// Article mode: the main content only, every cut recorded in the "article" category and keepable.
import { describe, expect, it } from 'vitest';
import { convert } from '../../../src/shared/core';

const paragraph = (topic: string) => `<p>${`The ${topic} went ahead after months of debate, and the council said the work would finish on time, within budget, and with the road open. `.repeat(2)}</p>`;

// The edition line stands first: the default mode keeps it (nothing declares it chrome), article mode cuts it.
const page = `<html><body>
<div class="edition">Copyright Example Media</div>
<div class="top"><a href="/">Daily Example</a> <a href="/news">News</a> <a href="/sport">Sport</a></div>
<div class="layout">
  <div class="story"><h1>Bridge opens</h1>${paragraph('bridge')}${paragraph('vote')}
    <table><tr><th>Year</th><th>Cost</th></tr><tr><td>2023</td><td>4.1m</td></tr><tr><td>2024</td><td>3.2m</td></tr></table>
    <pre><code>toll = 0</code></pre>
    ${paragraph('opening')}
    <div class="more"><a href="/a">Other story one</a> <a href="/b">Other story two</a> <a href="/c">Other story three</a></div>
  </div>
  <div class="rail"><div><h3>Weather</h3><p>Sunny, 21 degrees</p></div><div><a href="/x">Win a car</a></div></div>
</div>
</body></html>`;

describe('article mode', () => {
  it('keeps the story, its table and its code, and cuts what stands beside it', () => {
    const { markdown } = convert(page, { mode: 'article' });
    expect(markdown).toContain('Bridge opens');
    expect(markdown).toContain('| 2024 | 3.2m |');
    expect(markdown).toContain('toll = 0');
    expect(markdown).not.toContain('Sunny, 21 degrees');
    expect(markdown).not.toContain('Copyright Example Media');
    expect(markdown).not.toContain('Other story two');
  });

  it('records every cut as an article removal with its reason, and each can be kept', () => {
    const { removed } = convert(page, { mode: 'article' });
    const article = removed.filter((r) => r.category === 'article');
    expect(article.length).toBeGreaterThanOrEqual(2);
    for (const entry of article) expect(entry.reason).toMatch(/^outside the main content/);
    const rail = article.find((r) => r.excerpt.includes('class="rail"'))!;
    expect(convert(page, { mode: 'article', keep: { paths: [rail.path] } }).markdown).toContain('Sunny, 21 degrees');
    expect(convert(page, { mode: 'article', keep: { rules: ['article-outside'] } }).markdown).toContain('Copyright Example Media');
  });

  it('changes nothing in the default mode, and counts its removals in stats', () => {
    expect(convert(page).markdown).toContain('Sunny, 21 degrees');
    expect(convert(page).removed.some((r) => r.category === 'article')).toBe(false);
    expect(convert(page, { mode: 'article' }).stats.removedByCategory.article).toBeGreaterThan(0);
  });

  it('keeps the whole page when it holds no prose to score', () => {
    const list = '<ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul><p>Short note</p>';
    expect(convert(list, { mode: 'article' }).removed.filter((r) => r.category === 'article')).toEqual([]);
  });

  it('keeps code and tables after the last paragraph whole: never a line or a row of them', () => {
    // Sphinx's source listings put a block (<div class="viewcode-block">) inside the <pre>; the text
    // after it was cut span by span as "after the end of the text".
    const listing =
      `<html><body><div class="nav"><a href="/">Docs</a> <a href="/api">API</a></div><div class="body"><h1>Source code for app.checks</h1>${paragraph('checker')}` +
      '<pre><span class="kn">import</span> os\n<div class="viewcode-block" id="Checker"><a class="viewcode-back" href="/api#Checker">[docs]</a><span class="k">class</span> Checker: # checks every link of the site\n</div>' +
      '<span class="k">def</span> <span class="nf">run</span>(self):\n    <span class="k">return</span> 1\n</pre>' +
      '<table><tr><th>Name</th><th>Kind</th></tr><tr><td>run</td><td>method</td></tr><tr><td>ok</td><td>flag</td></tr></table></div></body></html>';
    const { markdown, removed } = convert(listing, { mode: 'article' });
    expect(markdown).toContain('def run(self):');
    expect(markdown).toContain('return 1');
    expect(markdown).toContain('| ok | flag |');
    expect(removed.filter((r) => r.ruleId === 'article-after-text')).toEqual([]);
  });

  it('keeps every section of a manual page, not only its longest, and a short page whose header outscores its content', () => {
    const option = (name: string) => `<dt>--${name}</dt><dd><p>Print the ${name} output of the command, with every field, to standard error instead of the normal output.</p></dd>`;
    const manual = (options: string) =>
      '<html><body><div id="header"><h1>git-verify-tag(1) Manual Page</h1><h2>NAME</h2><div class="sectionbody"><p>git-verify-tag - Check the GPG signature of tags</p></div></div>' +
      '<div id="content"><div class="sect1"><h2>SYNOPSIS</h2><div class="sectionbody"><pre>git verify-tag [-v | --verbose] &lt;tag&gt;</pre></div></div>' +
      '<div class="sect1"><h2>DESCRIPTION</h2><div class="sectionbody"><div class="paragraph"><p>Validates the gpg signature created by git tag, and says so.</p></div></div></div>' +
      `<div class="sect1"><h2>OPTIONS</h2><div class="sectionbody"><div class="dlist"><dl>${options}</dl></div></div></div></div>` +
      '<div id="footer"><div id="footer-text">Last updated 2024-05-31</div></div></body></html>';
    const long = convert(manual(['raw', 'verbose', 'format', 'quiet', 'full', 'brief', 'color'].map(option).join('')), { mode: 'article' }).markdown;
    expect(long).toContain('git verify-tag [-v | --verbose]');
    expect(long).toContain('Validates the gpg signature created by git tag');
    expect(long).toContain('Print the color output');
    const short = convert(manual(option('raw')), { mode: 'article' }).markdown;
    expect(short).toContain('Validates the gpg signature created by git tag');
    expect(short).toContain('Print the raw output');
  });

  it('reads a list of API symbols, each a link around code, as words of the content, not a block of links', () => {
    const symbols = ['getServers', 'resolve', 'resolve4', 'resolve6', 'reverse', 'setServers']
      .map((name) => `<li><a href="#dns${name.toLowerCase()}"><code>resolver.${name}()</code></a></li>`)
      .join('');
    const api =
      `<html><body><div class="toc"><a href="/">Docs</a> <a href="/api">API</a></div><div id="apicontent"><h2>Class: dns.Resolver</h2>${paragraph('resolver')}` +
      `<p>Resolver methods from the dns module are available:</p><ul>${symbols}</ul>${paragraph('lookup')}</div></body></html>`;
    const { markdown } = convert(api, { mode: 'article' });
    expect(markdown).toContain('[`resolver.setServers()`](#dnssetservers)');
    expect(convert(page, { mode: 'article' }).markdown).not.toContain('Other story two');
  });

  it("cuts an image's caption and credit, not a code listing's or a table's caption", () => {
    const html =
      `<html><body><div class="top"><a href="/">Home</a> <a href="/news">News</a></div><div class="story"><h1>Bridge opens</h1>${paragraph('bridge')}` +
      '<figure><img src="b.jpg" alt="The bridge"><figcaption>The new bridge at dawn. Photo: AP</figcaption></figure>' +
      '<div class="InlineImage-wrapper"><img src="c.jpg" alt=""><div class="InlineImage-imageEmbedCaption">Crowds on the opening day (Getty Images)</div></div>' +
      `${paragraph('vote')}<p><span class="caption">Listing 1: The toll function</span></p><pre><code>toll = 0</code></pre>` +
      '<table><caption>Costs by year</caption><tr><th>Year</th><th>Cost</th></tr><tr><td>2023</td><td>4.1m</td></tr></table>' +
      `${paragraph('opening')}</div></body></html>`;
    const { markdown, removed } = convert(html, { mode: 'article' });
    expect(markdown).toContain('![The bridge](b.jpg)');
    expect(markdown).not.toContain('Photo: AP');
    expect(markdown).not.toContain('Crowds on the opening day');
    expect(markdown).toContain('Listing 1: The toll function');
    expect(markdown).toContain('Costs by year');
    expect(removed.filter((r) => r.ruleId === 'article-caption')).toHaveLength(2);
    // A lazy picture's figure holds no <img> until a script runs; a legend is a caption too.
    const lazy = html.replace('<img src="b.jpg" alt="The bridge">', '<div class="lazy" data-src="b.jpg"></div>').replace('class="InlineImage-imageEmbedCaption"', 'class="legend"');
    const cut = convert(lazy, { mode: 'article' });
    expect(cut.markdown).not.toContain('Photo: AP');
    expect(cut.markdown).not.toContain('Crowds on the opening day');
  });

  it('cuts blocks inside the story that their class names as noise, by whole words of the name', () => {
    const html =
      `<html><body><div class="top"><a href="/">Home</a> <a href="/news">News</a></div><div class="story"><h1>Bridge opens</h1>${paragraph('bridge')}` +
      '<div class="storyPromo"><p>Get the morning briefing in your inbox every day, free.</p></div>' +
      `${paragraph('vote')}<div class="ArticlePage-authorInfo"><p>Meg James covers the business of bridges and roads for the paper.</p></div>` +
      '<div class="deprecation-comment">Deprecated since the vote: use the new toll instead.</div>' +
      `${paragraph('opening')}</div></body></html>`;
    const { markdown, removed } = convert(html, { mode: 'article' });
    expect(markdown).not.toContain('morning briefing');
    expect(markdown).not.toContain('Meg James');
    expect(markdown).toContain('Deprecated since the vote');
    expect(removed.filter((r) => r.ruleId === 'article-named').map((r) => r.reason)).toEqual(['outside the main content (named as noise)', 'outside the main content (named as noise)']);
    // A wrapper of the story is not noise whatever its name.
    const wrapped = html.replace('<div class="story">', '<div class="story share-wrapper">');
    expect(convert(wrapped, { mode: 'article' }).markdown).toContain('The vote went ahead');
  });

  it('keeps the standfirst set in the header between the title and the body; not the byline or the lead image caption', () => {
    const html =
      '<html><body><div class="top"><a href="/">Home</a> <a href="/news">News</a></div><div class="page"><div class="story-head"><h1>Bridge opens</h1>' +
      '<p class="dek">After ten years of debate the new bridge opened on Monday, cutting the drive across the river from forty minutes to five.</p>' +
      '<p class="meta">By Ann Lee, 3 May</p>' +
      '<div class="hero"><img src="b.jpg" alt=""><p>The bridge at dawn on its first day, seen from the old ferry landing on the north bank.</p></div></div>' +
      `<div class="columns"><div class="story-body">${paragraph('bridge')}${paragraph('vote')}${paragraph('opening')}</div>` +
      '<div class="rail"><p>Sunny, 21 degrees, with a light wind from the west over the whole region today.</p></div></div></div></body></html>';
    const { markdown } = convert(html, { mode: 'article' });
    expect(markdown).toContain('After ten years of debate the new bridge opened on Monday');
    expect(markdown).not.toContain('By Ann Lee');
    expect(markdown).not.toContain('seen from the old ferry landing');
    expect(markdown).not.toContain('Sunny, 21 degrees');
    expect(markdown.indexOf('After ten years')).toBeLessThan(markdown.indexOf('The bridge went ahead'));
  });

  it('keeps a standfirst written as a subheading, a tweet the story embeds, and words set inline after a list inside the text', () => {
    const html =
      '<html><body><div class="top"><a href="/">Home</a> <a href="/news">News</a></div><div class="page"><div class="head"><h1>Bridge opens</h1>' +
      '<h2 class="article-deck">After ten years of debate the new bridge opened on Monday, cutting the drive across the river to five minutes.</h2></div>' +
      `<div class="columns"><div class="story-body">${paragraph('bridge')}` +
      '<div class="social-media-embed"><blockquote class="twitter-tweet"><p>Finally crossed the new bridge this morning!</p></blockquote></div>' +
      `${paragraph('vote')}<div class="text">The report claims the deck will stay open at night,<ul><li>for cyclists and walkers crossing the river</li></ul>although given the source is <em>DigiTimes</em>, we would not rely on it.<br><br><b>Dining and drinking</b><br>More later.</div></div>` +
      '<div class="rail"><p>Sunny, 21 degrees, with a light wind from the west over the whole region today.</p></div></div></div></body></html>';
    const { markdown } = convert(html, { mode: 'article' });
    expect(markdown).toContain('After ten years of debate');
    expect(markdown).toContain('Finally crossed the new bridge');
    expect(markdown).toContain('given the source is *DigiTimes*, we would not');
    expect(markdown).toContain('**Dining and drinking**');
    expect(markdown).not.toContain('Sunny, 21 degrees');
  });

  it('keeps what the default mode keeps on a page that declares a documentation generator', () => {
    const reference = (generator: string) =>
      `<html><head><meta name="generator" content="${generator}"></head><body><nav><a href="/">Docs</a></nav><main><h1>Class Iterator</h1>` +
      '<div class="block">An iterator over a collection.</div><h2>Method Summary</h2><div class="summary-table">' +
      '<div class="col-first"><a href="#hasNext()"><code>hasNext</code></a></div><div class="col-last">Returns true if the iteration has more elements.</div>' +
      `<div class="col-first"><a href="#next()"><code>next</code></a></div><div class="col-last">Returns the next element.</div></div>${paragraph('iterator')}` +
      '<p>See also: <a href="Collection.html">Collection</a>, <a href="ListIterator.html">ListIterator</a>, <a href="Iterable.html">Iterable</a></p></main></body></html>';
    const docs = convert(reference('javadoc/ClassWriterImpl'), { mode: 'article' });
    expect(docs.removed.filter((r) => r.category === 'article')).toEqual([]);
    expect(docs.markdown).toBe(convert(reference('javadoc/ClassWriterImpl')).markdown);
    // Any other generator gets article mode's cuts.
    expect(convert(reference('WordPress 6.4'), { mode: 'article' }).removed.some((r) => r.category === 'article')).toBe(true);
  });

  it('keeps a list of entries whose items carry words besides their links (parameters and their types)', () => {
    const params = ['hostname', 'options', 'callback'].map((name) => `<li><code>${name}</code> <a href="https://developer.mozilla.org/String">&lt;string&gt;</a></li>`).join('');
    const html = `<html><body><div class="top"><a href="/">Docs</a> <a href="/api">API</a></div><div id="apicontent"><h2>dns.lookup(hostname)</h2>${paragraph('lookup')}<ul>${params}</ul>${paragraph('resolver')}` +
      '<ul><li><a href="/a">Other story one</a></li><li><a href="/b">Other story two</a></li><li><a href="/c">Other story three</a></li></ul></div></body></html>';
    const { markdown } = convert(html, { mode: 'article' });
    expect(markdown).toContain('- `callback` [\\<string>](https://developer.mozilla.org/String)');
    expect(markdown).not.toContain('Other story two');
    // A function of one parameter has a list of one entry.
    const one = html.replace(`<ul>${params}</ul>`, `<ul><li><code>domain</code> <a href="https://developer.mozilla.org/String">&lt;string&gt;</a></li></ul>`);
    expect(convert(one, { mode: 'article' }).markdown).toContain('- `domain` [\\<string>](https://developer.mozilla.org/String)');
  });

  it('takes the sections of a reference whose headings follow empty anchors as one document', () => {
    const field = (name: string, words: string) =>
      `<div class="section" id="s-${name}"><span id="${name}"></span><h3><code>${name}</code></h3><dl class="py class"><dt>class ${name}(base_field)</dt><dd><p>${words}</p>` +
      `<div class="highlight"><pre>${name}(forms.CharField(), delimiter="|")</pre></div></dd></dl></div>`;
    const html =
      '<html><body><div class="nav"><a href="/">Django</a> <a href="/ref">Reference</a></div><div class="yui-g"><h1>PostgreSQL specific form fields</h1>' +
      `<div class="section" id="s-fields"><span id="fields"></span><h2>Fields</h2>${field('SimpleArrayField', 'A field which maps to an array, represented by an HTML input.')}` +
      `${field('SplitArrayField', 'This field handles arrays by reproducing the underlying field a fixed number of times, one widget each.')}</div></div></body></html>`;
    const { markdown } = convert(html, { mode: 'article' });
    expect(markdown).toContain('A field which maps to an array');
    expect(markdown).toContain('SimpleArrayField(forms.CharField()');
    expect(markdown).toContain('SplitArrayField(forms.CharField()');
  });
});
