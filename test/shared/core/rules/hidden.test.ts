import { describe, expect, it } from 'vitest';
import { markdownOf, removedBy } from './helpers';

describe('hidden content', () => {
  it('removes elements with the hidden attribute, but not hidden="until-found"', () => {
    expect(removedBy('<div hidden>secret</div><p>x</p>')).toEqual(['hidden-attribute div']);
    expect(removedBy('<div hidden="until-found">revealed on search</div>')).toEqual([]);
  });

  it('removes aria-hidden blocks but keeps icons inside text', () => {
    expect(removedBy('<div aria-hidden="true"><p>duplicate</p></div><p>x</p>')).toEqual(['aria-hidden div']);
    expect(markdownOf('<p>Rated <span aria-hidden="true">★★★★</span> four stars</p>')).toBe('Rated ★★★★ four stars\n');
  });

  it('removes inline display:none and visibility:hidden, not other styles', () => {
    expect(removedBy('<div style="color: red; display : none">a</div><p style="visibility:hidden !important">b</p><p>x</p>')).toEqual([
      'hidden-style div',
      'hidden-style p',
    ]);
    expect(removedBy('<div style="display:noneish">a</div><div style="display: block">b</div>')).toEqual([]);
  });
});
