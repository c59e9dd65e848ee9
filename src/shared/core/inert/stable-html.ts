// The cleaned HTML, serialized so that parsing it again gives the very tree we made inert. A tree
// the rules have edited (or one parse5 built from misnested markup) need not survive that round
// trip: `<form><math><mtext></form><form><mglyph><xmp></math><img src onerror=…>` serializes
// into markup a browser parses into a running <img onerror> (mutation XSS). So the serialization
// is parsed again and compared; where they differ, the re-parsed tree (what a browser would
// build) is made inert and serialized in turn, until the two agree. What reaches the user is then
// exactly a tree checked to be inert.
import type { Budget } from '../budget';
import { type ChildNode, DROP, type Document, type Element, ELEMENT_NODE, KEEP, type ParentNode, releaseTree, rewriteChildren, Text, textOf, UNWRAP } from '../dom/nodes';
import { serializeDocument } from '../dom/serialize';
import { parseHtml } from '../parse';
import { type InertReport, makeInert } from './make-inert';
import { sameTree } from './same-tree';

export interface StableHtml {
  html: string;
  /** The tree `html` parses to: the document itself when it was stable, else its re-parse. */
  document: Document;
  /** Serializations needed (1 when the cleaned tree was stable as it was). */
  rounds: number;
  inert: InertReport;
  /** Never stable: the HTML holds only the page's text (see textOnly). */
  textOnly: boolean;
}

/** Rounds with the tree as it is; then constructs that mutate are taken out (see simplify). */
const PLAIN_ROUNDS = 3;
const MAX_ROUNDS = 5;

export function stableHtml(document: Document, budget: Budget | null): StableHtml {
  const inert = makeInert(document);
  let tree = document;
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const html = serializeDocument(tree);
    budget?.restartCount('checking that the cleaned HTML parses back to itself');
    const reparsed = parseHtml(html, { budget });
    if (sameTree(tree, reparsed)) {
      releaseTree(reparsed);
      return { html, document: tree, rounds: round, inert, textOnly: false };
    }
    if (tree !== document) releaseTree(tree);
    tree = reparsed;
    if (round >= PLAIN_ROUNDS) simplify(tree);
    merge(inert, makeInert(tree));
  }
  const html = textOnly(tree);
  if (tree !== document) releaseTree(tree);
  return { html, document: parseHtml(html, { budget }), rounds: MAX_ROUNDS, inert, textOnly: true };
}

function merge(into: InertReport, from: InertReport): void {
  into.elements.push(...from.elements);
  into.attributes += from.attributes;
}

const FOREIGN_ROOTS = new Set(['svg', 'math']);
const RAW_TEXT = new Set(['xmp', 'plaintext', 'noscript', 'style', 'textarea', 'title', 'listing']);

/**
 * Takes out what parses differently in another context, the stuff of mutation XSS: SVG and MathML
 * become their text, raw-text elements go (outside the head's title), forms are unwrapped.
 */
function simplify(root: ParentNode): void {
  const parents: ParentNode[] = [root];
  while (parents.length > 0) {
    const parent = parents.pop()!;
    const inHead = parent.nodeType === ELEMENT_NODE && (parent as Element).localName === 'head';
    rewriteChildren(parent, (child: ChildNode) => {
      if (child.nodeType !== ELEMENT_NODE) return KEEP;
      const el = child as Element;
      if (FOREIGN_ROOTS.has(el.localName)) {
        const text = textOf(el);
        el.childNodes = text === '' ? [] : [new Text(text)];
        return UNWRAP;
      }
      if (RAW_TEXT.has(el.localName) && !(inHead && el.localName === 'title')) return DROP;
      if (el.localName === 'form') return UNWRAP;
      return KEEP;
    });
    for (const child of parent.childNodes) if (child.nodeType === ELEMENT_NODE) parents.push(child as Element);
  }
}

/** The last resort: a document of the page's text alone, which parses back to itself. */
function textOnly(tree: Document): string {
  // Without leading line breaks: the parser drops the first one after <pre>.
  const text = (tree.body === null ? '' : textOf(tree.body)).trimStart();
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><pre>${escaped}</pre></body></html>`;
}
