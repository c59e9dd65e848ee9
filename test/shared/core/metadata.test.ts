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
