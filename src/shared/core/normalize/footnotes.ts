// Footnotes, found before cleaning and written as GFM footnotes (`text[^1]` … `[^1]: the note`).
//
// A footnote is a short link into the page (`<a href="#fn1">1</a>`) whose target — the note — links
// back to the reference (or to the <sup>/<span> around it, or to an empty anchor just before it).
// That back link is what every common markup has in common: Sphinx/docutils (old tables and new
// asides), Pandoc, markdown-it-footnote, GitHub, WordPress's footnotes block and its plugins, and
// Wikipedia (`sup.reference` → `ol.references`). Markup without back links counts when both sides
// say so in standard attributes: `role=doc-noteref` or `data-footnote-ref` on the reference, and a
// note in `role=doc-endnotes`/`doc-footnote`.
//
// Notes are taken out of the page before cleaning (an <aside>, a list of links: cleaning might
// remove them), then put back after it, at the end of the body, as
//   <section data-footnotes><ol data-footnote-list><li data-footnote="label">…</li></ol></section>
// without their back links and labels; each reference gets `data-footnote-ref="label"`. A note
// whose references cleaning removed is dropped with them. The Markdown stage writes both
// (markdown/footnotes.ts).
import { type ChildNode, collectElements, type Document, type Element, Element as ElementClass, ELEMENT_NODE, HTML_NS, type Node, type ParentNode, TEXT_NODE, type Text, textOf } from '../dom/nodes';
import { tokens } from '../dom/query';
import { isBlock } from '../markdown/blocks';

export interface Footnote {
  label: string;
  /** The note's content (detached from the page). */
  note: Element;
  /** The references to it, in document order. */
  refs: Element[];
}

export interface ExtractedFootnotes {
  footnotes: Footnote[];
}

/** A reference is a marker: its text (without brackets) is at most this long ("12", "note 3", "†"). */
const MAX_MARKER_CHARS = 12;
/** A note larger than this is a section, not a footnote (and is not searched for back links). */
const MAX_NOTE_ELEMENTS = 400;

const NOTE_CONTAINERS = new Set(['li', 'aside', 'dd', 'p', 'div', 'td', 'tr', 'table', 'section', 'footer']);

function idMap(elements: readonly Element[]): Map<string, Element> {
  const ids = new Map<string, Element>();
  for (const el of elements) {
    if (el.attrs.length === 0) continue;
    const id = el.getAttribute('id');
    if (id !== null && id !== '' && !ids.has(id)) ids.set(id, el);
    if (el.localName === 'a') {
      const name = el.getAttribute('name');
      if (name !== null && name !== '' && !ids.has(name)) ids.set(name, el);
    }
  }
  return ids;
}

function fragmentOf(href: string | null): string | null {
  if (href === null) return null;
  const trimmed = href.trim();
  if (!trimmed.startsWith('#') || trimmed.length < 2) return null;
  try {
    return decodeURIComponent(trimmed.slice(1));
  } catch {
    return trimmed.slice(1);
  }
}

function markerText(ref: Element): string {
  return textOf(ref).replace(/[\s[\]()]/g, '');
}

/**
 * Climbs are bounded: pages nest tens of thousands of levels deep, and every link is asked. What
 * a footnote's parts need stands within a few levels (a back link in a <sup> in a <span>).
 */
const MAX_CLIMB = 32;

/** The nearest ancestor of `el` (not `el`) within MAX_CLIMB levels that satisfies `predicate`. */
function nearAncestor(el: Element, predicate: (ancestor: Element) => boolean): Element | null {
  let node = el.parentElement;
  for (let level = 0; node !== null && level < MAX_CLIMB; level++, node = node.parentElement) if (predicate(node)) return node;
  return null;
}

/** The note a target id stands for: the target, or the block around an empty anchor. */
function noteFor(target: Element): Element | null {
  if (textOf(target).trim() !== '') return target;
  return nearAncestor(target, (a) => NOTE_CONTAINERS.has(a.localName));
}

/** Ids a back link to `ref` may name: the ref's, its inline wrappers', and empty anchors just before them. */
function referenceIds(ref: Element): Set<string> {
  const ids = new Set<string>();
  let level = 0;
  for (let el: Element | null = ref; el !== null && !isBlock(el) && level < MAX_CLIMB; el = el.parentElement, level++) {
    const id = el.getAttribute('id');
    if (id) ids.add(id);
    for (let before = el.previousElementSibling; before !== null && textOf(before).trim() === ''; before = before.previousElementSibling) {
      const anchor = before.getAttribute('id') ?? (before.localName === 'a' ? before.getAttribute('name') : null);
      if (anchor) ids.add(anchor);
    }
  }
  return ids;
}

/** The note's elements, or null when it is too large to be a footnote. */
function boundedElements(note: Element): Element[] | null {
  const out: Element[] = [];
  const stack: Node[] = [...note.childNodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    out.push(node as Element);
    if (out.length > MAX_NOTE_ELEMENTS) return null;
    stack.push(...(node as Element).childNodes);
  }
  return out;
}

function isBackLinkTo(el: Element, ids: ReadonlySet<string>): boolean {
  if (el.localName !== 'a') return false;
  const fragment = fragmentOf(el.getAttribute('href'));
  return fragment !== null && ids.has(fragment);
}

function hasRole(el: Element, role: string): boolean {
  return tokens(el, 'role').includes(role);
}

function declaredRef(ref: Element): boolean {
  return ref.hasAttribute('data-footnote-ref') || hasRole(ref, 'doc-noteref');
}

function declaredNote(note: Element): boolean {
  const declares = (a: Element) => hasRole(a, 'doc-endnotes') || hasRole(a, 'doc-footnote') || a.hasAttribute('data-footnotes');
  return declares(note) || nearAncestor(note, declares) !== null;
}

/** Whether `el` lies inside `ancestor` (or is it); past MAX_DEPTH levels the answer is yes, the careful one. */
const MAX_DEPTH = 10_000;

function contains(ancestor: Element, el: Element): boolean {
  let level = 0;
  for (let node: ParentNode | null = el; node !== null; node = node.parentNode) if (node === ancestor || ++level > MAX_DEPTH) return true;
  return false;
}

/** A label GFM accepts: letters, digits, `-` and `_`. */
function cleanLabel(raw: string): string {
  return raw.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');
}

/** GitHub's notes are `fn-<label>` (with its `user-content-` prefix): the author's label. */
function authoredLabel(note: Element): string | undefined {
  const match = /^(?:user-content-)?fn-(.+)$/.exec(note.getAttribute('id') ?? '');
  return match === null ? undefined : cleanLabel(match[1]) || undefined;
}

/** Removes back links (and what held nothing else: `^`, brackets) and labels from a note's content. */
function stripNote(note: Element, backIds: ReadonlySet<string>): void {
  const elements = collectElements(note);
  for (const el of elements) {
    if (el.parentNode === null) continue;
    const isBackLink =
      isBackLinkTo(el, backIds) || el.hasAttribute('data-footnote-backref') || hasRole(el, 'doc-backlink') || tokens(el, 'class').some((t) => t === 'footnote-backref' || t === 'footnote-back' || t === 'fn-backref' || t === 'mw-cite-backlink');
    if (!isBackLink) continue;
    let gone: Element = el;
    // Up through inline wrappers left holding only punctuation (`^`, `[`, `]`, `↩`).
    for (let parent = el.parentElement; parent !== null && parent !== note && !isBlock(parent); parent = parent.parentElement) {
      if (/[\p{L}\p{N}]/u.test(textOf(parent).replace(textOf(gone), ''))) break;
      gone = parent;
    }
    gone.parentNode?.removeChild(gone);
  }
  // A label cell or span left empty of words (Sphinx: `[1]` around the back link).
  for (const el of collectElements(note)) {
    if (el.parentNode !== null && tokens(el, 'class').includes('label') && !/[\p{L}\p{N}]/u.test(textOf(el).replace(/\d+/g, ''))) el.parentNode.removeChild(el);
  }
}

/** The note's content element: a table or row (old Sphinx) gives its last cell. */
function noteContent(note: Element): Element {
  if (note.localName === 'table' || note.localName === 'tr') {
    const cells = collectElements(note).filter((el) => el.localName === 'td' || el.localName === 'th');
    const last = cells[cells.length - 1];
    if (last !== undefined) return last;
  }
  return note;
}

/** A container of notes this large is not looked into: it holds more than its notes. */
const MAX_CONTAINER_NODES = 2_000;

/** Whether `el` holds words outside its headings (or is too large to tell quickly). */
function holdsWords(el: Element): boolean {
  const stack: Node[] = [el];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen > MAX_CONTAINER_NODES) return true;
    const node = stack.pop()!;
    if (node.nodeType === ELEMENT_NODE) {
      if (!/^h[1-6]$/.test((node as Element).localName)) stack.push(...(node as Element).childNodes);
    } else if (node.nodeType === TEXT_NODE && /[\p{L}\p{N}]/u.test((node as Text).data)) return true;
  }
  return false;
}

/** The notes' former container, once it holds nothing but headings and rules: removed with them. */
function removeEmptiedContainer(parent: ParentNode | null): void {
  let empty: Element | null = null;
  let level = 0;
  for (let node = parent; node !== null && node.nodeType === ELEMENT_NODE && level < MAX_CLIMB; node = node.parentNode, level++) {
    const el = node as Element;
    if (el.localName === 'body' || el.localName === 'main' || el.localName === 'article' || holdsWords(el)) break;
    empty = el;
  }
  if (empty === null) return;
  const before = empty.previousElementSibling;
  if (before !== null && before.localName === 'hr') before.parentNode?.removeChild(before);
  empty.parentNode?.removeChild(empty);
}

/**
 * Finds the footnotes among `elements` (the document's, in order), marks their references and takes
 * the notes out of the page. Put them back with `restoreFootnotes` once cleaning is done.
 */
export function extractFootnotes(elements: readonly Element[]): ExtractedFootnotes {
  const ids = idMap(elements);
  const byNote = new Map<Element, { refs: Element[]; backIds: Set<string> }>();
  for (const ref of elements) {
    if (ref.localName !== 'a' || ref.attrs.length === 0) continue;
    const fragment = fragmentOf(ref.getAttribute('href'));
    if (fragment === null) continue;
    const marker = markerText(ref);
    if (marker === '' || [...marker].length > MAX_MARKER_CHARS) continue;
    const target = ids.get(fragment);
    if (target === undefined) continue;
    const note = noteFor(target);
    if (note === null || contains(note, ref) || contains(ref, note)) continue;
    const noteElements = boundedElements(note);
    if (noteElements === null) continue;
    const backIds = referenceIds(ref);
    const linksBack = noteElements.some((el) => isBackLinkTo(el, backIds));
    if (!linksBack && !(declaredRef(ref) && declaredNote(note))) continue;
    const entry = byNote.get(note) ?? { refs: [], backIds: new Set<string>() };
    entry.refs.push(ref);
    for (const id of backIds) entry.backIds.add(id);
    byNote.set(note, entry);
  }
  // A note inside another note (a nested list item) is part of it, not a footnote of its own.
  const notes = new Set(byNote.keys());
  for (const note of notes) {
    let level = 0;
    for (let node = note.parentElement; node !== null && level < MAX_DEPTH; node = node.parentElement, level++) {
      if (notes.has(node)) {
        byNote.delete(note);
        break;
      }
    }
  }

  const footnotes: Footnote[] = [];
  const used = new Set<string>();
  const emptied = new Set<ParentNode>();
  const ordered = [...byNote].sort((a, b) => a[1].refs[0].order - b[1].refs[0].order);
  for (const [note, { refs, backIds }] of ordered) {
    let label = authoredLabel(note) ?? cleanLabel(markerText(refs[0]));
    if (label === '' || used.has(label.toLowerCase())) label = String(footnotes.length + 1);
    while (used.has(label.toLowerCase())) label = `${label}-${footnotes.length + 1}`;
    used.add(label.toLowerCase());
    for (const ref of refs) ref.setAttribute('data-footnote-ref', label);
    if (note.parentNode !== null) emptied.add(note.parentNode);
    note.parentNode?.removeChild(note);
    stripNote(note, backIds);
    footnotes.push({ label, note: noteContent(note), refs });
  }
  for (const parent of emptied) removeEmptiedContainer(parent);
  return { footnotes };
}

function isConnected(el: Element, document: Document): boolean {
  for (let node: ParentNode | null = el.parentNode; node !== null; node = node.parentNode) if ((node as Node) === document) return true;
  return false;
}

/**
 * Puts the notes whose references are still in the page back, at the end of the body; returns the
 * elements added (to be given the same URL treatment as the rest of the page).
 */
export function restoreFootnotes(document: Document, extracted: ExtractedFootnotes): Element[] {
  const body = document.body;
  if (body === null || extracted.footnotes.length === 0) return [];
  const live = extracted.footnotes.filter((footnote) => footnote.refs.some((ref) => isConnected(ref, document)));
  for (const footnote of extracted.footnotes) {
    if (live.includes(footnote)) continue;
    // Its references went with cleaning: they are ordinary text now.
    for (const ref of footnote.refs) ref.removeAttribute('data-footnote-ref');
  }
  if (live.length === 0) return [];
  const section = new ElementClass('section', HTML_NS, [{ name: 'data-footnotes', value: '' }]);
  const list = new ElementClass('ol', HTML_NS, [{ name: 'data-footnote-list', value: '' }]);
  for (const { label, note } of live) {
    const item = new ElementClass('li', HTML_NS, [
      { name: 'id', value: `fn-${label}` },
      { name: 'data-footnote', value: label },
    ]);
    const kids: ChildNode[] = [...note.childNodes];
    for (const kid of kids) item.appendChild(kid);
    list.appendChild(item);
  }
  section.appendChild(list);
  body.appendChild(section);
  return [section, ...collectElements(section)];
}
