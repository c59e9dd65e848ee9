// Facts about the whole page that some rules need: where the page declares its main region, and
// where its running text starts and ends. Computed once per cleaning pass, only when asked for.
import { type ArticleContent, findArticleContent } from '../article/content';
import { findCookieNotices } from './cookie-notices';
import { findSignUpBoxes } from './sign-up-boxes';
import { findRepeatedCaptions } from './repeated';
import { type Document, type Element, ELEMENT_NODE, type Node, TEXT_NODE, type Text, numberElements, textOf } from '../dom/nodes';
import { isBlock } from '../html/blocks';
import { closest, findDescendant, firstElementBeforeText, hasToken, type Skip, valueHasToken } from '../dom/query';
import { classifyTable } from '../html/tables';
import { trimmedLength } from '../text';

/** Text a paragraph must hold to count as running text (a sentence or two, not a caption or a label). */
const PARAGRAPH_MIN_TEXT = 120;
/** A declared main region holding less of the page's text than this is not trusted. */
const MAIN_MIN_SHARE = 0.15;
const MAIN_MIN_TEXT = 200;

// What a reader never sees as the page's text: scripts, styles, the fallback markup of frames and
// embeds, and a form's choices (a <select> of 90 car brands reads as one long line of names).
const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'noembed', 'noframes', 'object', 'embed', 'select', 'datalist', 'textarea']);

/** A heading this short ("News", "Menu") may be a word of any title: it names no page. */
const MIN_NAMED_TITLE = 12;

function normalTitle(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * On a page without an <h1>, the title is the <h2> or <h3> whose text makes most of the document's
 * <title>: Blogger themes and many CMSs set a post's title in an <h2> and name the page by it. The
 * site's name is in the <title> too ("Security Blog: Enhanced…"), and in an <h2> of the header, but
 * it is the shorter part; a heading that is not a third of the <title> names something else.
 */
function headingNamedByTitle(elements: readonly Element[], document: Document): Element | null {
  const titleTag = document.head?.children.find((el) => el.localName === 'title');
  const named = titleTag === undefined ? '' : normalTitle(textOf(titleTag));
  let best: Element | null = null;
  let bestLength = Math.max(MIN_NAMED_TITLE, named.length / 3) - 1;
  for (const el of elements) {
    if (el.localName !== 'h2' && el.localName !== 'h3') continue;
    const text = normalTitle(textOf(el));
    if (text.length > bestLength && named.includes(text)) {
      best = el;
      bestLength = text.length;
    }
  }
  return best;
}

export type Landmark = 'mainRegion' | 'regionSummary' | 'title' | 'firstText' | 'lastText';

export interface PageFacts {
  /** The page's one declared main region, when it declares exactly one that holds its text. */
  readonly mainRegion: Element | null;
  /**
   * The summary the page declares for the item whose body the main region is (schema.org's
   * itemprop=description or abstract, in an itemscope around the region): the article's lead, set
   * apart from its body; null when it declares none or the summary stands inside the region.
   */
  readonly regionSummary: Element | null;
  /** The page's title: its first <h1> with text, else the <h2>/<h3> the document's <title> names (headingNamedByTitle). */
  readonly title: Element | null;
  /** The first and last paragraph of running text in the main region (or the body), in document order. */
  readonly textSpan: { first: Element; last: Element } | null;
  /** Position of an element in document order. */
  position(el: Element): number;
  /**
   * Whether `el` is the landmark or one of its ancestors: the question rules ask of every element,
   * answered from a set computed once (climbing from each element would be quadratic on deep pages).
   */
  holds(el: Element, landmark: Landmark): boolean;
  /** Whether `el` stands inside the main region (or is it). */
  inMainRegion(el: Element): boolean;
  isRunningText(el: Element): boolean;
  /** The share of the page's running text (its paragraphs' own text) that stands inside `el`. */
  runningTextShare(el: Element): number;
  /** Article mode's main content, found by scoring what the page holds (see article/content.ts). */
  readonly article: ArticleContent | null;
  /** Captions that repeat another one (see repeated.ts). */
  readonly repeatedCaptions: ReadonlySet<Element>;
  /** Cookie notices found by their words (see cookie-notices.ts). */
  readonly cookieNotices: ReadonlySet<Element>;
  /** Sign-up boxes: an e-mail field and the few words around it (see sign-up-boxes.ts). */
  readonly signUpBoxes: ReadonlySet<Element>;
}

function isHiddenDeclared(el: Element): boolean {
  return el.hasAttribute('hidden') || (el.getAttribute('aria-hidden') ?? '').trim().toLowerCase() === 'true';
}

/** Characters of text under `el` (raw: whitespace runs count in full; only compared with each other). */
function textLength(el: Element, skip: Skip): number {
  let length = 0;
  const stack: Node[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) length += (node as Text).data.length;
    else if (node.nodeType === ELEMENT_NODE) {
      const child = node as Element;
      if (child !== el && (NOT_TEXT.has(child.localName) || (skip !== null && skip(child)))) continue;
      for (const grandchild of child.childNodes) stack.push(grandchild);
    }
  }
  return length;
}

/** See PageFacts.regionSummary: the first such element with words, outside the region. */
function findRegionSummary(elements: readonly Element[], region: Element): Element | null {
  for (const el of elements) {
    if (!hasToken(el, 'itemprop', 'description') && !hasToken(el, 'itemprop', 'abstract')) continue;
    // A <meta> says it to machines; only a summary the reader sees is kept.
    if (el.localName === 'meta' || textOf(el).trim() === '' || contains(region, el)) continue;
    const scope = closest(el, (ancestor) => ancestor.hasAttribute('itemscope'));
    if (scope !== null && contains(scope, region)) return el;
  }
  return null;
}

function findMainRegion(elements: readonly Element[], body: Element | null, skip: Skip): Element | null {
  if (body === null) return null;
  // One pass over the page gathers every kind of declaration; they are weighed in order below.
  const declaredMains: Element[] = [];
  const articleBodies: Element[] = [];
  const articles: Element[] = [];
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    const name = el.localName;
    if (el.attrs.length === 0) {
      if (name === 'main') declaredMains.push(el);
      else if (name === 'article') articles.push(el);
      continue;
    }
    let role: string | null = null;
    let itemprop: string | null = null;
    for (const attr of el.attrs) {
      if (attr.name === 'role') role ??= attr.value;
      else if (attr.name === 'itemprop') itemprop ??= attr.value;
    }
    if ((name === 'main' || valueHasToken(role, 'main')) && !isHiddenDeclared(el)) declaredMains.push(el);
    if (valueHasToken(itemprop, 'articlebody')) articleBodies.push(el);
    if (name === 'article' || valueHasToken(role, 'article')) articles.push(el);
  }
  // A main inside another main names the same region.
  let candidates = declaredMains.filter((el) => !declaredMains.some((other) => other !== el && contains(other, el)));
  if (candidates.length === 0) {
    // Without <main>, one element marked as the article's body is the next best declaration. A
    // <meta itemprop=articleBody> (a copy for search engines) or an empty one declares no region.
    candidates = articleBodies.filter((el) => el.localName !== 'meta' && textLength(el, skip) > 0);
  }
  if (candidates.length === 0) {
    // Then the one <article> that holds the page's title — not merely the only <article>, which
    // on some sites wraps a teaser or the comments — and the first paragraph of its running text.
    const titled = articles.filter(hasTitle);
    const outermost = titled.filter((el) => !titled.some((other) => other !== el && contains(other, el)));
    const firstText = elements.find((el) => isRunningText(el, skip));
    if (outermost.length === 1 && firstText !== undefined && contains(outermost[0], firstText)) candidates = outermost;
  }
  if (candidates.length !== 1) return null;
  const region = candidates[0];
  const regionText = textLength(region, skip);
  if (regionText < MAIN_MIN_TEXT || regionText < MAIN_MIN_SHARE * textLength(body, skip)) return null;
  return region;
}

/**
 * True when `el` holds a data table (see html/tables.ts). Chrome found by structure never holds
 * one: on data-rich pages (dashboards, financial tables, databases) tables sit in any container.
 */
export function holdsDataTable(el: Element, skip: Skip): boolean {
  const isData = (d: Element) => d.localName === 'table' && isDataTable(d);
  return isData(el) || findDescendant(el, isData, skip) !== null;
}

export function isDataTable(table: Element): boolean {
  return classifyTable(table) === 'data';
}

function hasTitle(el: Element): boolean {
  return findDescendant(el, (d) => d.localName === 'h1') !== null;
}

export function contains(ancestor: Element, el: Element): boolean {
  for (let node: Element | null = el; node !== null; node = node.parentElement) if (node === ancestor) return true;
  return false;
}

/**
 * A list item that opens with a link to another page is a teaser (a headline linked to its story
 * and the story's first lines), however long: a news ticker's items are not the page's running text.
 */
function isTeaserItem(el: Element): boolean {
  if (el.localName !== 'li') return false;
  const first = firstElementBeforeText(el);
  const href = first !== null && first.localName === 'a' ? (first.getAttribute('href') ?? '').trim() : '';
  return href !== '' && !href.startsWith('#');
}

/**
 * Running text: a block whose own text (text nodes and inline elements, not nested blocks) is at
 * least a sentence or two, and not every word of it a link: a block of links laid out inline (a
 * "most popular" box of five linked headlines) is a list, not prose. Counted per block, each text
 * node for its nearest block only.
 */
function isRunningText(el: Element, skip: Skip): boolean {
  if (!isBlock(el) || NOT_TEXT.has(el.localName) || isTeaserItem(el)) return false;
  let length = 0;
  let prose = false;
  const stack: Node[] = [];
  const inLink: boolean[] = [];
  for (let i = el.childNodes.length - 1; i >= 0; i--) {
    stack.push(el.childNodes[i]);
    inLink.push(false);
  }
  while (stack.length > 0 && (length < PARAGRAPH_MIN_TEXT || !prose)) {
    const node = stack.pop()!;
    const linked = inLink.pop()!;
    if (node.nodeType === TEXT_NODE) {
      length += trimmedLength((node as Text).data);
      if (!linked && !prose) prose = hasWords((node as Text).data);
    } else if (node.nodeType === ELEMENT_NODE) {
      const child = node as Element;
      if (!countsAsOwnText(child, skip)) continue;
      const childLinked = linked || isLink(child);
      for (let i = child.childNodes.length - 1; i >= 0; i--) {
        stack.push(child.childNodes[i]);
        inLink.push(childLinked);
      }
    }
  }
  return length >= PARAGRAPH_MIN_TEXT && prose;
}

const LETTER = /\p{L}/u;

/** Whether a text holds a word (a letter), not only separators, numbers or bullets. */
function hasWords(text: string): boolean {
  return LETTER.test(text);
}

function isLink(el: Element): boolean {
  return el.localName === 'a' && el.hasAttribute('href');
}

/** An inline element whose text belongs to the block around it. */
function countsAsOwnText(el: Element, skip: Skip): boolean {
  return !isBlock(el) && !NOT_TEXT.has(el.localName) && (skip === null || !skip(el));
}

/** A paragraph of running text and the length of its own text. */
interface Paragraph {
  el: Element;
  length: number;
}

/**
 * The paragraphs of running text among `elements` (in document order), as isRunningText would pick
 * them one by one, but in one bottom-up pass: each element's own text is summed from its children's.
 */
function runningTextIn(elements: readonly Element[], skip: Skip): Paragraph[] {
  // Indexed by `order` (elements as numberElements lists them): every element's children are read here.
  const ownText = new Float64Array(elements.length);
  // 1 where an element's own text has a word outside links (a link's own text never has).
  const ownProse = new Uint8Array(elements.length);
  const found: Paragraph[] = [];
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i];
    const link = isLink(el);
    let length = 0;
    let prose = false;
    const kids = el.childNodes;
    for (let k = 0; k < kids.length; k++) {
      const kid = kids[k];
      if (kid.nodeType === TEXT_NODE) {
        length += trimmedLength((kid as Text).data);
        if (!link && !prose) prose = hasWords((kid as Text).data);
      } else if (kid.nodeType === ELEMENT_NODE && countsAsOwnText(kid as Element, skip)) {
        length += ownTextOf(kid as Element, ownText, elements);
        if (!link && !prose) prose = ownProseOf(kid as Element, ownProse, elements);
      }
    }
    ownText[i] = length;
    ownProse[i] = prose ? 1 : 0;
    if (length >= PARAGRAPH_MIN_TEXT && prose && isBlock(el) && !NOT_TEXT.has(el.localName) && !isTeaserItem(el)) found.push({ el, length });
  }
  return found.reverse();
}

function ownProseOf(el: Element, ownProse: Uint8Array, elements: readonly Element[]): boolean {
  const at = el.order;
  return at >= 0 && elements[at] === el && ownProse[at] === 1;
}

function ownTextOf(el: Element, ownText: Float64Array, elements: readonly Element[]): number {
  const at = el.order;
  return at >= 0 && elements[at] === el ? ownText[at] : 0;
}

/**
 * Facts computed lazily over the document as it stands, ignoring subtrees that `skip` names.
 * `elementsInOrder`: the document's elements as `numberElements` lists them, when the caller has them.
 * `settled`: facts already decided by an earlier pass (the main region and title do not move
 * between passes, and deciding them again would cost a walk over the page's text).
 */
export function pageFacts(document: Document, skip: Skip, settled?: PageFacts, elementsInOrder?: readonly Element[]): PageFacts {
  return new LazyPageFacts(document, skip, settled, elementsInOrder ?? null);
}

// A class, not an object literal with getters. Measured: with the literal, merely creating the facts
// made each page's tree survive every young collection and be promoted (about 95 MB per corpus pass
// instead of 4, and 140 ms more of collector pauses per pass). The likely reason: V8 keeps an object
// literal's accessors in its hidden class, so each conversion made a hidden class holding its
// getters, their closures and so the whole page, until the next full collection.
class LazyPageFacts implements PageFacts {
  private main: Element | null | undefined;
  private titleElement: Element | null | undefined;
  private span: { first: Element; last: Element } | null | undefined;
  /** The landmark and its ancestors, per landmark, built when first asked. */
  private readonly ancestry: Record<Landmark, Set<Element> | null> = { mainRegion: null, regionSummary: null, title: null, firstText: null, lastText: null };
  private regionEnd: number | undefined;
  private articleContent: ArticleContent | null | undefined;
  private repeated: ReadonlySet<Element> | undefined;
  private summary: Element | null | undefined;
  private notices: ReadonlySet<Element> | undefined;
  private signUps: ReadonlySet<Element> | undefined;
  private paragraphList: readonly Paragraph[] | undefined;
  /** Running sums of the paragraphs' text, for runningTextShare. */
  private textPrefix: Float64Array | undefined;

  constructor(
    private readonly document: Document,
    private readonly skip: Skip,
    settled: PageFacts | undefined,
    private elements: readonly Element[] | null,
  ) {
    this.main = settled?.mainRegion;
    this.titleElement = settled?.title;
  }

  get mainRegion(): Element | null {
    if (this.main === undefined) this.main = findMainRegion(this.all(), this.document.body, this.skip);
    return this.main;
  }

  get regionSummary(): Element | null {
    if (this.summary === undefined) this.summary = this.mainRegion === null ? null : findRegionSummary(this.all(), this.mainRegion);
    return this.summary;
  }

  get title(): Element | null {
    if (this.titleElement === undefined) {
      this.titleElement = this.all().find((el) => el.localName === 'h1' && textOf(el).trim() !== '') ?? headingNamedByTitle(this.all(), this.document);
    }
    return this.titleElement;
  }

  get textSpan(): { first: Element; last: Element } | null {
    if (this.span === undefined) {
      const region = this.mainRegion ?? this.document.body;
      const skip = this.skip;
      const counts = (el: Element) => region !== null && contains(region, el) && !insideSkipped(el, skip);
      // Only the ends matter: each is looked for from its own side.
      const paragraphs = this.paragraphs();
      const first = paragraphs.find((p) => counts(p.el))?.el;
      const last = paragraphs.findLast((p) => counts(p.el))?.el;
      this.span = first === undefined || last === undefined ? null : { first, last };
    }
    return this.span;
  }

  isRunningText(el: Element): boolean {
    return isRunningText(el, this.skip);
  }

  runningTextShare(el: Element): number {
    const paragraphs = this.paragraphs();
    if (this.textPrefix === undefined) {
      this.textPrefix = new Float64Array(paragraphs.length + 1);
      for (let i = 0; i < paragraphs.length; i++) this.textPrefix[i + 1] = this.textPrefix[i] + paragraphs[i].length;
    }
    const total = this.textPrefix[paragraphs.length];
    const start = this.position(el);
    if (total === 0 || start < 0) return 0;
    let end: Element = el;
    for (let child = end.lastElementChild; child !== null; child = child.lastElementChild) end = child;
    // The paragraphs inside `el` are those between its position and its last descendant's, in document order.
    const from = firstAtOrAfter(paragraphs, start);
    const to = firstAtOrAfter(paragraphs, this.position(end) + 1);
    return (this.textPrefix[to] - this.textPrefix[from]) / total;
  }

  private paragraphs(): readonly Paragraph[] {
    return (this.paragraphList ??= runningTextIn(this.all(), this.skip));
  }

  get repeatedCaptions(): ReadonlySet<Element> {
    return (this.repeated ??= findRepeatedCaptions(this.all(), this.skip));
  }

  get cookieNotices(): ReadonlySet<Element> {
    return (this.notices ??= findCookieNotices(this.all(), this.skip, (el) => this.isRunningText(el)));
  }

  get signUpBoxes(): ReadonlySet<Element> {
    return (this.signUps ??= findSignUpBoxes(this.all(), this.skip, (el, landmark) => this.holds(el, landmark)));
  }

  get article(): ArticleContent | null {
    if (this.articleContent === undefined) this.articleContent = findArticleContent(this.all(), this.document.body, this.skip, this.mainRegion);
    return this.articleContent;
  }

  holds(el: Element, name: Landmark): boolean {
    let set = this.ancestry[name];
    if (set === null) {
      set = new Set();
      for (let node = this.landmark(name); node !== null; node = node.parentElement) set.add(node);
      this.ancestry[name] = set;
    }
    return set.has(el);
  }

  inMainRegion(el: Element): boolean {
    const region = this.mainRegion;
    if (region === null) return false;
    if (this.regionEnd === undefined) {
      // The region's last descendant, in document order: its subtree spans the positions up to it.
      let last: Element = region;
      for (let child = last.lastElementChild; child !== null; child = child.lastElementChild) last = child;
      this.regionEnd = this.position(last);
    }
    const at = this.position(el);
    return at >= this.position(region) && at <= this.regionEnd;
  }

  position(el: Element): number {
    const list = this.all();
    const at = el.order;
    return at >= 0 && list[at] === el ? at : -1;
  }

  private all(): readonly Element[] {
    return (this.elements ??= numberElements(this.document));
  }

  private landmark(name: Landmark): Element | null {
    return name === 'mainRegion' ? this.mainRegion
      : name === 'regionSummary' ? this.regionSummary
      : name === 'title' ? this.title
      : name === 'firstText' ? (this.textSpan?.first ?? null)
      : (this.textSpan?.last ?? null);
  }
}

/** The index of the first paragraph at or after `position` in document order (binary search). */
function firstAtOrAfter(paragraphs: readonly Paragraph[], position: number): number {
  let low = 0;
  let high = paragraphs.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (paragraphs[mid].el.order < position) low = mid + 1;
    else high = mid;
  }
  return low;
}

function insideSkipped(el: Element, skip: Skip): boolean {
  if (skip === null) return false;
  for (let node: Element | null = el; node !== null; node = node.parentElement) if (skip(node)) return true;
  return false;
}
