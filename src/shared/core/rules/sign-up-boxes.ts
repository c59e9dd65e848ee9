// Sign-up boxes: an e-mail field, its button, and a few words around them ("Join our newsletter",
// "for the latest news right to your inbox", "Your email address will not be published"). The form
// rule takes a form, but the words around it stay and read as the story's last lines. A box is found
// from its e-mail field (or, for a log-in or registration wall, its password field): the outermost block around it whose own words, the fields aside, are a
// short pitch, and that holds none of the page's content.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { hasToken, type Skip } from '../dom/query';
import type { Landmark } from './page-facts';
import type { CleaningRule } from './types';

/** A pitch is a sentence or two; a block with more words around the field holds something else. */
const PITCH_MAX = 300;
/** How many nodes a box is read from, at most (a box is a few dozen elements). */
const BOX_NODES = 300;

/** Field names sign-up and comment forms give an e-mail field that does not say type=email. */
const EMAIL_NAMES = new Set(['email', 'e-mail', 'mail', 'emailaddress', 'email_address', 'email-address', 'your-email', 'user_email', 'subscriber_email']);

/** Where the fields' own words are: what a reader types or presses, not what the box says. */
const FIELDS = new Set(['input', 'button', 'select', 'textarea', 'option', 'script', 'style', 'noscript', 'template', 'svg']);
/** Never a box: the page itself, or a block that holds content of its own kind. */
const NEVER = new Set(['html', 'body', 'main', 'article', 'table', 'ul', 'ol', 'li', 'td', 'tr', 'tbody']);

export function isEmailField(el: Element): boolean {
  if (el.localName !== 'input') return false;
  if (hasToken(el, 'type', 'email') || hasToken(el, 'autocomplete', 'email')) return true;
  return EMAIL_NAMES.has((el.getAttribute('name') ?? '').trim().toLowerCase());
}

/** A log-in or registration box asks for a password: a box of its own, like a newsletter's. */
export function isPasswordField(el: Element): boolean {
  return el.localName === 'input' && hasToken(el, 'type', 'password');
}

/** The characters of `el`'s words outside its fields, or Infinity past the limits. */
function pitchLength(el: Element, skip: Skip): number {
  let length = 0;
  let nodes = 0;
  const stack: Node[] = [el];
  while (stack.length > 0) {
    if (++nodes > BOX_NODES) return Infinity;
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      length += (node as Text).data.replace(/\s+/g, ' ').trim().length;
      if (length > PITCH_MAX) return Infinity;
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    if (FIELDS.has(child.localName) || (child !== el && skip !== null && skip(child))) continue;
    for (const grandchild of child.childNodes) stack.push(grandchild);
  }
  return length;
}

/**
 * The sign-up boxes of a page: from each e-mail field, the outermost ancestor still nothing but the
 * box — its words a short pitch, holding none of the landmarks `holds` names (the page's title,
 * main region, first paragraph of running text).
 */
export function findSignUpBoxes(elements: readonly Element[], skip: Skip, holds: (el: Element, landmark: Landmark) => boolean): ReadonlySet<Element> {
  const boxes = new Set<Element>();
  const isBox = (el: Element) =>
    !NEVER.has(el.localName) && !holds(el, 'mainRegion') && !holds(el, 'title') && !holds(el, 'firstText') && pitchLength(el, skip) <= PITCH_MAX;
  for (const el of elements) {
    if (!(isEmailField(el) || isPasswordField(el)) || (skip !== null && skip(el))) continue;
    let box: Element | null = null;
    for (let node = el.parentElement; node !== null && isBox(node); node = node.parentElement) box = node;
    // A box is more than its form: the words around it make it one.
    if (box !== null && box.localName !== 'form' && !boxes.has(box)) boxes.add(box);
  }
  return boxes;
}

export const signUpBox: CleaningRule = {
  id: 'sign-up-box',
  category: 'chrome',
  describe: 'sign-up, log-in and comment boxes: an e-mail or password field with a few words around it ("Join our newsletter…", "Register and read on"), holding none of the content',
  matches(el, context) {
    return context.facts.signUpBoxes.has(el) ? 'a sign-up box: an e-mail or password field and a few words around it' : null;
  },
};
