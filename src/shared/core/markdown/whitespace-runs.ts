// Long runs of white space, broken up while turndown works and restored afterwards. Turndown ends
// with `replace(/[\t\r\n\s]+$/, '')` on the whole Markdown, which tries every start in a run and
// scans the rest of the run from each: 900,000 spaces in a code span, or 40,000 <br> in a row,
// took minutes in that one call, where no budget can interrupt it. Its flanking-white-space
// pattern does the same on a run of spaces that ends in another kind of space. With a mark every
// few characters, no run is long, and each of those patterns stays linear.
//
// The mark is a lone low surrogate: the text turndown sees is well-formed (the parser's input is),
// so a low surrogate without a high one before it can only be a mark, and a pair is never split.
import { ELEMENT_NODE, type Element, type Node, type ParentNode, TEXT_NODE, type Text } from '../dom/nodes';
import { isJsWhitespace } from '../text';

export const RUN_MARK = '\uDFFF';
const LONGEST_RUN = 16;
const MARKS = /(?<![\uD800-\uDBFF])\uDFFF/g;

/** `text` with a mark after every LONGEST_RUN characters of each run of white space; unchanged when no run is longer. */
export function breakWhitespaceRuns(text: string): string {
  let out = '';
  let copied = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isJsWhitespace(text.charCodeAt(i))) {
      run = 0;
      continue;
    }
    // A mark goes only between two white-space characters: never at a run's edge.
    if (++run > LONGEST_RUN) {
      out += text.slice(copied, i) + RUN_MARK;
      copied = i;
      run = 1;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Removes the marks breakWhitespaceRuns put in. */
export function restoreWhitespaceRuns(text: string): string {
  return text.includes(RUN_MARK) ? text.replace(MARKS, '') : text;
}

const CODE = new Set(['pre', 'code']);

/**
 * Breaks the long runs in the text of code: the only text whose white space turndown keeps as it
 * is (elsewhere it collapses runs of spaces, tabs and line breaks to one space).
 */
export function breakWhitespaceRunsInCode(root: ParentNode): void {
  const stack: Array<{ node: Node; inCode: boolean }> = [{ node: root, inCode: false }];
  while (stack.length > 0) {
    const { node, inCode } = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      if (inCode) {
        const text = node as Text;
        const broken = breakWhitespaceRuns(text.data);
        if (broken !== text.data) text.data = broken;
      }
      continue;
    }
    if (node !== root && node.nodeType !== ELEMENT_NODE) continue;
    const childInCode = inCode || (node.nodeType === ELEMENT_NODE && CODE.has((node as Element).localName));
    const kids = (node as ParentNode).childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], inCode: childInCode });
  }
}
