// Article mode's choice of the main content, by scoring (the user asked for it; the default mode
// never scores). Paragraphs of prose give points to the blocks around them, as Readability and
// Boilerpipe do; the block with the most points, less its share of link text, is the article. Its
// siblings that read as more of it join it. Computed once per page, on what the default rules left.
import { type Element, ELEMENT_NODE, type Node, TEXT_NODE, type Text, textOf } from '../dom/nodes';
import type { Skip } from '../dom/query';
import { HEADING_TAGS, isBlock } from '../markdown/blocks';
import { classifyTable } from '../markdown/tables';
import { trimmedLength } from '../text';

/** Text a paragraph needs to give points (a caption or a label gives none). */
const PARAGRAPH_MIN = 25;
/** Ancestors that receive a paragraph's points: its parent fully, the next by halves and thirds. */
const ANCESTOR_LEVELS = 5;
const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'select', 'textarea', 'button']);
const PARAGRAPHS = new Set(['p', 'pre', 'td', 'blockquote', 'dd', 'li']);
/** Punctuation that separates clauses, in the scripts the corpora hold (Latin, CJK, Arabic). */
const CLAUSE_MARKS = /[,，、،;；]/g;

/** What article mode keeps: the chosen block and the siblings that join it. */
export interface ArticleContent {
  /** The best-scoring block. */
  readonly root: Element;
  /** The root and the siblings kept with it (all children of the same parent). */
  readonly kept: ReadonlySet<Element>;
  /** The root's strict ancestors: what stands beside them is outside the content. */
  readonly path: ReadonlySet<Element>;
  /** Per element (by `order`): text length, and the part of it inside links. */
  readonly text: Float64Array;
  readonly linkText: Float64Array;
  /**
   * Where the content's running text ends: the `order` of the last descendant of its last
   * paragraph of prose (what follows is credits, sign-ups, bios and links), or Infinity.
   */
  readonly textEnd: number;
}

/** Points a tag starts with when it first receives some: containers of prose up, lists and headings down. */
function tagWeight(el: Element): number {
  switch (el.localName) {
    case 'div': case 'article': case 'main': case 'section':
      return 5;
    case 'pre': case 'td': case 'blockquote':
      return 3;
    case 'address': case 'ol': case 'ul': case 'dl': case 'dd': case 'dt': case 'li': case 'form':
      return -3;
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': case 'th':
      return -5;
    default:
      return 0;
  }
}

function clauses(text: string): number {
  CLAUSE_MARKS.lastIndex = 0;
  let n = 0;
  while (CLAUSE_MARKS.exec(text) !== null) n++;
  return n;
}

interface Measures {
  /** Visible text length under each element (by `order`). */
  text: Float64Array;
  /** The part of it inside links. */
  linkText: Float64Array;
  /** Text of the element's own inline content (not nested blocks): a paragraph's. */
  ownText: Float64Array;
  /** Clause marks in the element's own inline content. */
  ownClauses: Float64Array;
  /** Text of the paragraphs of prose inside the element (not link runs): its mass of running text. */
  prose: Float64Array;
  /** Whether the element is gone (removed by a default rule, or inside what was). */
  gone: Uint8Array;
}

/** One bottom-up pass: each element's counts from its children's. */
function measure(elements: readonly Element[], skip: Skip): Measures {
  const n = elements.length;
  const m: Measures = {
    text: new Float64Array(n), linkText: new Float64Array(n), ownText: new Float64Array(n), ownClauses: new Float64Array(n), prose: new Float64Array(n), gone: new Uint8Array(n),
  };
  // Top-down first: what a default rule removed, with everything inside it.
  for (let i = 0; i < n; i++) {
    const el = elements[i];
    const parent = el.parentElement;
    const parentGone = parent !== null && elements[parent.order] === parent && m.gone[parent.order] === 1;
    if (parentGone || NOT_TEXT.has(el.localName) || (skip !== null && skip(el))) m.gone[i] = 1;
  }
  for (let i = n - 1; i >= 0; i--) {
    if (m.gone[i] === 1) continue;
    const el = elements[i];
    const isLink = el.localName === 'a' && el.hasAttribute('href');
    let text = 0;
    let link = 0;
    let own = 0;
    let ownMarks = 0;
    let prose = 0;
    for (const kid of el.childNodes) {
      if (kid.nodeType === TEXT_NODE) {
        const data = (kid as Text).data;
        const length = trimmedLength(data);
        text += length;
        own += length;
        if (length > 0) ownMarks += clauses(data);
      } else if (kid.nodeType === ELEMENT_NODE) {
        const child = kid as Element;
        const at = child.order;
        if (at < 0 || elements[at] !== child || m.gone[at] === 1) continue;
        text += m.text[at];
        link += m.linkText[at];
        prose += m.prose[at];
        if (!isBlock(child)) {
          own += m.ownText[at];
          ownMarks += m.ownClauses[at];
        }
      }
    }
    m.text[i] = text;
    m.linkText[i] = isLink ? text : link;
    m.ownText[i] = own;
    m.ownClauses[i] = ownMarks;
    if (isParagraph(el, m, i) && linkDensity(m, i) <= 0.5) prose += own;
    m.prose[i] = prose;
  }
  return m;
}

function linkDensity(m: Measures, at: number): number {
  return m.text[at] > 0 ? m.linkText[at] / m.text[at] : 0;
}

/** A paragraph of prose: a paragraph tag, or a block whose own inline text is a sentence or more. */
function isParagraph(el: Element, m: Measures, at: number): boolean {
  if (m.ownText[at] < PARAGRAPH_MIN) return false;
  return PARAGRAPHS.has(el.localName) || (isBlock(el) && !HEADING_TAGS.has(el.localName));
}

/** Points per element (by `order`), NaN where none were given. */
function scoreParagraphs(elements: readonly Element[], m: Measures): Float64Array {
  const scores = new Float64Array(elements.length).fill(Number.NaN);
  const give = (el: Element, points: number) => {
    const at = el.order;
    if (Number.isNaN(scores[at])) scores[at] = tagWeight(el);
    scores[at] += points;
  };
  for (let i = 0; i < elements.length; i++) {
    if (m.gone[i] === 1) continue;
    const el = elements[i];
    if (!isParagraph(el, m, i)) continue;
    // A paragraph that is mostly a link (a teaser's headline) is not prose.
    if (linkDensity(m, i) > 0.5) continue;
    const points = 1 + m.ownClauses[i] + Math.min(Math.floor(m.ownText[i] / 100), 3);
    let level = 0;
    for (let node = el.parentElement; node !== null && level < ANCESTOR_LEVELS; node = node.parentElement, level++) {
      if (node.localName === 'body' || node.localName === 'html') break;
      give(node, level === 0 ? points : level === 1 ? points / 2 : points / (level * 3));
    }
  }
  return scores;
}

function elementChildren(el: Element, m: Measures): Element[] {
  const kids: Element[] = [];
  for (const kid of el.childNodes) {
    if (kid.nodeType === ELEMENT_NODE && m.gone[(kid as Element).order] !== 1) kids.push(kid as Element);
  }
  return kids;
}

/** A sibling holds a data table or code: kept when it is not made of links. */
function holdsTableOrCode(el: Element, m: Measures): boolean {
  const stack: Node[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    if (m.gone[child.order] === 1) continue;
    if (child.localName === 'pre' || (child.localName === 'table' && classifyTable(child) === 'data')) return true;
    for (const kid of child.childNodes) stack.push(kid);
  }
  return false;
}

/** Share of a declared main region's prose that the scored block must hold to stand for the content. */
const DECLARED_SHARE = 0.8;
/** Prose a sibling needs to join the content by its text alone: a paragraph or two. */
const SIBLING_PROSE = 140;
const SENTENCE_END = /[.!?。！？](\s|$)/;

/**
 * `declared`: the main region the page declares (see page-facts.ts), when it has one. The page's own
 * word outweighs a score: a block inside it that holds less than DECLARED_SHARE of its prose is a
 * part of the content (one section of a manual page, one entry of an API), and the region is taken.
 */
export function findArticleContent(elements: readonly Element[], body: Element | null, skip: Skip, declared: Element | null = null): ArticleContent | null {
  if (body === null) return null;
  const m = measure(elements, skip);
  const scores = scoreParagraphs(elements, m);
  const final = (at: number) => (Number.isNaN(scores[at]) ? Number.NaN : scores[at] * (1 - linkDensity(m, at)));

  let top: Element | null = null;
  let topScore = -Infinity;
  for (let i = 0; i < elements.length; i++) {
    const score = final(i);
    if (!Number.isNaN(score) && score > topScore) {
      topScore = score;
      top = elements[i];
    }
  }
  if (top === null) return null;

  // Climb while an ancestor scores as well (the article's container rather than one of its parts).
  let lastScore = topScore;
  const threshold = lastScore / 3;
  for (let parent = top.parentElement; parent !== null && parent !== body && parent.localName !== 'html'; parent = parent.parentElement) {
    const score = final(parent.order);
    if (Number.isNaN(score)) continue;
    if (score < threshold) break;
    if (score > lastScore) {
      top = parent;
      topScore = score;
      break;
    }
    lastScore = score;
  }
  // An only child stands for its parent.
  while (top.parentElement !== null && top.parentElement !== body && top.parentElement.localName !== 'html' && elementChildren(top.parentElement, m).length === 1) {
    top = top.parentElement;
  }

  // A story split into parts (columns, rows, blocks between ads) scores part by part: while the
  // block holds less than half of its parent's prose, the parent is the story.
  // Wrappers that add no prose are passed through on the way up.
  for (let parent = top.parentElement; parent !== null && parent !== body && parent.localName !== 'html'; parent = parent.parentElement) {
    const prose = m.prose[parent.order];
    if (prose <= 1.1 * m.prose[top.order]) continue;
    if (prose < 2 * m.prose[top.order] || linkDensity(m, parent.order) >= 0.5) break;
    top = parent;
  }

  if (declared !== null && declared !== top && m.gone[declared.order] !== 1 && m.prose[top.order] < DECLARED_SHARE * m.prose[declared.order]) {
    for (let node = top.parentElement; node !== null; node = node.parentElement) {
      if (node === declared) {
        top = declared;
        break;
      }
    }
  }

  const kept = new Set<Element>([top]);
  const parent = top.parentElement;
  if (parent !== null && parent.localName !== 'html') {
    const siblingThreshold = Math.max(10, topScore * 0.2);
    for (const sibling of elementChildren(parent, m)) {
      if (sibling === top) continue;
      const at = sibling.order;
      const score = final(at);
      const density = linkDensity(m, at);
      if (!Number.isNaN(score) && score >= siblingThreshold) kept.add(sibling);
      // More of the same story: prose of its own, not a run of links (a story split into columns or rows).
      else if (m.prose[at] >= SIBLING_PROSE && density < 0.33) kept.add(sibling);
      else if (sibling.localName === 'p' || (isParagraph(sibling, m, at) && !PARAGRAPHS.has(sibling.localName) && elementChildren(sibling, m).length === 0)) {
        const length = m.text[at];
        if (length > 80 && density < 0.25) kept.add(sibling);
        else if (length > 0 && density === 0 && SENTENCE_END.test(textOf(sibling))) kept.add(sibling);
      } else if (density < 0.5 && holdsTableOrCode(sibling, m)) kept.add(sibling);
    }
  }
  const path = new Set<Element>();
  for (let node = top.parentElement; node !== null; node = node.parentElement) path.add(node);
  return { root: top, kept, path, text: m.text, linkText: m.linkText, textEnd: endOfText(elements, kept, m) };
}

/** A paragraph this long ends the story when nothing like it follows. */
const LAST_PARAGRAPH_MIN = 40;

function endOfText(elements: readonly Element[], kept: ReadonlySet<Element>, m: Measures): number {
  let last: Element | null = null;
  for (const block of kept) {
    const end = lastDescendant(block);
    for (let i = block.order; i <= end.order; i++) {
      if (m.gone[i] === 1 || m.ownText[i] < LAST_PARAGRAPH_MIN || linkDensity(m, i) > 0.5 || !isParagraph(elements[i], m, i)) continue;
      if (last === null || i > last.order) last = elements[i];
    }
  }
  return last === null ? Infinity : lastDescendant(last).order;
}

function lastDescendant(el: Element): Element {
  let last = el;
  for (let child = last.lastElementChild; child !== null; child = child.lastElementChild) last = child;
  return last;
}
