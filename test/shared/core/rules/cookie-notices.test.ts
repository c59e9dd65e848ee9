import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const story = `<h1>Bridge</h1><p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p><p>${'Work starts in spring and the road stays open during the building. '.repeat(3)}</p>`;

function removedBy(html: string, rule: string): string[] {
  return convert(html).removed.filter((r) => r.ruleId === rule).map((r) => r.excerpt);
}

describe('cookie-notice', () => {
  it('removes a notice by its words, whatever the site calls it, with its buttons', () => {
    const bar = '<div class="bottomBar"><div class="bar_row"><p>Vergleich.de verwendet Cookies, um Ihr Nutzungserlebnis zu verbessern.</p><a href="/ok" class="accept">Verstanden</a></div></div>';
    const outcome = convert(`<div id="page">${story}</div>${bar}`);
    expect(outcome.removed.filter((r) => r.ruleId === 'cookie-notice').map((r) => r.excerpt)[0]).toMatch(/^<div class="bottomBar">/);
    expect(outcome.markdown).not.toContain('Cookies');
    expect(outcome.markdown).not.toContain('Verstanden');
    for (const notice of ['This website uses cookies. Read our privacy policy.', 'We use cookies to improve your experience.', 'Ce site utilise des cookies.', 'By clicking Accept, you agree to our use of cookies.']) {
      expect(removedBy(`<div id="page">${story}</div><div class="note"><span>${notice}</span> <button>OK</button></div>`, 'cookie-notice'), notice).toHaveLength(1);
    }
  });

  it("keeps a policy's own paragraph about cookies, which stands among the policy's paragraphs", () => {
    const policy = `<h1>Privacy</h1><p>This website uses cookies. We explain here which ones, and why.</p><p>${'Each cookie is listed with its purpose and how long it is kept on your device. '.repeat(2)}</p>`;
    const outcome = convert(policy);
    expect(outcome.removed).toEqual([]);
    expect(outcome.markdown).toContain('This website uses cookies.');
    // Set apart in a block of its own, it still opens the policy, under the policy's heading.
    const wrapped = `<h1>Privacy</h1><div class="intro"><p>This website uses cookies.</p></div><div class="body"><p>${'Each cookie is listed with its purpose and how long it is kept. '.repeat(3)}</p></div>`;
    expect(convert(wrapped).markdown).toContain('This website uses cookies.');
  });

  it('keeps blocks that mention cookies without saying the site uses them, and long ones', () => {
    expect(removedBy(`${story}<div class="tip"><p>Chocolate cookies keep for a week in a tin.</p></div>`, 'cookie-notice')).toEqual([]);
    // A notice's first sentence must say it; words later in a block do not make it one.
    expect(removedBy(`${story}<div class="box"><p>Our newsletter comes on Fridays. It uses cookies to count readers.</p></div>`, 'cookie-notice')).toEqual([]);
    const long = `<div class="essay"><p>We use cookies in this recipe. ${'Butter, sugar and flour are mixed and rested overnight before baking. '.repeat(10)}</p></div>`;
    expect(removedBy(`${story}${long}`, 'cookie-notice')).toEqual([]);
  });
});
