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

  it('removes blocks placed far off the screen by an inline style, but not a nudge or the story itself', () => {
    const story = `<h1>Bridge</h1><p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
    expect(removedBy(`${story}<div style="position: absolute; left: -9999px;"><a href="/x">cheap pills</a></div>`)).toEqual(['hidden-style div']);
    expect(removedBy(`${story}<p style="position:fixed !important;top:-200em">honeypot</p>`)).toEqual(['hidden-style p']);
    // A small offset, an offset without absolute placement, or a far right edge are layout, not hiding.
    expect(removedBy(`${story}<div style="position:absolute;left:-20px">badge</div><div style="left:-9999px">x</div><div style="position:relative;top:-9999px">y</div>`)).toEqual([]);
    // A script moves the story off screen to slide it in: the page's own text stays.
    expect(removedBy(`<div style="position:absolute;left:-10000px">${story}</div>`)).toEqual([]);
  });
});

describe('narrow-only', () => {
  const story = `<h1>Bridge</h1><p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;

  it('removes what a framework shows only on narrow screens: the phone\'s copy of a block', () => {
    const copies = '<div class="recommended hidden-sm hidden-xs"><a href="/a">Tunnel plan</a></div><div class="recommended hidden-md hidden-lg"><a href="/a">Tunnel plan</a></div>';
    expect(removedBy(`${story}${copies}`)).toEqual(['narrow-only div']);
    expect(removedBy(`${story}<div class="d-lg-none"><a href="/">Menu</a></div>`)).toEqual(['narrow-only div']);
    expect(removedBy(`${story}<div class="md:hidden">Tap to call</div>`)).toEqual(['narrow-only div']);
    expect(removedBy(`${story}<div class="visible-xs">Swipe for more</div>`)).toEqual(['narrow-only div']);
  });

  it('keeps what is shown again at the desktop width, hidden only at one middle width, the content, and data tables', () => {
    expect(removedBy(`${story}<div class="d-md-none d-lg-block">Shown on desktop</div>`)).toEqual([]);
    expect(removedBy(`${story}<div class="hidden-lg">Shown at md</div>`)).toEqual([]);
    expect(removedBy(`<div class="d-lg-none">${story}</div>`)).toEqual([]);
    const table = '<table><tr><th>Year</th><th>Cost</th></tr><tr><td>2024</td><td>3m</td></tr></table>';
    expect(removedBy(`${story}<div class="visible-xs">${table}</div>`)).toEqual([]);
  });
});
