// The turndown service: turndown's engine (whitespace collapsing, the walk, joining blocks) with
// our rules in a tag-keyed table, found by a single dispatching rule, plus turndown-plugin-gfm's
// task-list rule. A service holds per-conversion state (cell contents, list numbers): one per conversion.
import TurndownService from 'turndown';
import { taskListItems } from 'turndown-plugin-gfm';
import type { Budget } from '../budget';
import type { Element } from '../dom/nodes';
import { codeBlock, codeRules, codeSpan } from './code';
import { blockquote, commonMarkRules } from './commonmark';
import { headingRules } from './headings';
import { inlineRules } from './inline';
import { footnoteRules } from './footnotes';
import { listRules } from './lists';
import { mathRules } from './math';
import { structureRules } from './structures';
import { phrasingRules } from './phrasing';
import { indexByTag, type MarkdownRule, ruleFor, type RulesByTag } from './rule';
import { tableRules } from './tables';
import { breakWhitespaceRuns } from './whitespace-runs';

/** turndown-plugin-gfm's task-list rule (`[x] ` for a checkbox in a list item), as one of ours. */
function taskListRule(): MarkdownRule {
  let rule: TurndownService.Rule | undefined;
  taskListItems({ addRule: (_key: string, added: TurndownService.Rule) => (rule = added) } as unknown as TurndownService);
  const filter = rule!.filter as unknown as (node: Element) => boolean;
  const replacement = rule!.replacement as unknown as MarkdownRule['replacement'];
  return {
    tags: ['input'],
    when: filter,
    // The plugin adds a space after the box; the label's own leading space would double it.
    replacement: (content, el, options) => {
      const box = replacement(content, el, options);
      const next = el.nextSibling;
      return next !== null && next.nodeType === 3 && /^\s/.test((next as unknown as { data: string }).data) ? box.trimEnd() : box;
    },
  };
}

/** What a blank element becomes: nothing, except what means something empty (or all spaces). */
function blankReplacement(content: string, el: Element, index: RulesByTag, options: TurndownService.Options, whole: Element | null): string {
  if (el === whole) return breakWhitespaceRuns(content);
  if (el.localName === 'pre') return codeBlock(el);
  // An empty item may hold its place in its list (lists.ts decides).
  if (el.localName === 'li') return ruleFor(index, el)!.replacement(content, el, options);
  if (el.localName === 'blockquote') return blockquote(content, el);
  if (el.localName === 'code' && el.textContent !== '' && el.parentElement?.localName !== 'pre') return codeSpan(el.textContent.replace(/\r?\n|\r/g, ' '));
  // Otherwise only what blank children made of themselves (an empty fence, a span of spaces).
  return el.isBlock ? `\n\n${content}\n\n` : content;
}

/**
 * `whole` is the one element the root holds: its Markdown is the whole document's, handed on with
 * its long runs of white space broken (see whitespace-runs.ts).
 */
export function createTurndownService(budget: Budget | null, whole: Element | null = null): TurndownService {
  const index = indexByTag([
    // First: they take precedence over the ordinary rules for <a>, <sup>, <ol> and <li>.
    ...Object.values(footnoteRules()),
    ...Object.values(commonMarkRules()),
    ...Object.values(headingRules()),
    ...Object.values(codeRules()),
    ...Object.values(listRules()),
    ...Object.values(inlineRules()),
    ...Object.values(phrasingRules()),
    ...Object.values(structureRules()),
    ...Object.values(mathRules()),
    ...Object.values(tableRules()),
    taskListRule(),
  ]);
  const dispatch = {
    filter: (node: Element) => {
      budget?.tick();
      return node === whole || ruleFor(index, node) !== undefined;
    },
    replacement: (content: string, node: Element, options: TurndownService.Options) => {
      // Rules join their children's Markdown: a parent's is as long as its subtree's, so the
      // budget counts the characters too (40,000 <br> in one paragraph made each join longer).
      budget?.tick();
      if (node === whole) return breakWhitespaceRuns(content);
      return ruleFor(index, node)!.replacement(content, node, options);
    },
  };
  const service = new TurndownService({
    rules: { dispatch: dispatch as unknown as TurndownService.Rule },
    headingStyle: 'atx',
    // Not `---`: right under a line of text that would make a setext heading, and `- ---` is a rule, not an item.
    hr: '***',
    // Whitespace in inline code is content: keep it, and leave it inside the span.
    preformattedCode: true,
    blankReplacement: (content: string, node: TurndownService.Node) => blankReplacement(content, node as unknown as Element, index, service.options, whole),
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    fence: '```',
    emDelimiter: '*',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  } as TurndownService.Options);
  // Text is escaped on the DOM beforehand (text-pass.ts), where its neighbours are known.
  service.escape = (text: string) => text;
  return service;
}
