import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const story = `<p>${'The council voted on the bridge after a long debate about its cost and its route. '.repeat(4)}</p>`;

function outside(html: string): string[] {
  return convert(html).removed.filter((r) => r.ruleId === 'outside-main').map((r) => r.path);
}

describe('the declared main region', () => {
  it('removes what stands beside the one <main>, keeping the page title above it', () => {
    const html = `<body><div class="top"><h1>Bridge vote</h1></div><div class="promo">Buy now</div>
      <div class="wrap"><div class="rail">Sidebar text</div><main>${story}</main></div><div class="bottom">More</div></body>`;
    expect(outside(html)).toEqual(['body > div:nth-of-type(2)', 'body > div:nth-of-type(3) > div', 'body > div:nth-of-type(4)']);
    expect(convert(html).markdown).toContain('# Bridge vote');
  });

  it("keeps the lead the page declares for the article whose body is the region (itemprop=description)", () => {
    const lead = '<div class="excerpt" itemprop="description"><p>Freenet buys a broadcaster and moves into television.</p></div>';
    const html = `<div itemscope itemtype="https://schema.org/Article"><h1>Freenet</h1>${lead}<div itemprop="articleBody">${story}</div><div class="share">Share</div></div>`;
    expect(convert(html).markdown).toContain('Freenet buys a broadcaster');
    expect(outside(html)).toEqual(['body > div > div:nth-of-type(3)']);
    // Another item's description (a product box beside the story) is not the region's.
    const product = '<div itemscope itemtype="https://schema.org/Product"><p itemprop="description">A phone.</p></div>';
    expect(outside(`<div itemprop="articleBody">${story}</div>${product}`)).toEqual(['body > div:nth-of-type(2)']);
  });

  it('keeps that lead inside wrappers of its own, set as a heading, and only the lead of them', () => {
    // automobilwoche.de: the lead is an <h2> two wrappers down, beside the picture's box.
    const lead = '<div class="article"><div class="large"><h2 itemprop="description">Speculation grows that the chief and the board have fallen out.</h2></div><div class="tools">Print · Mail</div></div>';
    const html = `<div itemscope itemtype="https://schema.org/NewsArticle"><h1>Row at VW</h1>${lead}<div itemprop="articleBody">${story}</div></div>`;
    const { markdown, removed } = convert(html);
    expect(markdown).toContain('## Speculation grows that the chief');
    expect(markdown).not.toContain('Print · Mail');
    expect(removed.map((r) => `${r.ruleId} ${r.path}`)).toEqual(['outside-main body > div > div:nth-of-type(1) > div:nth-of-type(2)']);
  });

  it('does nothing when the page declares several main regions, or none', () => {
    expect(outside(`<main>${story}</main><div>aside text</div><main>${story}</main>`)).toEqual([]);
    expect(outside(`<div>${story}</div><div>other</div>`)).toEqual([]);
  });

  it('does nothing when the main region holds almost none of the text', () => {
    expect(outside(`<main><p>Welcome!</p></main><div>${story}</div>`)).toEqual([]);
  });

  it('uses role=main, then itemprop=articleBody, then the one <article> holding the title', () => {
    expect(outside(`<div role="main">${story}</div><div>x</div>`)).toEqual(['body > div:nth-of-type(2)']);
    expect(outside(`<div itemprop="articleBody">${story}</div><div>x</div>`)).toEqual(['body > div:nth-of-type(2)']);
    expect(outside(`<article><h1>T</h1>${story}</article><div>teaser</div>`)).toEqual(['body > div']);
  });

  it('does not take an <article> without the title, nor one that misses the running text', () => {
    expect(outside(`<article><p>Comment: nice.</p></article><div>${story}</div>`)).toEqual([]);
    expect(outside(`<h1>T</h1><article><p>teaser</p></article><div>${story}</div>`)).toEqual([]);
  });
});

describe('itemprop=articleBody', () => {
  it('is the main region when it holds bare text, whatever <meta> copies of it the page also carries', () => {
    const body = `${'The council voted on the bridge after a long debate about its cost. '.repeat(6)}`;
    const html = `<nav><a href="/">Home</a></nav><article><meta itemprop="articleBody" content="${body}"><meta itemprop="author" content="Ann"></article><div itemprop="articleBody">${body}</div><div class="rail"><p>Other stories of the week and the weather.</p></div>`;
    const { markdown, removed } = convert(html);
    expect(markdown).toContain('The council voted');
    expect(markdown).not.toContain('Other stories of the week');
    expect(removed.some((r) => r.ruleId === 'outside-main')).toBe(true);
  });
});
