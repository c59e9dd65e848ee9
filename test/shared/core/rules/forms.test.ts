import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;

describe('forms', () => {
  it('removes a comment form and drop-down lists', () => {
    const result = convert(`${story}<form><label>Name <input name="n"></label><textarea>Your comment</textarea><button>Post</button></form>`);
    expect(result.removed.map((r) => r.ruleId)).toEqual(['form']);
    expect(convert(`${story}<p>Pick: <select><option>Abarth</option><option>Audi</option></select></p>`).markdown).not.toContain('Abarth');
  });

  it('keeps a form that wraps the page (its title and story)', () => {
    const result = convert(`<form action="/"><h1>Title</h1>${story}<input type="hidden" name="v"></form>`);
    expect(result.removed).toEqual([]);
    expect(result.markdown).toContain('# Title');
  });
});

describe('code-button', () => {
  it("removes a copy button inside a code block, so its label is not read as the code's last line", () => {
    const html = '<p>Run it:</p><pre><code>npm test</code><button class="copy-button">copy</button></pre>';
    const result = convert(html);
    expect(result.removed.map((r) => r.ruleId)).toEqual(['code-button']);
    expect(result.markdown).toContain('```\nnpm test\n```');
  });

  it('keeps buttons outside code blocks (an FAQ question is often a button)', () => {
    const faq = '<h3><button aria-expanded="false">Can I pay by card?</button></h3><p>Yes, every major card is accepted at the desk.</p>';
    expect(convert(faq).markdown).toContain('Can I pay by card?');
  });
});
