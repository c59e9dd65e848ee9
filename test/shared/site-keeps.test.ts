import { describe, expect, it } from 'vitest';
import { keepPathsFor, siteOf } from '../../src/shared/site-keeps';

describe('site keeps', () => {
  it('names a site by its host, lower-cased, with or without www', () => {
    expect(siteOf('https://WWW.Example.com/a/b?c')).toBe('example.com');
    expect(siteOf('http://news.example.com:8080/')).toBe('news.example.com');
    expect(siteOf('http://127.0.0.1:4000/x')).toBe('127.0.0.1');
    for (const url of [undefined, 'file:///tmp/a.html', 'pasted HTML', 'saved.html', 'https://']) expect(siteOf(url), String(url)).toBeNull();
  });

  it('adds the site\'s paths to a page\'s own, once each, and nothing for other sites or inherited names', () => {
    const keeps = { 'example.com': ['body > footer', 'body > aside'] };
    expect(keepPathsFor('https://www.example.com/story', keeps, ['body > nav', 'body > footer'])).toEqual(['body > nav', 'body > footer', 'body > aside']);
    expect(keepPathsFor('https://other.org/', keeps, ['body > nav'])).toEqual(['body > nav']);
    expect(keepPathsFor('http://constructor/', keeps)).toEqual([]);
    expect(keepPathsFor(undefined, keeps)).toEqual([]);
  });
});
