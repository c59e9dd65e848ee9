import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { convert } from '../../../src/shared/core';
import { frontMatter } from '../../../src/shared/core/front-matter';

describe('metadata', () => {
  it('reads title, description, author, date, canonical URL, language and site name', () => {
    const html = `<html lang="fr"><head><title>Page | Site</title>
      <meta property="og:title" content="Page">
      <meta name="description" content="About the page">
      <meta name="author" content="Ann Example">
      <meta property="article:published_time" content="2024-05-01T10:00:00Z">
      <meta property="og:site_name" content="Site">
      <link rel="canonical" href="/page"></head><body><p>x</p></body></html>`;
    expect(convert(html, { url: 'https://e.com/page?utm=1' }).metadata).toEqual({
      title: 'Page',
      description: 'About the page',
      author: 'Ann Example',
      published: '2024-05-01T10:00:00Z',
      canonicalUrl: 'https://e.com/page',
      language: 'fr',
      siteName: 'Site',
    });
  });

  it('falls back to JSON-LD, then to <title>', () => {
    const html = `<head><title>T</title><script type="application/ld+json">
      {"@context":"https://schema.org","@graph":[{"@type":"NewsArticle","headline":"Headline","datePublished":"2020-01-02",
      "author":[{"@type":"Person","name":"A"},{"@type":"Person","name":"B"}],"publisher":{"@type":"Organization","name":"Pub"}}]}
      </script></head><body></body>`;
    expect(convert(html).metadata).toEqual({ title: 'Headline', author: 'A, B', published: '2020-01-02', siteName: 'Pub' });
    expect(convert('<title> Just   a title </title>').metadata).toEqual({ title: 'Just a title' });
  });

  it('takes title, author and date from the article’s JSON-LD first, then Open Graph and article:*, then <meta>', () => {
    const html = `<head><title>Page title | Wired</title>
      <meta property="og:title" content="Social title">
      <meta name="author" content="Condé Nast">
      <meta property="article:published_time" content="2019-11-19T10:00:00Z">
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"The headline",
        "author":[{"@type":"Person","name":"Molly Wood"}],"datePublished":"2019-11-19T09:00:00Z"}</script></head><body></body>`;
    expect(convert(html).metadata).toMatchObject({ title: 'The headline', author: 'Molly Wood', published: '2019-11-19T09:00:00Z' });
    const withoutLd = html.replace(/<script[^]*<\/script>/, '');
    expect(convert(withoutLd).metadata).toMatchObject({ title: 'Social title', author: 'Condé Nast', published: '2019-11-19T10:00:00Z' });
    const withArticleAuthor = withoutLd.replace('<meta name="author"', '<meta property="article:author" content="Ann Writer"><meta name="author"');
    expect(convert(withArticleAuthor).metadata.author).toBe('Ann Writer');
  });

  it('resolves @id references in a JSON-LD graph and decodes character references', () => {
    const html = `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
      {"@type":"WebPage","@id":"https://e.com/#page","name":"Page name"},
      {"@type":"Article","headline":"Don&#8217;t panic &amp; relax","author":{"@id":"https://e.com/#/person/1"},"datePublished":"2020-02-02"},
      {"@type":"Person","@id":"https://e.com/#/person/1","name":"Ann Example"}]}</script>`;
    expect(convert(html).metadata).toMatchObject({ title: 'Don’t panic & relax', author: 'Ann Example', published: '2020-02-02' });
  });

  it('lets a writer named elsewhere stand before an organization named as author, and a time before a bare day', () => {
    const html = `<meta name="author" content="Ernst Lohoff"><meta property="article:published_time" content="2020-02-02T08:30:00+01:00">
      <script type="application/ld+json">{"@type":"NewsArticle","headline":"H","author":{"@type":"Organization","name":"Jungle World"},"datePublished":"2020-02-02"}</script>`;
    expect(convert(html).metadata).toMatchObject({ author: 'Ernst Lohoff', published: '2020-02-02T08:30:00+01:00' });
  });

  it('ignores broken JSON-LD', () => {
    expect(convert('<script type="application/ld+json">{not json</script><title>t</title>').metadata.title).toBe('t');
  });
});

describe('front matter', () => {
  const hostile = ['He said: "hi"', "it's: #1", 'line\nbreak', '---', '- item', '{a: 1}', '@x', 'tab\there', '\u0085\u2028\ufeff', 'emoji 🎉', 'a\\b'];

  it('stays valid YAML and round-trips any title', () => {
    for (const title of hostile) {
      const text = frontMatter({ title, author: title });
      expect(text.startsWith('---\n')).toBe(true);
      const yaml = text.slice(4, text.indexOf('\n---\n', 3));
      expect(parseYaml(yaml)).toEqual({ title, author: title });
    }
  });

  it('is prepended to the Markdown when asked', () => {
    const { markdown } = convert('<title>A: B</title><p>x</p>', { frontMatter: true, url: 'https://e.com/' });
    expect(markdown).toBe('---\ntitle: "A: B"\nsource: "https://e.com/"\n---\n\nx\n');
  });
});
