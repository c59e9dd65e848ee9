// Article mode: the main content only, every cut recorded in the "article" category and keepable.
import { describe, expect, it } from 'vitest';
import { convert } from '../../../src/shared/core';

const paragraph = (topic: string) => `<p>${`The ${topic} went ahead after months of debate, and the council said the work would finish on time, within budget, and with the road open. `.repeat(2)}</p>`;

const page = `<html><body>
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
<div class="bottom">Copyright Example Media</div>
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
});
