// A small DOM: just what parse5 builds, our rules read and turndown walks. Turndown accepts a DOM
// node instead of a string, so handing it this tree spares it a second parse (half its time).
// Every traversal here is iterative: pages nest 100,000 deep.

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const COMMENT_NODE = 8;
export const DOCUMENT_NODE = 9;
export const DOCUMENT_TYPE_NODE = 10;
export const DOCUMENT_FRAGMENT_NODE = 11;

export const HTML_NS = 'http://www.w3.org/1999/xhtml';

export interface Attr {
  name: string;
  value: string;
  namespace?: string;
  prefix?: string;
}

export interface ElementLocation {
  startOffset: number;
  endOffset: number;
}

/** Bumped by every mutation; cached text compares against it. */
let mutationEpoch = 0;

/**
 * Parents whose child lists still hold children removed while removals are deferred; null when
 * removals are not deferred. See deferRemovals.
 */
let staleParents: Set<ParentNodeBase> | null = null;

/**
 * Until `flushRemovals`, removeChild only unlinks the child (parent and sibling links) and leaves
 * the child list to be compacted once, at the flush. For turndown's whitespace pass, which removes
 * blank text nodes one at a time while it walks by firstChild, nextSibling and parentNode: removing
 * each from its list shifts the whole list, and a parent of 40,000 children took seconds. Any
 * other DOM method flushes first, so nothing reads a stale list.
 */
export function deferRemovals(): void {
  staleParents ??= new Set();
}

/** Compacts every child list that deferred removals left stale, and stops deferring. */
export function flushRemovals(): void {
  const parents = staleParents;
  staleParents = null;
  if (parents === null) return;
  for (const parent of parents) parent.childNodes = parent.childNodes.filter((kid) => kid.parentNode === parent);
}

/** True when removals are deferred and some child list is stale. */
export function hasStaleChildLists(): boolean {
  return staleParents !== null && staleParents.size > 0;
}

export type ChildNode = Element | Text | Comment | DocumentType;
export type ParentNode = Element | Document | DocumentFragment;

// Nodes are kept small (parsing allocates one per tag and text run, and the garbage collector pays
// for every field): constants live on the prototypes, and what only some nodes need — source
// locations, turndown's annotations — is added when it is needed.
export abstract class Node {
  declare readonly nodeType: number;
  declare readonly nodeName: string;
  // Each concrete class defines these fields itself: an initializer shared by all node classes
  // sees every node shape, which cost about a tenth of parsing time. (They are class fields, not
  // constructor assignments: with assignments, building the tree took three times as long.)
  declare parentNode: ParentNode | null;
  declare previousSibling: ChildNode | null;
  declare nextSibling: ChildNode | null;
  /** Set only when the parse asked for source locations. */
  declare sourceCodeLocation?: ElementLocation | null;
  // Turndown writes these on the nodes it converts.
  declare isBlock?: boolean;
  declare isCode?: boolean;
  declare isBlank?: boolean;
  declare flankingWhitespace?: { leading: string; trailing: string };

  get previousElementSibling(): Element | null {
    for (let node = this.previousSibling; node !== null; node = node.previousSibling) if (node.nodeType === ELEMENT_NODE) return node as Element;
    return null;
  }

  get nextElementSibling(): Element | null {
    for (let node = this.nextSibling; node !== null; node = node.nextSibling) if (node.nodeType === ELEMENT_NODE) return node as Element;
    return null;
  }

  get parentElement(): Element | null {
    const parent = this.parentNode;
    return parent !== null && parent.nodeType === ELEMENT_NODE ? (parent as Element) : null;
  }
}

/** Text of a whole tree, computed once per mutation epoch; each node's text is a slice of it. */
interface TextIndex {
  epoch: number;
  text: string;
}

export abstract class ParentNodeBase extends Node {
  declare childNodes: ChildNode[];
  declare textIndex: TextIndex | null;
  declare textStart: number;
  declare textEnd: number;

  // Explicit constructors throughout: an implicit one compiles to `super(...arguments)`, which is
  // slow enough to halve parsing speed.
  constructor() {
    super();
  }

  get firstChild(): ChildNode | null {
    const kids = this.childNodes;
    if (staleParents !== null && staleParents.has(this)) {
      for (const kid of kids) if (kid.parentNode === this) return kid;
      return null;
    }
    return kids.length > 0 ? kids[0] : null;
  }

  get lastChild(): ChildNode | null {
    const kids = this.childNodes;
    if (staleParents !== null && staleParents.has(this)) {
      for (let i = kids.length - 1; i >= 0; i--) if (kids[i].parentNode === this) return kids[i];
      return null;
    }
    return kids.length > 0 ? kids[kids.length - 1] : null;
  }

  get children(): Element[] {
    if (staleParents !== null) flushRemovals();
    return this.childNodes.filter(isElement);
  }

  get firstElementChild(): Element | null {
    if (staleParents !== null) flushRemovals();
    for (const child of this.childNodes) if (child.nodeType === ELEMENT_NODE) return child as Element;
    return null;
  }

  get lastElementChild(): Element | null {
    if (staleParents !== null) flushRemovals();
    for (let i = this.childNodes.length - 1; i >= 0; i--) {
      const child = this.childNodes[i];
      if (child.nodeType === ELEMENT_NODE) return child as Element;
    }
    return null;
  }

  appendChild<T extends ChildNode>(child: T): T {
    if (staleParents !== null) flushRemovals();
    if (child.parentNode !== null) child.parentNode.removeChild(child);
    const last = this.lastChild;
    child.previousSibling = last;
    child.nextSibling = null;
    if (last !== null) last.nextSibling = child;
    this.childNodes.push(child);
    child.parentNode = this as unknown as ParentNode;
    mutationEpoch++;
    return child;
  }

  insertBefore<T extends ChildNode>(child: T, reference: ChildNode | null): T {
    if (reference === null) return this.appendChild(child);
    if (staleParents !== null) flushRemovals();
    if (child.parentNode !== null) child.parentNode.removeChild(child);
    const index = indexInParent(reference);
    const previous = reference.previousSibling;
    child.previousSibling = previous;
    child.nextSibling = reference;
    if (previous !== null) previous.nextSibling = child;
    reference.previousSibling = child;
    this.childNodes.splice(index, 0, child);
    child.parentNode = this as unknown as ParentNode;
    mutationEpoch++;
    return child;
  }

  removeChild<T extends ChildNode>(child: T): T {
    if (staleParents !== null) staleParents.add(this);
    else this.childNodes.splice(indexInParent(child), 1);
    const { previousSibling, nextSibling } = child;
    if (previousSibling !== null) previousSibling.nextSibling = nextSibling;
    if (nextSibling !== null) nextSibling.previousSibling = previousSibling;
    child.parentNode = null;
    child.previousSibling = null;
    child.nextSibling = null;
    mutationEpoch++;
    return child;
  }

  get textContent(): string {
    if (staleParents !== null) flushRemovals();
    let index = this.textIndex;
    if (index === null || index.epoch !== mutationEpoch) index = indexTextFrom(this);
    return index.text.slice(this.textStart, this.textEnd);
  }

  /** Descendant elements named `tagName` (upper or lower case), in document order. */
  getElementsByTagName(tagName: string): Element[] {
    if (staleParents !== null) flushRemovals();
    // Turndown asks this of every blank element, for 27 tag names: most have no element inside.
    if (!this.childNodes.some(isElement)) return NO_ELEMENTS;
    const wanted = tagName.toLowerCase();
    const found: Element[] = [];
    const stack: ChildNode[] = [];
    for (let i = this.childNodes.length - 1; i >= 0; i--) stack.push(this.childNodes[i]);
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.nodeType !== ELEMENT_NODE) continue;
      const el = node as Element;
      if (el.localName === wanted) found.push(el);
      for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
    }
    return found;
  }
}

const NO_ELEMENTS: Element[] = Object.freeze([]) as unknown as Element[];

/**
 * Upper-cased tag names, shared by every page a process converts. Bounded: a page of a million
 * distinct custom elements (`<x1>`, `<x2>`, …) must not grow it for the life of a batch worker; the
 * names every page uses come first and stay, the rest are upper-cased each time.
 */
const upperNames = new Map<string, string>();
const UPPER_NAMES_MAX = 2048;
function upperName(name: string): string {
  let upper = upperNames.get(name);
  if (upper === undefined) {
    upper = name.toUpperCase();
    if (upperNames.size < UPPER_NAMES_MAX) upperNames.set(name, upper);
  }
  return upper;
}

/** How many upper-cased names the process keeps (for tests of the bound). */
export function upperNamesKept(): number {
  return upperNames.size;
}

export class Element extends ParentNodeBase {
  declare readonly nodeType: typeof ELEMENT_NODE;
  override parentNode: ParentNode | null = null;
  override previousSibling: ChildNode | null = null;
  override nextSibling: ChildNode | null = null;
  override childNodes: ChildNode[] = [];
  override textIndex: TextIndex | null = null;
  override textStart = 0;
  override textEnd = 0;
  /**
   * Position in document order, set by `numberElements`: lets the cleaning pass keep what it learns
   * about each element in arrays instead of maps keyed by element (-1 until numbered).
   */
  order = -1;
  override readonly nodeName: string;
  /** Lower-case tag name, as parse5 gives it. */
  readonly localName: string;
  readonly namespaceURI: string;
  attrs: Attr[];
  /** A `<template>`'s content lives apart from its children, as in the DOM. */
  declare content?: DocumentFragment;

  constructor(localName: string, namespaceURI: string, attrs: Attr[]) {
    super();
    this.localName = localName;
    this.namespaceURI = namespaceURI;
    this.nodeName = namespaceURI === HTML_NS ? upperName(localName) : localName;
    this.attrs = attrs;
  }

  get tagName(): string {
    return this.nodeName;
  }

  getAttribute(name: string): string | null {
    const attrs = this.attrs;
    for (let i = 0; i < attrs.length; i++) if (attrs[i].name === name) return attrs[i].value;
    return null;
  }

  hasAttribute(name: string): boolean {
    return this.getAttribute(name) !== null;
  }

  setAttribute(name: string, value: string): void {
    for (const attr of this.attrs) {
      if (attr.name === name) {
        attr.value = value;
        return;
      }
    }
    this.attrs.push({ name, value });
  }

  removeAttribute(name: string): void {
    this.attrs = this.attrs.filter((attr) => attr.name !== name);
  }

  get id(): string {
    return this.getAttribute('id') ?? '';
  }

  get className(): string {
    return this.getAttribute('class') ?? '';
  }

  // Read by turndown-plugin-gfm's task-list rule on <input>.
  get type(): string {
    return (this.getAttribute('type') ?? '').toLowerCase();
  }

  get checked(): boolean {
    return this.hasAttribute('checked');
  }
}

export class Text extends Node {
  declare readonly nodeType: typeof TEXT_NODE;
  declare readonly nodeName: '#text';
  override parentNode: ParentNode | null = null;
  override previousSibling: ChildNode | null = null;
  override nextSibling: ChildNode | null = null;
  private value: string;

  constructor(data: string) {
    super();
    this.value = data;
  }

  get data(): string {
    return this.value;
  }

  set data(data: string) {
    this.value = data;
    mutationEpoch++;
  }

  get nodeValue(): string {
    return this.value;
  }

  get textContent(): string {
    return this.value;
  }

  /** Appends without a mutation notice: used only while the parser builds the tree. */
  appendWhileParsing(text: string): void {
    this.value += text;
  }
}

export class Comment extends Node {
  declare readonly nodeType: typeof COMMENT_NODE;
  declare readonly nodeName: '#comment';
  override parentNode: ParentNode | null = null;
  override previousSibling: ChildNode | null = null;
  override nextSibling: ChildNode | null = null;
  data: string;

  constructor(data: string) {
    super();
    this.data = data;
  }

  get nodeValue(): string {
    return this.data;
  }

  get textContent(): string {
    return '';
  }
}

export class DocumentType extends Node {
  declare readonly nodeType: typeof DOCUMENT_TYPE_NODE;
  declare readonly nodeName: '#documentType';
  override parentNode: ParentNode | null = null;
  override previousSibling: ChildNode | null = null;
  override nextSibling: ChildNode | null = null;
  constructor(
    public name: string,
    public publicId: string,
    public systemId: string,
  ) {
    super();
  }

  get textContent(): string {
    return '';
  }
}

export class Document extends ParentNodeBase {
  declare readonly nodeType: typeof DOCUMENT_NODE;
  declare readonly nodeName: '#document';
  override parentNode: ParentNode | null = null;
  override previousSibling: ChildNode | null = null;
  override nextSibling: ChildNode | null = null;
  override childNodes: ChildNode[] = [];
  override textIndex: TextIndex | null = null;
  override textStart = 0;
  override textEnd = 0;
  mode: 'no-quirks' | 'quirks' | 'limited-quirks' = 'no-quirks';

  constructor() {
    super();
  }

  get documentElement(): Element | null {
    return this.firstElementChild;
  }

  get body(): Element | null {
    const html = this.documentElement;
    if (html === null) return null;
    for (const child of html.childNodes) if (isElement(child) && child.localName === 'body') return child;
    return null;
  }

  get head(): Element | null {
    const html = this.documentElement;
    if (html === null) return null;
    for (const child of html.childNodes) if (isElement(child) && child.localName === 'head') return child;
    return null;
  }
}

export class DocumentFragment extends ParentNodeBase {
  declare readonly nodeType: typeof DOCUMENT_FRAGMENT_NODE;
  declare readonly nodeName: '#document-fragment';
  override parentNode: ParentNode | null = null;
  override previousSibling: ChildNode | null = null;
  override nextSibling: ChildNode | null = null;
  override childNodes: ChildNode[] = [];
  override textIndex: TextIndex | null = null;
  override textStart = 0;
  override textEnd = 0;

  constructor() {
    super();
  }
}

function constants(target: { prototype: object }, nodeType: number, nodeName?: string): void {
  Object.defineProperty(target.prototype, 'nodeType', { value: nodeType });
  if (nodeName !== undefined) Object.defineProperty(target.prototype, 'nodeName', { value: nodeName });
}
constants(Element, ELEMENT_NODE);
constants(Text, TEXT_NODE, '#text');
constants(Comment, COMMENT_NODE, '#comment');
constants(DocumentType, DOCUMENT_TYPE_NODE, '#documentType');
constants(Document, DOCUMENT_NODE, '#document');
constants(DocumentFragment, DOCUMENT_FRAGMENT_NODE, '#document-fragment');

export function isElement(node: Node | null | undefined): node is Element {
  return node !== null && node !== undefined && node.nodeType === ELEMENT_NODE;
}

export function isText(node: Node | null | undefined): node is Text {
  return node !== null && node !== undefined && node.nodeType === TEXT_NODE;
}

/** Position of `child` in its parent's list; parsers and turndown mostly touch the ends, so check them first. */
export function indexInParent(child: ChildNode): number {
  const siblings = child.parentNode!.childNodes;
  const last = siblings.length - 1;
  if (siblings[last] === child) return last;
  if (siblings[0] === child) return 0;
  return siblings.indexOf(child);
}

/** What `rewriteChildren` does with one child. */
export const KEEP = 0;
export const DROP = 1;
export const UNWRAP = 2;
export type ChildFate = typeof KEEP | typeof DROP | typeof UNWRAP;

/**
 * Rebuilds `parent`'s child list in one pass: each child stays, goes, or is replaced by its own
 * children. Why not a removeChild (or a splice) per child: each shifts the whole list, so a parent
 * with 40,000 children to drop took 12 s.
 */
export function rewriteChildren(parent: ParentNodeBase, fate: (child: ChildNode) => ChildFate): void {
  if (staleParents !== null) flushRemovals();
  const kept: ChildNode[] = [];
  for (const child of parent.childNodes) {
    const verdict = fate(child);
    if (verdict === KEEP) kept.push(child);
    else if (verdict === UNWRAP) {
      const el = child as Element;
      for (const grandchild of el.childNodes) kept.push(grandchild);
      el.childNodes = [];
    }
    if (verdict !== KEEP) {
      child.parentNode = null;
      child.previousSibling = null;
      child.nextSibling = null;
    }
  }
  replaceChildren(parent, kept);
}

/** Moves every child of `from` to the end of `to`'s children, in one pass. */
export function moveChildren(from: ParentNodeBase, to: ParentNodeBase): void {
  if (staleParents !== null) flushRemovals();
  const moved = from.childNodes;
  from.childNodes = [];
  replaceChildren(to, to.childNodes.length === 0 ? moved : to.childNodes.concat(moved));
}

/**
 * Makes `children` the whole child list of `parent`, linking siblings and parents afresh. A child
 * taken from another parent is not taken out of that parent's list: the caller rebuilds it too.
 */
export function replaceChildren(parent: ParentNodeBase, children: ChildNode[]): void {
  if (staleParents !== null) flushRemovals();
  parent.childNodes = children;
  let previous: ChildNode | null = null;
  for (const child of children) {
    child.parentNode = parent as unknown as ParentNode;
    child.previousSibling = previous;
    if (previous !== null) previous.nextSibling = child;
    previous = child;
  }
  if (previous !== null) previous.nextSibling = null;
  mutationEpoch++;
}

/** Descendant elements of `root` in document order, as an array: faster than the generator for whole-tree passes. */
export function collectElements(root: ParentNode | ParentNodeBase): Element[] {
  const out: Element[] = [];
  const stack: ChildNode[] = [];
  for (let i = root.childNodes.length - 1; i >= 0; i--) stack.push(root.childNodes[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    out.push(node as Element);
    const kids = (node as Element).childNodes;
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i];
      if (kid.nodeType === ELEMENT_NODE) stack.push(kid);
    }
  }
  return out;
}

/**
 * The elements under `root` in document order, each numbered with its position (`order`). Numbers
 * are valid until the next call: they index arrays built for that list.
 */
export function numberElements(root: ParentNode | ParentNodeBase): Element[] {
  const elements = collectElements(root);
  for (let i = 0; i < elements.length; i++) elements[i].order = i;
  return elements;
}

/**
 * Cuts every link inside a tree that nothing will read again (children, parents, siblings, text).
 * Why: the young-generation collector treats every pointer from an old object as live, dead or
 * not. A page's tree is partly promoted while it is converted, and once the page is done those dead
 * old nodes kept the young rest of the tree alive, so it was promoted too. Measured over the corpus:
 * about 95 MB promoted per pass instead of 5, and four times the collector's pauses.
 */
export function releaseTree(root: ParentNodeBase): void {
  if (staleParents !== null) flushRemovals();
  const stack: ParentNodeBase[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const kids = node.childNodes;
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i];
      kid.parentNode = null;
      kid.previousSibling = null;
      kid.nextSibling = null;
      if (kid.nodeType === ELEMENT_NODE) {
        stack.push(kid as Element);
        const content = (kid as Element).content;
        if (content !== undefined) stack.push(content);
      } else if (kid.nodeType === TEXT_NODE) (kid as Text).data = '';
    }
    kids.length = 0;
    node.textIndex = null;
  }
}

/**
 * True when the subtree holds text other than whitespace, or an element named in `alsoCounts`.
 * Stops at the first one found, and builds no text: for yes/no questions about content.
 */
export function hasContent(root: Node, alsoCounts?: ReadonlySet<string>): boolean {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      if (/\S/.test((node as Text).data)) return true;
    } else if (node instanceof ParentNodeBase) {
      if (alsoCounts !== undefined && node !== root && node.nodeType === ELEMENT_NODE && alsoCounts.has((node as Element).localName)) return true;
      const kids = node.childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return false;
}

/** Concatenated text of the subtree, computed directly: for one-off reads that should not index the whole tree. */
export function textOf(root: Node): string {
  if (root.nodeType === TEXT_NODE) return (root as Text).data;
  let text = '';
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) text += (node as Text).data;
    else if (node instanceof ParentNodeBase) {
      const kids = node.childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return text;
}

/**
 * Indexes the text of the whole tree that holds `start`: one string for the tree, and each parent
 * node's [textStart, textEnd) within it, so any textContent afterwards is an O(1) slice.
 */
function indexTextFrom(start: ParentNodeBase): TextIndex {
  let root: ParentNodeBase = start;
  while (root.parentNode !== null) root = root.parentNode;
  const parts: string[] = [];
  let length = 0;
  const index: TextIndex = { epoch: mutationEpoch, text: '' };
  // Frames: a parent node and the position of its next child to visit.
  const parents: ParentNodeBase[] = [root];
  const positions: number[] = [0];
  root.textStart = 0;
  root.textIndex = index;
  while (parents.length > 0) {
    const top = parents.length - 1;
    const parent = parents[top];
    const position = positions[top];
    if (position >= parent.childNodes.length) {
      parent.textEnd = length;
      parents.pop();
      positions.pop();
      continue;
    }
    positions[top] = position + 1;
    const child = parent.childNodes[position];
    if (child.nodeType === TEXT_NODE) {
      const data = (child as Text).data;
      parts.push(data);
      length += data.length;
    } else if (child.nodeType === ELEMENT_NODE) {
      const el = child as Element;
      el.textStart = length;
      el.textIndex = index;
      parents.push(el);
      positions.push(0);
    }
  }
  index.text = parts.join('');
  return index;
}
