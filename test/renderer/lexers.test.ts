// Highlighting tokens: they always cover the whole text in order, whatever the input, and name
// the parts of HTML and Markdown a reader looks for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexHtml } from '../../src/renderer/src/lib/html-lexer';
import { lexMarkdown } from '../../src/renderer/src/lib/markdown-lexer';
import { Kind, tokenAt, tokenEnd, type Tokens } from '../../src/renderer/src/lib/tokens';

/** [text, kind] pairs, for readable expectations. */
function pieces(text: string, tokens: Tokens): Array<[string, number]> {
  return Array.from({ length: tokens.count }, (_, i) => [text.slice(tokens.starts[i], tokenEnd(tokens, i)), tokens.kinds[i]]);
}

function assertCovers(text: string, tokens: Tokens): void {
  expect(tokens.length).toBe(text.length);
  if (text.length === 0) return;
  expect(tokens.starts[0]).toBe(0);
  for (let i = 1; i < tokens.count; i++) {
    expect(tokens.starts[i]).toBeGreaterThan(tokens.starts[i - 1]);
    expect(tokens.kinds[i]).not.toBe(tokens.kinds[i - 1]);
  }
  expect(tokens.starts[tokens.count - 1]).toBeLessThan(text.length);
}

describe('the HTML lexer', () => {
  it('names tags, attribute names and values, comments, doctypes and text', () => {
    const html = '<!doctype html><a href="/x" data-y=z hidden>Link</a><!-- note -->';
    expect(pieces(html, lexHtml(html))).toEqual([
      ['<!doctype html>', Kind.Doctype],
      ['<a ', Kind.Tag],
      ['href', Kind.AttrName],
      ['=', Kind.Tag],
      ['"/x"', Kind.AttrValue],
      [' ', Kind.Tag],
      ['data-y', Kind.AttrName],
      ['=', Kind.Tag],
      ['z', Kind.AttrValue],
      [' ', Kind.Tag],
      ['hidden', Kind.AttrName],
      ['>', Kind.Tag],
      ['Link', Kind.Text],
      ['</a>', Kind.Tag],
      ['<!-- note -->', Kind.Comment],
    ]);
  });

  it('reads script and style content as raw text, up to their own end tag', () => {
    const html = '<script>if (a < b && "</div>") x = "<p>";</script><p>after</p>';
    const found = pieces(html, lexHtml(html));
    expect(found).toContainEqual(['if (a < b && "</div>") x = "<p>";', Kind.RawText]);
    expect(found).toContainEqual(['after', Kind.Text]);
  });

  it('treats a "<" that starts no tag as text, and survives unterminated constructs', () => {
    expect(pieces('1 < 2', lexHtml('1 < 2'))).toEqual([['1 < 2', Kind.Text]]);
    for (const html of ['<!-- never closed', '<a href="never closed', '<script>no end', '<', '<a', '</', '<a b=', 'x<!']) assertCovers(html, lexHtml(html));
  });

  it('covers any input, in order, without overlaps', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '/', '!', '-', '"', "'", '=', ' ', 'a', 'script', 'style', '\n', 'é') }), (html) => {
        assertCovers(html, lexHtml(html));
      }),
      { numRuns: 300 },
    );
  });

  it('finds the token at an offset', () => {
    const html = '<p class="x">text</p>';
    const tokens = lexHtml(html);
    expect(tokens.kinds[tokenAt(tokens, html.indexOf('text') + 1)]).toBe(Kind.Text);
    expect(tokens.kinds[tokenAt(tokens, html.indexOf('"x"'))]).toBe(Kind.AttrValue);
  });
});

describe('the Markdown lexer', () => {
  it('marks headings, fenced code, inline code, links, list markers and table pipes', () => {
    const md = '# Title\n\n- item with `code` and [a link](https://x.org)\n\n```js\n# not a heading\n```\n| a | b |';
    const found = pieces(md, lexMarkdown(md));
    expect(found).toContainEqual(['# Title', Kind.Heading]);
    expect(found).toContainEqual(['-', Kind.Punct]);
    expect(found).toContainEqual(['`code`', Kind.Code]);
    expect(found).toContainEqual(['[a link](https://x.org)', Kind.Link]);
    expect(found).toContainEqual(['```js\n# not a heading\n```', Kind.Code]);
    expect(found.filter(([text, kind]) => text === '|' && kind === Kind.Punct)).toHaveLength(3);
  });

  it('covers any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('#', '`', '~', '[', ']', '(', ')', '|', '-', ' ', '\n', 'a', '1.') }), (md) => {
        assertCovers(md, lexMarkdown(md));
      }),
      { numRuns: 300 },
    );
  });
});
