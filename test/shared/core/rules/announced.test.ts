import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { kindOfTitle } from '../../../../src/shared/core/rules/announced';
import { isListOfLinkedEntries } from '../../../../src/shared/core/rules/link-lists';
import { parseHtml } from '../../../../src/shared/core/parse';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;

function markdownOf(html: string): string {
  return convert(html).markdown;
}

function ruleOf(html: string): string[] {
  return convert(html).removed.map((r) => `${r.ruleId} ${r.tag}`);
}

describe('announced blocks', () => {
  it('removes comment sections named by a whole token or by their heading', () => {
    expect(ruleOf(`${story}<div id="comments"><article><p>Great!</p></article></div>`)).toEqual(['announced-block div']);
    expect(ruleOf(`${story}<section><h2>34 responses to “Bridge vote”</h2><ol><li><a href="/c/1">Ann</a></li><li><a href="/c/2">Bo</a></li></ol></section>`)).toEqual(['announced-block section']);
    expect(ruleOf(`${story}<div class="no-comments">None yet</div>`)).toEqual([]);
  });

  it('removes related and newsletter blocks named by heading or aria-label', () => {
    expect(ruleOf(`${story}<div aria-label="Related stories"><p><a href="/other">Other</a></p></div>`)).toEqual(['announced-block div']);
    expect(ruleOf(`${story}<div><div class="head"><h3>Most read in world news</h3></div><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></div>`)).toEqual(['announced-block div']);
    expect(ruleOf(`${story}<div><h4>Sign up for our newsletter</h4><a href="/signup">Sign up</a></div>`)).toEqual(['announced-block div']);
  });

  it('keeps prose and code that a heading merely introduces with an announced word', () => {
    const recommended = '<section><h2>Recommended configuration</h2><p>Set the pool size to twice the cores.</p><pre><code>pool = 2 * cores</code></pre></section>';
    expect(ruleOf(`${story}${recommended}`)).toEqual([]);
    expect(markdownOf(`${story}${recommended}`)).toContain('pool = 2 * cores');
    expect(ruleOf(`${story}<div><h2>Discussion</h2><p>Git is to some extent character encoding agnostic.</p></div>`)).toEqual([]);
    expect(ruleOf(`${story}<div><h3>See also</h3><p>The <a href="/ref">reference</a> explains each option in turn.</p></div>`)).toEqual([]);
  });

  it("never removes a block that holds the story's first paragraph, the title, or a data table", () => {
    expect(ruleOf(`<div class="related"><h1>Title</h1>${story}</div>`)).toEqual([]);
    expect(ruleOf(`${story}<div class="comments"><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></div>`)).toEqual([]);
  });

  it('removes sidebar widgets and theme furniture by whole tokens', () => {
    expect(ruleOf(`${story}<div class="widget widget_archive"><h3>Archives</h3><p>2019</p></div>`)).toEqual(['widget div']);
    expect(ruleOf(`<div class="site-footer">© Site</div>${story}`)).toEqual(['furniture-token div']);
    expect(ruleOf(`${story}<p class="copyright MT10">Copyright © Example Ltd. All rights reserved.</p>`)).toEqual(['furniture-token p']);
  });

  it('keeps a block named "widget" or "footer" that holds most of the running text (Blogger wraps its posts in div.widget.Blog)', () => {
    const post = `<p>${'I have let this blog sleep for a while, and the reasons are many and long. '.repeat(3)}</p>`.repeat(3);
    const html = `<div class="header"><p>${'A blog about an old Silesian pastry, its history and its makers. '.repeat(2)}</p></div>` +
      `<div class="widget Blog" id="Blog1">${post}</div><div class="widget HTML"><h2>Links</h2><p>Elsewhere</p></div>`;
    expect(ruleOf(html)).toEqual(['widget div']);
    expect(markdownOf(html)).toContain('I have let this blog sleep');
  });

  it('leaves <header>/<footer> to their structural rule, whatever their class', () => {
    expect(ruleOf(`<section><header class="site-header"><h2>Part</h2></header>${story}</section>`)).toEqual([]);
  });
});

describe('opening headings', () => {
  const teasers = '<div class="cards"><div class="card"><a href="/a">Tunnel plan</a></div><div class="card"><a href="/b">Road closures</a></div></div>';

  it('finds the heading past an icon before it and down a few wrappers', () => {
    const iconFirst = `<section class="grid"><div class="head"><i class="icon-bullet"></i><h2>Neueste Artikel</h2></div>${teasers}</section>`;
    expect(ruleOf(`<h1>Bridge</h1>${story}${iconFirst}${story}`)).toContain('announced-block section');
    const wrapped = `<div class="module"><header class="module-header"><div class="container"><h2>More from Relationships</h2></div></header>${teasers}</div>`;
    expect(ruleOf(`<h1>Bridge</h1>${story}${wrapped}${story}`)).toContain('announced-block div');
  });

  it('passes over entries emptied by what went inside them, and layout helpers of a card grid', () => {
    const adCard = '<div class="card"><span class="label">Anzeige</span><script>ad()</script></div>';
    const cards = '<div class="card"><a href="/a">Tunnel plan</a></div><div class="card"><a href="/b">Road closures</a></div>';
    expect(ruleOf(`<h1>Bridge</h1>${story}<div class="row"><div class="head"><h2>Auch interessant</h2></div>${cards}${adCard}</div>${story}`)).toContain('announced-block div');
    // Each card's line is long enough that the grid as a whole is no single card.
    const line = 'What the city plans for the river crossing, and when the work on it starts. '.repeat(2);
    const grid = `<div class="grid"><div class="sizer"></div><div class="item"><h3>Tunnel plan</h3><p>${line}</p><a href="/t">Read more</a></div><div class="item"><h3>Budget</h3><p>${line}</p><a href="/b">Read more</a></div></div>`;
    expect(ruleOf(`<h1>Bridge</h1>${story}<div class="sub"><h2>Mehr zum Thema</h2>${grid}</div>${story}`)).toContain('announced-block div');
  });

  it('takes a title in the widget before a list as announcing it, as page builders split them; never a list of prose', () => {
    const widget = (inner: string) => `<div class="elementor-widget"><div class="elementor-widget-container">${inner}</div></div>`;
    // The author's widget first: the column as a whole is no announced block.
    const author = widget('<p>Anna Berg writes about the city and its bridges.</p>');
    // Story cards (headlines that are no links): a list only where a title announces it.
    const cards = '<div class="grid"><div class="item"><h4>Tunnel plan</h4><p>What the city plans.</p><a href="/t">Read more</a></div><div class="item"><h4>Budget</h4><p>What it costs.</p><a href="/b">Read more</a></div></div>';
    const column = `<div class="column">${author}${widget('<h3>Neueste Artikel</h3>')}${widget(cards)}</div>`;
    const outcome = convert(`<h1>Bridge</h1>${story}${column}${story}`);
    // The list goes with the title's words as its reason; then the title over nothing goes too.
    expect(outcome.removed.map((r) => r.reason).join(' | ')).toContain('announced by the title before it');
    expect(outcome.markdown).not.toContain('Tunnel plan');
    expect(outcome.markdown).not.toContain('Neueste Artikel');
    // The same list after a heading that announces nothing, or prose after an announcing one, stays.
    expect(outcome.markdown).toContain('Anna Berg writes');
    expect(convert(`<h1>Bridge</h1>${story}<div class="column">${author}${widget('<h3>Our bridges</h3>')}${widget(cards)}</div>${story}`).markdown).toContain('Tunnel plan');
    const prose = '<ul><li>The tunnel plan was approved on Monday by the full council.</li><li>Road closures start in May and last all summer.</li></ul>';
    expect(convert(`<h1>Bridge</h1>${story}<h3>Mehr zum Thema</h3>${prose}${story}`).markdown).toContain('Road closures start in May');
  });

  it('finds the title before a list four wrappers down, past an empty slot beside it, and takes it with the list', () => {
    // biathlon-antholz.it: an intro section (an empty breadcrumb slot, then the title deep in wrappers), then the cards.
    const intro = '<section class="intro"><div class="breadcrumb"></div><div class="center"><div class="inner"><div class="content"><div class="headline">Das könnte Sie auch interessieren</div></div></div></div></section>';
    const card = (n: number) => `<article><div class="picture"><a href="/s${n}"><img src="/s${n}.jpg" alt="Story ${n}"></a></div><div class="headline"><a href="/s${n}">Story number ${n} from the valley</a></div><span>Two days before the first race the arena comes to life.</span></article>`;
    const outcome = convert(`<h1>Race day</h1>${story}<div class="page">${intro}<div class="elements">${card(1)}${card(2)}</div></div>`);
    expect(outcome.markdown).not.toContain('Story number');
    expect(outcome.markdown).not.toContain('Das könnte Sie auch');
    expect(outcome.markdown).toContain('The council voted');
    expect(outcome.removed.map((r) => r.ruleId)).toEqual(expect.arrayContaining(['announced-block', 'orphan-heading']));
  });

  it('reads entries with a date, a count or a rank beside their link as links under an announcing title, and nowhere else', () => {
    const entries = '<ul><li>2019-01-14: <a href="/a">Start of the dictionary centre</a></li><li>2018-01-06: <a href="/b">A long evening of language</a></li></ul>';
    const counted = '<ul><li><a href="/c">Harry Potter</a> (13)</li><li><a href="/d">Snowman</a> (0)</li></ul>';
    for (const list of [entries, counted]) {
      const outcome = convert(`<h1>Dictionary</h1>${story}<div class="more"><h3>Mehr zum Thema</h3>${list}</div>`);
      expect(outcome.removed.map((r) => r.ruleId)).toContain('announced-block');
      expect(outcome.markdown).not.toMatch(/dictionary centre|Snowman/);
    }
    // A list of prices beside product links is what a shop page shows: under a plain heading it stays.
    const prices = '<ul><li><a href="/p1">Kettle</a> 19.99</li><li><a href="/p2">Toaster</a> 24.50</li></ul>';
    expect(convert(`<h1>Kitchen</h1>${story}<div class="offers"><h3>Our kettles</h3>${prices}</div>${story}`).markdown).toContain('Toaster');
  });

  it('reads teasers with a category in the headline and a summary of a few sentences as what a related title announces', () => {
    const summary = 'The foundation for engagement and volunteering was founded in June 2020 with a ceremony. '.repeat(4);
    const teaser = (n: number) => `<div class="columns"><div class="teaser"><h3><a href="/t${n}">Foundation number ${n} for volunteers</a> <span>(Topic: Volunteering)</span></h3><p>${summary}</p><p><a href="/t${n}">More</a></p></div></div>`;
    const block = (title: string) => `<div class="wrapper"><div class="caption"><h2>${title}</h2></div><div class="row">${teaser(1)}${teaser(2)}</div></div>`;
    expect(convert(`<h1>Forum</h1>${story}${block('Das könnte Sie auch interessieren')}`).markdown).not.toContain('Foundation number');
    // The same sections under a title that announces nothing are the page's.
    expect(convert(`<h1>Forum</h1>${story}${block('Our foundations')}`).markdown).toContain('Foundation number');
    // "Related work" over paragraphs citing papers is prose, not teasers.
    const cites = `<div class="section"><h2>Related work</h2><p>Earlier, <a href="https://example.org/a">Smith and Jones</a> measured the same effect on smaller samples. ${summary}</p><p>Later work by <a href="https://example.org/b">Lee</a> found it again.</p></div>`;
    expect(convert(`<h1>Study</h1>${story}${cites}`).markdown).toContain('Smith and Jones');
  });

  it('reads cards whose link wraps the headline, and whose summary is a first paragraph, as related teasers', () => {
    const summary = 'The single pieces of fabric would be bad enough on their own, so why do we see the coat so often? '.repeat(8);
    const card = (n: number) => `<article><a href="/2016/story-${n}/"><img src="/s${n}.jpg" alt=""></a><a href="/2016/story-${n}/"><h2 class="Related___StyledHeading-v60wrk-0">Story number ${n}</h2></a><div>${summary}</div><a href="/2016/story-${n}/">Weiterlesen...</a></article>`;
    const html = `<h1>Shower heads</h1>${story}<div class="Wrapper"><h3>Ähnliche Beiträge</h3><div>${card(1)}${card(2)}</div></div>`;
    const markdown = convert(html).markdown;
    expect(markdown).not.toContain('Ähnliche Beiträge');
    expect(markdown).not.toContain('single pieces of fabric');
    expect(markdown).toContain('The council voted');
  });

  it('reads entries set as blocks of a link and a date, and a line to more of them after, as what a related title announces', () => {
    const entry = (n: number) => `<div class="item"><div class="headline"><a href="/news/story-${n}/">Story number ${n} about midwives</a> 07.02.2022</div><div class="clearfix"></div></div>`;
    const block = (title: string) => `<div class="related"><h4>${title}</h4><div class="headlines">${entry(1)}${entry(2)}${entry(3)}</div><br><div class="all">Alle Meldungen der Rubrik | <a href="/news/pregnancy/">Schwangerschaft</a> «</div></div>`;
    const markdown = convert(`<h1>Exercise</h1>${story}${block('Weitere Meldungen aus der Rubrik <a href="/news/pregnancy/">Schwangerschaft</a>:')}`).markdown;
    expect(markdown).not.toContain('Story number');
    expect(markdown).not.toContain('Alle Meldungen');
    expect(markdown).not.toContain('Weitere Meldungen');
    // Entries with words beside their links are not links with dates.
    const entries = (beside: string) => parseHtml(`<div>${entry(1).replace('07.02.2022', beside)}${entry(2).replace('07.02.2022', beside)}</div>`).body!.children[0];
    expect(isListOfLinkedEntries(entries('07.02.2022'), null)).toBe(true);
    expect(isListOfLinkedEntries(entries('tells how midwives work'), null)).toBe(false);
  });

  it('knows the links to the next and previous post as related stories', () => {
    for (const title of ['Next post', 'Previous article', 'Nächster Artikel', 'Vorheriger Beitrag', 'Article suivant']) expect(kindOfTitle(title), title).toBe('related');
    expect(kindOfTitle('Next steps')).toBeUndefined();
  });

  it('reads a second heading before the entries as part of the title ("Related" over a subtitle)', () => {
    const card = (n: number) => `<div class="card"><a href="/s${n}"><img src="/s${n}.jpg" alt=""></a><h3><a href="/s${n}">Story number ${n}</a></h3><h4><a href="/c">Advocacy</a> <a href="/d">Law</a></h4><p>${'What the court decided, and what it means for readers. '.repeat(7)}</p></div>`;
    const block = (subtitle: string) => `<div class="news-list"><h3>Related</h3>${subtitle}<div class="flex">${card(1)}${card(2)}</div></div>`;
    expect(convert(`<h1>Access restored</h1>${story}${block('<h2>Read further in the pursuit of knowledge</h2>')}`).markdown).not.toContain('Story number');
    // Prose after the subtitle is a section of the page, not entries: the block stays (its cards may go as a list).
    expect(convert(`<h1>Access restored</h1>${story}${block('<h2>Background</h2><p>The block began in April 2017 and lasted almost three years in all.</p>')}`).markdown).toContain('The block began');
  });

  it('removes the thread a count of comments opens, whatever it holds; a heading without a count opens a section', () => {
    const comment = (who: string) => `<li><p>${who} (22 juin 2018)</p><p>What a fine piece on the architecture of the new ministry, thank you for it.</p></li>`;
    for (const title of ['27 commentaires', '2 Comments', '3 Kommentare:']) {
      const outcome = convert(`<h1>Turpitude</h1>${story}<div class="forum"><h2>${title}</h2><ul>${comment('Anne')}${comment('Paul')}</ul></div>`);
      expect(outcome.markdown).not.toContain('What a fine piece');
      expect(outcome.removed.map((r) => r.ruleId)).toContain('announced-block');
    }
    const discussion = `<div class="section"><h2>Discussion</h2><p>${'The results hold for every sample we tried, as the table shows. '.repeat(3)}</p></div>`;
    expect(convert(`<h1>Study</h1>${story}${discussion}`).markdown).toContain('The results hold');
  });

  it('removes a box of linked headlines before the story: its words are links, not the running text', () => {
    const headline = (n: number) => `<a href="/s${n}" class="top-story"><span class="number">${n}</span> What the city plans for the river crossing, and when work starts</a>`;
    const box = `<div class="module"><header><h4><span>Most Popular Today</span></h4></header>${headline(1)}${headline(2)}${headline(3)}</div>`;
    const outcome = convert(`<h1>Bridge</h1><p>By Anna Berg</p>${box}${story}`);
    expect(outcome.removed.map((r) => `${r.ruleId} ${r.tag}`)).toContain('announced-block div');
    expect(outcome.markdown).not.toContain('river crossing');
    expect(outcome.markdown).toContain('The council voted');
  });

  it('does not take a picture before the heading for an icon', () => {
    const pictured = `<section><div class="head"><img src="/p.jpg" alt="Harbour"><h2>Neueste Artikel</h2></div>${teasers}</section>`;
    expect(ruleOf(`<h1>Bridge</h1>${story}${pictured}${story}`)).not.toContain('announced-block section');
  });
});

describe('components named by their parts (BEM)', () => {
  it('takes a part of a named component for the component: newsletter-form__wrapper is a newsletter form', () => {
    const box = '<div class="newsletter-form__wrapper"><h2 class="newsletter-form__header">Our Newsletter</h2><p>Sign up to get the best content of the week</p></div>';
    expect(ruleOf(`<h1>Bridge</h1>${story}${box}${story}`)).toContain('announced-block div');
  });

  it('does not take a byline\'s parts for a box about the author, nor a name that only starts like one', () => {
    expect(ruleOf(`<h1>Bridge</h1><p class="author-card__name">By Jane Doe</p>${story}`)).toEqual([]);
    expect(ruleOf(`<h1>Bridge</h1>${story}<div class="newsletters-archive__intro"><p>${'Our letters from the archive, each a long read. '.repeat(3)}</p></div>`)).toEqual([]);
  });
});

describe('author boxes', () => {
  const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
  it('removes a box about the writer named by a whole token, never one holding the story', () => {
    const box = '<div class="author-bio"><p>Ann Lee covers city hall for the paper and has written about bridges since 2009.</p></div>';
    expect(convert(`${story}${box}`).removed.map((r) => `${r.ruleId} ${r.reason}`)).toEqual(['announced-block a box about the author']);
    expect(convert(`<div class="author-box"><h1>Title</h1>${story}</div>`).removed).toEqual([]);
  });

  it("removes the share rows, tags and post links that blog engines print around a post, by their components' own names", () => {
    const jetpack = '<div class="sharedaddy sd-sharing-enabled"><h3 class="sd-title">Share this:</h3><ul><li><a href="?share=twitter">Twitter</a></li></ul></div>';
    expect(convert(`${story}${jetpack}`).removed.map((r) => `${r.ruleId} ${r.reason}`)).toEqual(['announced-block share or like buttons']);
    const utility = '<div class="entry-utility">This entry was posted in <a href="/c/news">News</a>. Bookmark the <a href="/p/1">permalink</a>.</div>';
    const navigation = '<nav class="post-navigation"><div class="nav-previous"><a href="/p/0">Older post</a></div></nav>';
    expect(convert(`${story}${utility}`).removed.map((r) => r.reason)).toEqual(["the post's tags, categories or links to other posts"]);
    expect(convert(`${story}${utility}${navigation}`).markdown).not.toContain('Older post');
    const articleFooter = '<div class="article-footer"><p>Share on <a href="https://wa.me/?text=x">WhatsApp</a></p></div>';
    expect(convert(`<div class="article">${story}${articleFooter}</div>`).removed.map((r) => r.reason)).toEqual(["the post's tags, categories or links to other posts"]);
    // A bare "tags" names a card's own attributes as often as a post's tags: kept.
    expect(ruleOf(`${story}<div class="product"><h3>Oat bar</h3><ul class="tags"><li>Vegan</li><li>Gluten-free</li></ul></div>`)).toEqual([]);
    // Whole tokens only: a post of the "share-buttons-guide" category is the story.
    expect(convert(`<div class="share-buttons-guide">${story}</div>`).removed).toEqual([]);
  });

  it('removes sidebars named by their side, never one holding a data table', () => {
    const sidebar = '<div id="sidebar-right"><h3>Latest headlines</h3><p><a href="/a">Phones get cheaper</a></p></div>';
    expect(ruleOf(`${story}${sidebar}`)).toEqual(['widget div']);
    const prices = '<div class="right-sidebar"><table><tr><th>Model</th><th>Price</th></tr><tr><td>A</td><td>$999</td></tr></table></div>';
    expect(ruleOf(`${story}${prices}`)).toEqual([]);
  });

  it("keeps a sidebar's data table, and removes the widget's other parts around it", () => {
    const prices = '<div class="guide"><h3>Price guide</h3><table><tr><th>Model</th><th>Price</th></tr><tr><td>A</td><td>$999</td></tr></table></div>';
    const headlines = '<div class="module"><h3>Latest headlines</h3><ul><li><a href="/a">Phones get cheaper</a></li><li><a href="/b">Tablets too</a></li></ul></div>';
    const outcome = convert(`${story}<div id="sidebar-right">${headlines}${prices}</div>`);
    expect(outcome.removed.map((r) => r.reason)).toEqual(['a part of a sidebar widget (sidebar-right) kept only for its data table']);
    expect(outcome.markdown).toContain('| A | $999 |');
    expect(outcome.markdown).not.toContain('Phones get cheaper');
    // A "sidebar" that holds the page's title keeps all of it: it is the page's column, misnamed.
    const column = `<div class="sidebar"><div class="dek"><h2>The new bridge opens in May</h2></div><h1>Bridge</h1>${prices}</div>`;
    expect(convert(`${column}${story}`).markdown).toContain('The new bridge opens in May');
  });

  it('removes story cards under an announcing heading, whose headlines are not links; keeps such sections unannounced', () => {
    const card = (n: number) => `<article><img src="/i${n}.jpg" alt=""><h3>Story ${n}</h3><p>What happened to the bridge, in brief.</p><a href="/s${n}">Read on</a></article>`;
    const cards = `<div class="holder">${card(1)}${card(2)}${card(3)}</div>`;
    expect(ruleOf(`${story}<section><h2>Zum Weiterlesen</h2>${cards}</section>`)).toEqual(['announced-block section']);
    // Unannounced, cards after the text may be the page's own (its projects, its products).
    expect(ruleOf(`${story}<section><h2>Our projects</h2>${cards}</section>`)).toEqual([]);
    // A reference's entries (rustdoc: an impl heading with its names linked) are never cards.
    const impl = (n: number) => `<section><h3>impl Send for <a href="../struct.T${n}.html">T${n}</a></h3></section>`;
    expect(ruleOf(`${story}<section><h2>More from the crate</h2><div>${impl(1)}${impl(2)}</div></section>`)).toEqual([]);
  });

  it('reads a title set as a plain block, as sites style a div where a heading belongs', () => {
    const promo = (n: number) => `<li><a href="/c">Business</a><a href="/s${n}"><img src="/i${n}.jpg" alt=""></a><a href="/s${n}">Story ${n}</a><div>What happened, in brief.</div></li>`;
    const more = `<div class="list"><div class="list-header"><div class="list-title">More From the Times</div></div><ul>${promo(1)}${promo(2)}</ul></div>`;
    expect(ruleOf(`${story}${more}`)).toEqual(['announced-block div']);
    // A plain block of other words, or one with a link, is no title.
    expect(ruleOf(`${story}${more.replace('More From the Times', 'Our business desk')}`)).toEqual([]);
  });

  it('reads a list of stories announced after an article ("Die meistgelesenen Artikel"), never a column named so', () => {
    expect(kindOfTitle('Die meistgelesenen Artikel')).toBe('related');
    expect(kindOfTitle('Les plus lus')).toBe('related');
    expect(kindOfTitle('Kommentare')).toBe('comments');
    for (const title of ['Weiterlesen:', 'Artikel zum Thema', 'Passend zum Thema', 'Weitere aktuelle Themen aus der Arbeitswelt', 'Nutzer mochten auch folgende Artikel', 'Mehr über Medien']) {
      expect(kindOfTitle(title)).toBe('related');
    }
    // "Weiterlesen" opens a title only said whole: a sentence that starts so is no title.
    expect(kindOfTitle('Weiterlesen lohnt sich')).toBeUndefined();
    // An opinion column's name, not the readers' comments; and the article alone is no title.
    expect(kindOfTitle('Der Kommentar')).toBeUndefined();
    expect(kindOfTitle('Die Brücke')).toBeUndefined();
    const cards = '<div class="card"><h3>Tunnel plan</h3><a href="/t">Weiterlesen</a></div><div class="card"><h3>Budget</h3><a href="/b">Weiterlesen</a></div>';
    expect(ruleOf(`${story}<section><h2>Die meistgelesenen Artikel</h2>${cards}</section>`)).toEqual(['announced-block section']);
  });
});
