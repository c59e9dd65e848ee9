// Small, iterative questions about elements, shared by the rules, the metadata reader and the loss check.
import {
  ELEMENT_NODE,
  type Element,
  type Node,
  type ParentNode,
  TEXT_NODE,
  type Text,
} from './nodes';

const SPACE = /[\t\n\f\r ]+/;

/** The whitespace-separated tokens of an attribute (class, rel, role): matched whole, never as substrings. */
const NO_TOKENS: readonly string[] = [];

export function tokens(el: Element, attribute: string): readonly string[] {
  const value = el.getAttribute(attribute);
  return value === null ? NO_TOKENS : tokensOf(value);
}

/** The lower-cased, whitespace-separated tokens of an attribute value. */
function tokensOf(value: string): readonly string[] {
  const trimmed = value.trim();
  return trimmed === '' ? NO_TOKENS : trimmed.toLowerCase().split(SPACE);
}

export function hasToken(el: Element, attribute: string, token: string): boolean {
  return valueHasToken(el.getAttribute(attribute), token);
}

/** Whether an attribute value (or null, when absent) holds `token` as a whole token. */
export function valueHasToken(value: string | null, token: string): boolean {
  // Whole tokens only; the substring test just spares splitting values that cannot hold the token.
  return value !== null && value.toLowerCase().includes(token) && tokensOf(value).includes(token);
}

/** A fixed set of whole tokens, with a quick test that rules out most attribute values unsplit. */
export interface Vocabulary {
  has(token: string): boolean;
  mayOccurIn(value: string): boolean;
}

export function vocabulary(words: Iterable<string>): Vocabulary {
  const set = new Set(words);
  const escaped = [...set].map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const anyWord = new RegExp(escaped.join('|'), 'i');
  return { has: (token) => set.has(token), mayOccurIn: (value) => anyWord.test(value) };
}

const NAMING_ATTRIBUTES = ['id', 'class'];

/** The first id or class token of `el` in the vocabulary. */
export function tokenIn(el: Element, words: Vocabulary): string | undefined {
  if (el.attrs.length === 0) return undefined;
  for (const attribute of NAMING_ATTRIBUTES) {
    const value = el.getAttribute(attribute);
    if (value === null || !words.mayOccurIn(value)) continue;
    const token = tokens(el, attribute).find((t) => words.has(t));
    if (token !== undefined) return token;
  }
  return undefined;
}

export function closest(el: Element, predicate: (ancestor: Element) => boolean): Element | null {
  for (let node: ParentNode | null = el; node !== null; node = node.parentNode) {
    if (node.nodeType === ELEMENT_NODE && predicate(node as Element)) return node as Element;
  }
  return null;
}

/** Subtrees a query should not look into (elements already judged to be noise). */
export type Skip = ((el: Element) => boolean) | null;

/** The first descendant element that satisfies `predicate`, in document order. */
export function findDescendant(root: ParentNode, predicate: (el: Element) => boolean, skip: Skip = null): Element | null {
  const stack: Node[] = [];
  for (let i = root.childNodes.length - 1; i >= 0; i--) stack.push(root.childNodes[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    if (skip !== null && skip(el)) continue;
    if (predicate(el)) return el;
    const kids = el.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return null;
}

const WHITESPACE_RUN = /\s{2,}/g;
/** Tested first: most text nodes hold no run, and a test allocates nothing. */
const HAS_WHITESPACE_RUN = /\s\s/;
const LONG_TEXT = 4096;

/**
 * Length of the text under `root` with runs of whitespace counted once (approximately: runs that
 * straddle two text nodes count twice, and text nodes over 4 KB are counted raw). Stops counting past `limit`.
 */
export function visibleTextLength(root: Node, skip: Skip = null, limit = Infinity): number {
  let length = 0;
  const stack: Node[] = [root];
  while (stack.length > 0 && length <= limit) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      const data = (node as Text).data;
      // Long runs of text (scripts, styles) are counted as they are: scanning them costs more than it tells.
      // Otherwise each run counts once: one native replace, rather than a match object per run.
      length += data.length > LONG_TEXT || !HAS_WHITESPACE_RUN.test(data) ? data.length : data.replace(WHITESPACE_RUN, ' ').length;
    } else if (node.nodeType === ELEMENT_NODE || node.nodeType === 9 || node.nodeType === 11) {
      if (skip !== null && node !== root && node.nodeType === ELEMENT_NODE && skip(node as Element)) continue;
      const kids = (node as ParentNode).childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return length;
}

/**
 * Names elements by a short CSS-like path that names each uniquely and stays the same for the same
 * HTML: `body > div:nth-of-type(2) > nav`. `:nth-of-type` is left out where the tag is alone among
 * its siblings. For one tree that does not change while it is asked: each parent's children are
 * counted once, when the first of them is named (counting per element took seconds on a page of
 * 20,000 siblings).
 */
export function elementPathNamer(): (el: Element) => string {
  const stepOf = new Map<Element, string>();
  const stepFor = (el: Element): string => {
    let step = stepOf.get(el);
    if (step === undefined) {
      nameSiblings(el, stepOf);
      step = stepOf.get(el)!;
    }
    return step;
  };
  return (el) => {
    const steps: string[] = [];
    for (let node: Element | null = el; node !== null && node.localName !== 'html'; node = node.parentElement) steps.push(stepFor(node));
    return steps.reverse().join(' > ');
  };
}

/**
 * The element a path from `elementPathNamer` names in this document, or null when none does: the
 * inverse of the namer (a bare step must be the only one of its tag among its siblings), so a path
 * taken from another page matches only where it would name the element there too.
 */
export function elementAtPath(document: ParentNode, path: string): Element | null {
  let current: ParentNode | null = null;
  for (const child of document.childNodes) if (child.nodeType === ELEMENT_NODE && (child as Element).localName === 'html') current = child as Element;
  if (current === null) return null;
  if (path === '') return current as Element;
  for (const step of path.split(' > ')) {
    const match = PATH_STEP.exec(step);
    if (match === null) return null;
    const [, name, nth] = match;
    let seen = 0;
    let found: Element | null = null;
    for (const child of current.childNodes) {
      if (child.nodeType !== ELEMENT_NODE || (child as Element).localName !== name) continue;
      seen++;
      if (nth === undefined ? seen === 1 : seen === Number(nth)) found = child as Element;
    }
    // A bare step names an element alone of its tag; with a position, the tag has siblings.
    if (found === null || (nth === undefined ? seen !== 1 : seen === 1)) return null;
    current = found;
  }
  return current as Element;
}

const PATH_STEP = /^([^\s:>]+)(?::nth-of-type\((\d+)\))?$/;

/** Writes the path step of `el` and of every element sibling of it into `stepOf`. */
function nameSiblings(el: Element, stepOf: Map<Element, string>): void {
  const parent = el.parentNode;
  if (parent === null) {
    stepOf.set(el, el.localName);
    return;
  }
  const totals = new Map<string, number>();
  for (const sibling of parent.childNodes) {
    if (sibling.nodeType !== ELEMENT_NODE) continue;
    const name = (sibling as Element).localName;
    totals.set(name, (totals.get(name) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  for (const sibling of parent.childNodes) {
    if (sibling.nodeType !== ELEMENT_NODE) continue;
    const name = (sibling as Element).localName;
    const position = (seen.get(name) ?? 0) + 1;
    seen.set(name, position);
    stepOf.set(sibling as Element, totals.get(name)! > 1 ? `${name}:nth-of-type(${position})` : name);
  }
}

/** The first element child of `el` when no words stand before it (whitespace may), else null. */
export function firstElementBeforeText(el: Element): Element | null {
  for (const child of el.childNodes) {
    if (child.nodeType === TEXT_NODE) {
      if ((child as Text).data.trim() !== '') return null;
    } else if (child.nodeType === ELEMENT_NODE) return child as Element;
  }
  return null;
}

/** Elements a reader sees though they hold no text. */
export const SEEN_WITHOUT_TEXT = new Set(['img', 'picture', 'video', 'audio', 'iframe', 'svg', 'canvas', 'object', 'embed', 'math']);

/**
 * 'removed' when rules removed `el` or everything of it that a reader would see; 'empty' when it never
 * held anything to see; 'content' when text or an image is left.
 */
export function whatIsLeft(el: Element, skip: Skip & {}): 'removed' | 'empty' | 'content' {
  if (skip(el)) return 'removed';
  let removed = false;
  const stack: Element[] = [el];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const child of current.childNodes) {
      if (child.nodeType === TEXT_NODE) {
        if ((child as Text).data.trim() !== '') return 'content';
      } else if (child.nodeType === ELEMENT_NODE) {
        const element = child as Element;
        if (skip(element)) removed = true;
        else if (SEEN_WITHOUT_TEXT.has(element.localName)) return 'content';
        else stack.push(element);
      }
    }
  }
  return removed ? 'removed' : 'empty';
}

/** A short text is read from a handful of nodes: past this many, the element is no short text. */
const SHORT_TEXT_NODES = 32;

/**
 * The text of `el` when it is short: at most `maxChars` characters (before trimming), in at most a
 * handful of nodes, every descendant element `allowed` (those `skip` names left out). Otherwise null, found without walking a big
 * subtree (rules ask this of every element; a page nested 100,000 deep must not make it quadratic).
 */
export function shortTextOf(el: Element, allowed: (descendant: Element) => boolean, maxChars: number, skip: Skip = null): string | null {
  let text = '';
  let nodes = 0;
  const stack: Node[] = [];
  for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  while (stack.length > 0) {
    if (++nodes > SHORT_TEXT_NODES) return null;
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      text += (node as Text).data;
      if (text.length > maxChars) return null;
    } else if (node.nodeType === ELEMENT_NODE) {
      // What cleaning already took (a <style> a styled component sets inside a link) says nothing.
      if (skip !== null && skip(node as Element)) continue;
      if (!allowed(node as Element)) return null;
      const kids = (node as Element).childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return text;
}

/** How many nodes `leadingText` reads. */
const LEADING_NODES = 16;

/**
 * The first words of `el`: its first text node that is not blank, found within a few nodes (null
 * past them). A cheap test before reading an element whole: a label starts its element's text.
 */
export function leadingText(el: Element): string | null {
  let nodes = 0;
  const stack: Node[] = [];
  for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  while (stack.length > 0) {
    if (++nodes > LEADING_NODES) return null;
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      const data = (node as Text).data;
      if (data.trim() !== '') return data;
    } else if (node.nodeType === ELEMENT_NODE) {
      const kids = (node as Element).childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return null;
}

/** How many nodes `showsNothing` reads. */
const NOTHING_NODES = 12;

/**
 * Whether an element shows no words and no picture: an inline <svg>, an icon font's empty <i>, a
 * custom icon element, an ad slot left empty. Rules ask it of many elements, so only a few nodes
 * are read: past them, the element is taken to show something.
 */
export function showsNothing(el: Element): boolean {
  if (el.localName === 'svg') return true;
  let budget = NOTHING_NODES;
  const stack: Element[] = [el];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.localName === 'img' || current.localName === 'picture') return false;
    if (current.localName === 'svg') continue;
    for (const child of current.childNodes) {
      if (--budget < 0) return false;
      if (child.nodeType === TEXT_NODE) {
        if ((child as Text).data.trim() !== '') return false;
      } else if (child.nodeType === ELEMENT_NODE) stack.push(child as Element);
    }
  }
  return true;
}
