// The Markdown is inert in the renderers users open it in: markdown-it with raw HTML passed
// through (as Obsidian, VS Code and GitHub's renderer do before their sanitisers, if any) finds no
// event handler and no script URL in it, whatever the page held.
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { hostileDocument, PAYLOADS } from '../../../../scripts/fuzz/hostile';
import { liveCodeIn } from '../../../../scripts/fuzz/live-code';
import { BudgetExceeded, convert } from '../../../../src/shared/core';

const markdownIt = new MarkdownIt({ html: true });

function rendered(html: string, frontMatter = false): string {
  return markdownIt.render(convert(html, { frontMatter }).markdown);
}

const breakOut = '&lt;img src=x onerror=alert(1)&gt;';

describe('code fences against every closing form CommonMark has', () => {
  const closers = ['```', ' ```', '  ```', '   ```', '````', '   ````', '````````', '   ```   ', '\t```', '``` '];
  it.each(closers)('a line %j inside the code cannot close the fence', (closer) => {
    for (const breaks of ['\n', '<br>', '\r', '&#13;', '\r\n']) {
      const html = `<pre><code>x${breaks}${closer}${breaks}${breakOut}</code></pre>`;
      const out = rendered(html);
      expect(liveCodeIn(out, 'fragment')).toEqual([]);
      // The whole code stays one block: the would-be payload is code text.
      expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(out.match(/<pre>/g)).toHaveLength(1);
    }
  });

  it('keeps an ordinary code block that shows an indented fence whole', () => {
    const code = 'Markdown:\n   ```js\n   let a = 1;\n   ```\nend';
    const out = rendered(`<pre><code>${code}</code></pre>`);
    expect(out).toBe(`<pre><code>${code}\n</code></pre>\n`);
  });
});

describe('raw HTML never reaches the Markdown live', () => {
  it.each([
    ['text in <kbd> and <samp>', `<p><kbd>${breakOut}</kbd> and <samp>${breakOut}</samp></p>`],
    ['a link whose address ends in a backslash', '<a href="img src=x onerror=alert(1)\\">t</a><p>x</p>'],
    ['alt text holding a tag and a closing bracket', '<img src=x alt="](y) <img src=z onerror=alert(1) x=&quot;">'],
    ['a title holding a tag', '<a href=x title="<img src=x onerror=alert(1)>">t</a>'],
    ['a pipe in code in a table cell', `<table><tr><th>a</th></tr><tr><td><code>a|${breakOut}</code></td></tr></table>`],
    ['a lone carriage return before a tag', `<p>a&#13;${breakOut}</p>`],
    ['a code span next to backticks', `<p><code>\`</code>${breakOut}<code>\`</code></p>`],
    // Found by the property below: each glued a fence or a span to what came before it.
    ['two code spans side by side, the second holding backticks', '<code>t<d><code>&lt;g on&gt;<p>'],
    ['a list item outside any list, right after text', `text<li><pre><code>x\n   \`\`\`\n${breakOut}</code></pre>text`],
    ['a code block in an inline element after a no-break space', '<div><foreignObject>\u00a0<div><pre>&#x3C;svg onload=alert(1)&#x3E;text'],
    ['a code block in <kbd> after text', 'text<kbd><pre><style>\t```<xmp><p title="</xmp><img src=x onerror=alert(1)>"></xmp>'],
    ['a "<" before a block that renders nothing', '<div><malignmark>&lt;<table><td><svg><style><i></style></svg></td></table>iframe onload="alert(1)"></malignmark>'],
  ])('%s', (_name, html) => {
    expect(liveCodeIn(rendered(html), 'fragment')).toEqual([]);
  });

  it('writes front matter that a renderer unaware of it shows as text', () => {
    const out = rendered('<title>&lt;img src=x onerror=alert(1)&gt;</title><p>x</p>', true);
    expect(liveCodeIn(out, 'fragment')).toEqual([]);
  });

  it('drops javascript: image sources', () => {
    const result = convert('<p><img src="java&#10;script:alert(1)" alt=a></p>');
    expect(result.markdown).not.toMatch(/javascript/i);
  });

  it('passes every known payload through inert', () => {
    for (const payload of PAYLOADS) {
      expect(liveCodeIn(rendered(payload, true), 'fragment'), payload).toEqual([]);
    }
  });

  it('holds for mutated hostile documents (property)', () => {
    fc.assert(
      fc.property(hostileDocument, fc.boolean(), (html, frontMatter) => {
        let markdown: string;
        try {
          markdown = convert(html, { frontMatter, rules: { unwanted: false, hidden: false } }).markdown;
        } catch (error) {
          expect(error).toBeInstanceOf(BudgetExceeded);
          return;
        }
        expect(liveCodeIn(markdownIt.render(markdown), 'fragment')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
