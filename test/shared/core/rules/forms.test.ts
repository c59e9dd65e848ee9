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
