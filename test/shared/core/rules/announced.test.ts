import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

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
  });

  it('leaves <header>/<footer> to their structural rule, whatever their class', () => {
    expect(ruleOf(`<section><header class="site-header"><h2>Part</h2></header>${story}</section>`)).toEqual([]);
  });
});

describe('author boxes', () => {
  const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
  it('removes a box about the writer named by a whole token, never one holding the story', () => {
    const box = '<div class="author-bio"><p>Ann Lee covers city hall for the paper and has written about bridges since 2009.</p></div>';
    expect(convert(`${story}${box}`).removed.map((r) => `${r.ruleId} ${r.reason}`)).toEqual(['announced-block a box about the author']);
    expect(convert(`<div class="author-box"><h1>Title</h1>${story}</div>`).removed).toEqual([]);
  });
});
