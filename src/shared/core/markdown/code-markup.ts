// Inline code holding markup: `<code>varchar(<em>n</em>)</code>` (PostgreSQL's docs) or an API
// name linked inside <code>. A code span cannot hold emphasis or links, and wrapping converted
// children in backticks showed their syntax literally (``varchar(*`n`*)``). Instead the code is cut
// where its markup starts and ends, each piece a code span, the markup around the pieces:
// `varchar(`*`n`*`)`, [`Array.map`](url).
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import { codeSpan } from './code';
import { type InertTag, inertInline } from './inert-html';
import { linkDestination, titlePart } from './inline';

interface Mark {
  open: string;
  close: string;
}

const DELIMITERS: Record<string, string> = { em: '*', i: '*', var: '*', cite: '*', dfn: '*', strong: '**', b: '**', del: '~~', s: '~~', strike: '~~' };
const INERT: ReadonlySet<string> = new Set<InertTag>(['sup', 'sub', 'mark']);

function markOf(el: Element): Mark | null {
  const delimiter = DELIMITERS[el.localName];
  if (delimiter !== undefined) return { open: delimiter, close: delimiter };
  if (el.localName === 'a' && el.hasAttribute('href')) return { open: '[', close: `](${linkDestination(el.getAttribute('href')!)}${titlePart(el)})` };
  if (INERT.has(el.localName)) {
    const [open, close] = inertInline(el.localName as InertTag, '\u0000').split('\u0000');
    return { open, close };
  }
  return null;
}

/** Whether `code` holds markup that must stand outside its code spans. */
export function holdsMarkup(code: Element): boolean {
  const stack: Node[] = [...code.childNodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    if (markOf(node as Element) !== null) return true;
    stack.push(...(node as Element).childNodes);
  }
  return false;
}

interface Run {
  text: string;
  /** The marked elements around the text, outermost first. */
  marks: Element[];
}

/** The code's text in runs, each with the marked elements around it (iterative, in document order). */
function runsOf(code: Element): Run[] {
  const runs: Run[] = [];
  const addText = (text: string, marks: Element[]) => {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.marks.length === marks.length && last.marks.every((m, i) => m === marks[i])) last.text += text;
    else runs.push({ text, marks });
  };
  const stack: Array<{ node: Node; marks: Element[] }> = [];
  for (let i = code.childNodes.length - 1; i >= 0; i--) stack.push({ node: code.childNodes[i], marks: [] });
  while (stack.length > 0) {
    const { node, marks } = stack.pop()!;
    if (node.nodeType === TEXT_NODE) addText((node as Text).data, marks);
    else if (node.nodeType === ELEMENT_NODE) {
      const el = node as Element;
      // A line break inside inline code is a space.
      if (el.localName === 'br') addText(' ', marks);
      const inner = markOf(el) !== null ? [...marks, el] : marks;
      for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push({ node: el.childNodes[i], marks: inner });
    }
  }
  return runs.filter((run) => run.text !== '');
}

/** The code as code spans with its markup around them; '' when it holds no text. */
export function codeWithMarkup(code: Element): string {
  let out = '';
  let open: Element[] = [];
  const marks = new Map<Element, Mark>();
  const mark = (el: Element) => {
    let found = marks.get(el);
    if (found === undefined) {
      found = markOf(el)!;
      marks.set(el, found);
    }
    return found;
  };
  for (const run of runsOf(code)) {
    let shared = 0;
    while (shared < open.length && shared < run.marks.length && open[shared] === run.marks[shared]) shared++;
    for (let i = open.length - 1; i >= shared; i--) out += mark(open[i]).close;
    for (let i = shared; i < run.marks.length; i++) out += mark(run.marks[i]).open;
    open = run.marks;
    out += codeSpan(run.text.replace(/\r?\n|\r/g, ' '));
  }
  for (let i = open.length - 1; i >= 0; i--) out += mark(open[i]).close;
  return out;
}
