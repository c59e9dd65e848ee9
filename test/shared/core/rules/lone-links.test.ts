import { describe, expect, it } from 'vitest';
import { markdownOf, removedBy } from './helpers';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;

describe('back-link', () => {
  it('removes a link that only takes the reader back, on a line of its own', () => {
    expect(removedBy(`${story}<p><a href="#top">Back to top</a></p>`)).toEqual(['back-link a']);
    expect(markdownOf(`<div>${story}</div><div class="nav"><a href="/news"><i class="icon-left"></i> <span>Zurück zur Übersicht</span></a></div>`)).not.toContain('Übersicht');
    // A block among blocks is its own line too.
    expect(markdownOf(`<div><div>${story}</div><a href="#" class="up"><span>Nach oben</span></a><div>${story}</div></div>`)).not.toContain('Nach oben');
    expect(markdownOf(`${story}<p><a href="/actualites">« Retour vers toutes les actualités</a></p>`)).not.toContain('Retour');
    expect(markdownOf(`<div><a href="#after-top">Continue reading the main story</a></div>${story}<div id="after-top">${story}</div>`)).not.toContain('Continue reading');
    // Alone on its line among many siblings: what is beside it (scripts, a menu) is another line or unseen.
    const scripts = '<script>track()</script>'.repeat(20);
    expect(markdownOf(`<body>${scripts}<a href="#main" class="skip">Skip to main content</a>${scripts}<div class="menu"><a href="/">Home</a></div><div id="main">${story}</div></body>`)).not.toContain('Skip to');
  });

  it('removes a link alone on its line to the listing the page belongs to ("All posts")', () => {
    for (const words of ['Zu allen Beiträgen', 'Alle Politik-Artikel lesen', 'View all', 'Alle News im Überblick']) {
      expect(markdownOf(`${story}<div><a href="/blog"><i class="icon"></i> <span>${words}</span></a></div>${story}`), words).not.toContain(words);
    }
    // "All the news that's fit to print" is a title, not a way to a listing.
    expect(markdownOf(`${story}<p><a href="/motto">All the news that's fit to print</a></p>`)).toContain('All the news');
  });

  it('reads a link\'s words without the style a styled component sets inside it', () => {
    const link = '<a href="/news"><style>.css-1t9pz9x{width:20px}</style><svg viewBox="0 0 30 20"><path d="M18 2"></path></svg><span>Zurück zur Übersicht</span></a>';
    expect(markdownOf(`${story}<div>${link}</div>`)).not.toContain('Übersicht');
  });

  it('keeps such words inside a sentence, in a row of links, among list entries, or without a link', () => {
    expect(markdownOf(`<p>${'Words here. '.repeat(5)} Then <a href="/">go back to the main page</a> and look again.</p>`)).toContain('go back to the main page');
    expect(markdownOf(`${story}<p><a href="/a">Back</a> <a href="/b">Print</a></p>`)).toContain('[Back]');
    expect(markdownOf(`${story}<div><p>Before.</p>Read on, or <span><a href="/">go back</a></span></div>`)).toContain('[go back]');
    expect(removedBy(`${story}<ul><li><a href="/f1">Back to the Future</a></li><li><a href="/f2">Alien</a></li></ul>${story}`)).not.toContain('back-link a');
    expect(markdownOf(`${story}<p>Back to top</p>`)).toContain('Back to top');
    expect(markdownOf(`${story}<p><a href="/book">Back to Methuselah: a play in five parts, and what it tells us about long life in cities</a></p>`)).toContain('Methuselah');
  });
});

describe('announcing-link', () => {
  it('removes a link alone on its line whose words announce comments, sharing, a newsletter or tags', () => {
    expect(removedBy(`${story}<div class="meta"><a href="#comments">10 Kommentare</a></div>`)).toEqual(['announcing-link a']);
    expect(markdownOf(`${story}<p><a href="/post#respond">Leave a comment</a></p>`)).not.toContain('Leave a comment');
    expect(markdownOf(`${story}<div><a href="/newsletter"><b>Newsletter abonnieren</b></a></div>`)).not.toContain('Newsletter');
  });

  it("removes a jump to the comments from a byline's row: to their anchor, or by their count", () => {
    const byline = (link: string) => `<h1>Bridge</h1><p class="meta">12 May 2020 | <a href="/author/anna">Anna Muster</a> | ${link}</p>${story}`;
    for (const link of ['<a href="/story#comments">Vos réactions (11)</a>', '<a href="/forum/thread-295890/">71 Kommentare</a>', '<a href="/story#comments">Post a Comment</a>']) {
      const markdown = markdownOf(byline(link));
      expect(markdown, link).not.toMatch(/réactions|Kommentare|Comment/);
      expect(markdown, link).toContain('[Anna Muster](/author/anna)');
    }
    // A link to a discussion elsewhere, by its name only, is not a jump to this page's comments.
    expect(markdownOf(byline('<a href="/forum/">Comments</a>'))).toContain('[Comments](/forum/)');
  });

  it('keeps "Read more" (a listing\'s link to the story) and such words inside a sentence', () => {
    expect(markdownOf(`${story}<p><a href="/story">Read more</a></p>`)).toContain('[Read more]');
    expect(markdownOf(`<p>${'Words here. '.repeat(5)} See the <a href="#comments">comments</a> below.</p>`)).toContain('[comments]');
    expect(markdownOf(`<p>${'Words here. '.repeat(5)} Tell us what you think: <a href="#respond">leave a comment</a> and join in.</p>`)).toContain('[leave a comment]');
  });
});

describe('section-link', () => {
  it("removes the link to the story's section set alone just above its title (a kicker)", () => {
    const html = `<div class="head"><a href="/category/wissen/" class="entry-kicker">Wissen</a><h1>Bridge opens</h1></div>${story}`;
    expect(removedBy(html)).toEqual(['section-link a']);
    expect(markdownOf(html)).not.toContain('Wissen');
    // In its own wrappers, above a block that holds the title.
    expect(removedBy(`<div><p><span><a href="/news">News</a></span></p></div><div class="head"><h1>Bridge opens</h1></div>${story}`)).toEqual(['section-link a']);
  });

  it('keeps a link above any other heading, a long link, one inside a line of words, and a fragment link', () => {
    expect(removedBy(`<h1>Bridge opens</h1>${story}<p><a href="/news">News</a></p><h2>Costs</h2>${story}`)).toEqual([]);
    expect(removedBy(`<p><a href="/guide">The complete guide to the city's bridges and their history</a></p><h1>Bridge opens</h1>${story}`)).toEqual([]);
    expect(removedBy(`<p>Filed in <a href="/news">News</a></p><h1>Bridge opens</h1>${story}`)).toEqual([]);
    expect(removedBy(`<p><a href="#story">Story</a></p><h1>Bridge opens</h1>${story}`)).toEqual([]);
  });
});
