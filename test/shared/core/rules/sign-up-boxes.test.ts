import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { isEmailField, isPasswordField } from '../../../../src/shared/core/rules/sign-up-boxes';
import { parseHtml } from '../../../../src/shared/core/parse';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
const more = `<p>${'Work starts in spring and the road stays open during the building. '.repeat(3)}</p>`;

function removedBy(html: string, rule: string): string[] {
  return convert(html).removed.filter((r) => r.ruleId === rule).map((r) => r.tag);
}

describe('sign-up-box', () => {
  it('removes a newsletter box whole: the e-mail field and the words around it', () => {
    const box = '<div class="promo"><p><strong>Join our Newsletter for the latest news right to your inbox</strong></p><form action="/subscribe"><input type="email" name="address" placeholder="Your email"><button>Sign up</button></form></div>';
    const html = `<h1>Bridge</h1>${story}${box}${more}`;
    expect(removedBy(html, 'sign-up-box')).toEqual(['div']);
    expect(convert(html).markdown).not.toContain('Join our Newsletter');
    expect(convert(html).markdown).toContain('Work starts in spring');
  });

  it('removes a log-in wall whole: a password field and the few words around it', () => {
    const wall = '<div class="wall"><h2>Register for free and read on</h2><form><input name="login_username" placeholder="Username"><input type="password" name="pwd"><input type="submit" value="Log in"></form><a href="/login/">Already registered? Log in here</a></div>';
    const html = `<h1>Bridge</h1>${story}${wall}${more}`;
    expect(removedBy(html, 'sign-up-box')).toEqual(['div']);
    const { markdown } = convert(html);
    expect(markdown).not.toContain('Register for free');
    expect(markdown).not.toContain('Already registered');
    expect(markdown).toContain('Work starts in spring');
    expect(isPasswordField(parseHtml('<input type="Password">').body!.children[0])).toBe(true);
  });

  it('finds the field by its conventional names when it does not say type=email', () => {
    const field = (attributes: string) => parseHtml(`<input ${attributes}>`).body!.children[0];
    expect(isEmailField(field('type="text" name="EMAIL"'))).toBe(true);
    expect(isEmailField(field('name="your-email"'))).toBe(true);
    expect(isEmailField(field('autocomplete="email"'))).toBe(true);
    expect(isEmailField(field('type="text" name="q"'))).toBe(false);
    expect(isEmailField(field('type="text" name="emailing-list-topic"'))).toBe(false);
  });

  it('takes only the form where the words around the field are more than a pitch, and never the page', () => {
    // A contact page: its paragraphs stand beside the form; the form goes as a form, the text stays.
    const contact = `<div class="contact"><h2>Write to us</h2>${story}${more}<form><input type="email" name="email"><textarea name="message"></textarea><button>Send</button></form></div>`;
    const outcome = convert(`<h1>Contact</h1>${contact}`);
    expect(outcome.removed.map((r) => r.ruleId)).not.toContain('sign-up-box');
    expect(outcome.markdown).toContain('The council voted');
    // A page that is nothing but a sign-up (its title and a line) keeps its title.
    const page = '<div class="page"><h1>Our newsletter</h1><p>Every Friday.</p><form><input type="email"><button>Go</button></form></div>';
    expect(convert(page).markdown).toContain('# Our newsletter');
  });
});
