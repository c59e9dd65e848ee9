// Prepares every text node outside code before turndown runs:
// - escapes it, knowing what a text node alone cannot tell: whether it may start a line, and
//   whether inline content follows it (turndown's own `escape` sees only the string; ours is set
//   to leave text as this pass wrote it);
// - drops separators standing directly in a list (`<ul><li>a</li>, <li>b</li></ul>`): outside any
//   item they would be glued to the next item's marker (`,- b`) and break the list.
import { COMMENT_NODE, ELEMENT_NODE, type Element, hasContent, type Node, type ParentNode, TEXT_NODE, type Text } from '../dom/nodes';
import { isBlock } from './blocks';
import { escapeMarkdownText } from './escape';
import { isFootnoteSup } from './footnotes';

const CODE = new Set(['code', 'pre', 'kbd', 'samp', 'math']);
/** Elements written between delimiters (`*`, `_`, `~~`): see inline.ts. */
const DELIMITED = new Set(['em', 'i', 'strong', 'b', 'del', 's', 'strike']);
const VOID_WITH_OUTPUT = new Set(['img', 'input']);

export function prepareText(root: ParentNode): void {
  const pending: Array<[Text, string]> = [];
  const context = new LineContext(root);
  // Parallel stacks: a node, and whether it stands inside an element written with delimiters.
  const stack: Node[] = [root];
  const delimitedStack: boolean[] = [false];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const inDelimited = delimitedStack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      const text = node as Text;
      if (isListSeparator(text)) {
        pending.push([text, '']);
        continue;
      }
      const followed = context.isFollowed(text);
      const escaped = escapeMarkdownText(text.data, {
        lineStart: context.mayStartLine(text),
        followed,
        beforeBracket: followed && context.precedesBracket(text),
        inDelimited,
      });
      if (escaped !== text.data) pending.push([text, escaped]);
    } else if (node === root || (node.nodeType === ELEMENT_NODE && !CODE.has((node as Element).localName))) {
      const childrenDelimited = inDelimited || (node.nodeType === ELEMENT_NODE && DELIMITED.has((node as Element).localName));
      const kids = (node as ParentNode).childNodes;
      for (let i = kids.length - 1; i >= 0; i--) {
        stack.push(kids[i]);
        delimitedStack.push(childrenDelimited);
      }
    }
  }
  // Written after the walk: every write invalidates cached text, which the walk reads.
  for (const [text, escaped] of pending) text.data = escaped;
}

const LISTS = new Set(['ul', 'ol']);

function isListSeparator(text: Text): boolean {
  const parent = text.parentNode;
  return parent !== null && parent.nodeType === ELEMENT_NODE && LISTS.has((parent as Element).localName) && /^[\s\p{P}\p{S}]*$/u.test(text.data);
}

/**
 * What comes before and after each text node, remembered along the way: a run of siblings that
 * render nothing (empty spans, blank text, comments) gives every node in it the same answer, so it
 * is walked once, not once per node (20,000 empty spans in a row took 24 s).
 */
export class LineContext {
  private readonly startsLine = new Map<Node, boolean>();
  private readonly followed = new Map<Node, boolean>();
  private readonly silent = new Map<Node, boolean>();
  private readonly bracketNext = new Map<Node, boolean>();

  constructor(private readonly root: ParentNode) {}

  /** True when nothing that renders stands between `text` and a line start (a block edge or `br`). */
  mayStartLine(text: Text): boolean {
    return this.resolve(text, this.startsLine, (node) => node.previousSibling, breaksLine, true, () => undefined);
  }

  /** True when inline content (or the `]` closing a link) follows `text` before a line ends. */
  isFollowed(text: Text): boolean {
    return this.resolve(
      text,
      this.followed,
      (node) => node.nextSibling,
      (sibling) => !breaksLine(sibling),
      false,
      // The end of a link's text is followed by the `]` of its syntax.
      (parent) => (parent.localName === 'a' ? true : undefined),
    );
  }

  /** True when what is written right after `text` starts with `[` (a link or a footnote reference). */
  precedesBracket(text: Text): boolean {
    return this.resolve(
      text,
      this.bracketNext,
      (node) => node.nextSibling,
      startsWithBracket,
      false,
      // The end of a link's text is followed by `]`.
      (parent) => (parent.localName === 'a' ? false : undefined),
    );
  }

  /**
   * Walks from `start` to the nearest sibling (`step`) that renders something and answers by it,
   * climbing out of inline parents that have no such sibling; every node passed gets the answer.
   * `atBlockEdge`: the answer at the edge of a block (or of the root); `atInlineEdge`: the answer at
   * the edge of an inline parent, or undefined to climb on.
   */
  private resolve(
    start: Node,
    memo: Map<Node, boolean>,
    step: (node: Node) => Node | null,
    answerBy: (sibling: Node) => boolean,
    atBlockEdge: boolean,
    atInlineEdge: (parent: Element) => boolean | undefined,
  ): boolean {
    const passed: Node[] = [];
    let node = start;
    let answer: boolean | undefined;
    while (answer === undefined) {
      const known = memo.get(node);
      if (known !== undefined) {
        answer = known;
        break;
      }
      passed.push(node);
      const sibling = step(node);
      if (sibling !== null) {
        if (this.rendersNothing(sibling)) node = sibling;
        else answer = answerBy(sibling);
        continue;
      }
      const parent = node.parentNode;
      if (parent === null || parent === this.root || parent.nodeType !== ELEMENT_NODE || isBlock(parent as Element)) {
        answer = atBlockEdge;
        continue;
      }
      answer = atInlineEdge(parent as Element);
      node = parent;
    }
    for (const node of passed) memo.set(node, answer);
    return answer;
  }

  /** rendersNothing, remembered per node: a node is asked once from each side. */
  private rendersNothing(node: Node): boolean {
    let silent = this.silent.get(node);
    if (silent === undefined) {
      silent = rendersNothing(node);
      this.silent.set(node, silent);
    }
    return silent;
  }
}

/** Inline elements written as their content alone: what they start with is what their content starts with. */
const TRANSPARENT = new Set(['span', 'font', 'u', 'small', 'big', 'abbr', 'cite', 'dfn', 'time', 'data', 'bdi', 'bdo', 'ins', 'label', 'var']);

/** Whether the Markdown written for `node` (a node that renders something) starts with `[`. */
export function startsWithBracket(node: Node): boolean {
  let current: Node | null = node;
  while (current !== null && current.nodeType === ELEMENT_NODE) {
    const el = current as Element;
    if (el.localName === 'a') return el.hasAttribute('href') || el.hasAttribute('data-footnote-ref');
    if (el.localName === 'sup' && isFootnoteSup(el)) return true;
    if (!TRANSPARENT.has(el.localName)) return false;
    current = el.childNodes.find((child) => !rendersNothing(child)) ?? null;
  }
  return false;
}

/** A block element or `br`: what a line starts after and ends before. */
export function breaksLine(node: Node): boolean {
  return node.nodeType === ELEMENT_NODE && (isBlock(node as Element) || (node as Element).localName === 'br');
}

/** True when the node renders nothing: comments, blank text, and inline elements with neither text nor images. */
export function rendersNothing(node: Node): boolean {
  if (node.nodeType === COMMENT_NODE) return true;
  if (node.nodeType === TEXT_NODE) return (node as Text).data.trim() === '';
  if (node.nodeType !== ELEMENT_NODE) return true;
  const el = node as Element;
  if (isBlock(el) || el.localName === 'br' || VOID_WITH_OUTPUT.has(el.localName)) return false;
  return !hasContent(el, VOID_WITH_OUTPUT);
}
