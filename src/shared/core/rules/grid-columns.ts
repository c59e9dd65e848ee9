// Grid columns beside the running text: when a page declares no main region but lays itself out on
// a CSS grid (Bootstrap's row → col-md-9 + col-md-3, Foundation's large-3, Pure's pure-u-1-4), a
// column that holds none of the running text, beside the column that holds all of it, is a sidebar.
// Grid classes are whole tokens of a fixed shape, never substrings.
import { ELEMENT_NODE, type Element } from '../dom/nodes';
import { findDescendant, tokens } from '../dom/query';
import { holdsDataTable } from './page-facts';
import type { CleaningRule, RuleContext } from './types';

const GRID_COLUMN = /^(col|col-(xs|sm|md|lg|xl|xxl)(-(\d{1,2}|auto))?|col-\d{1,2}|(small|medium|large)-\d{1,2}|span\d{1,2}|pure-u(-(sm|md|lg|xl))?-\d+-\d+|uk-width-\d-\d|grid__col|column|columns)$/;

export function isGridColumn(el: Element): boolean {
  return el.attrs.length > 0 && tokens(el, 'class').some((token) => GRID_COLUMN.test(token));
}

// A column named by its side, as hand-made layouts name theirs (id "right", class "rightcol",
// "col-left", "main-content-right"). A side alone is not enough: "pull-right" and "text-right"
// align things inside the text, so the other half must name a column.
const SIDE_COLUMN = /^((right|left)([-_]?(col|column|rail|side|sidebar|bar|panel))?|(col|column|rail|sidebar|side|content|main-content|maincontent)[-_]?(right|left))$/;

const SIDE_TEXT_SHARE = 0.5;

function isSideColumn(el: Element): boolean {
  return el.attrs.length > 0 && (namesSide(el, 'class') || namesSide(el, 'id'));
}

function namesSide(el: Element, attribute: string): boolean {
  // Most values name no side: they are not split.
  const value = el.getAttribute(attribute);
  return value !== null && SIDE_HINT.test(value) && tokens(el, attribute).some((token) => SIDE_COLUMN.test(token));
}

const SIDE_HINT = /right|left/i;

function holdsRunningText(el: Element, context: RuleContext): boolean {
  return context.facts.holds(el, 'firstText') && context.facts.holds(el, 'lastText');
}

export const besideColumn: CleaningRule = {
  id: 'beside-column',
  category: 'chrome',
  pass: 'late',
  describe: 'grid columns (col-md-3, large-3, …) beside the column that holds the running text, on pages that declare no main region',
  matches(el, context) {
    const { facts } = context;
    if (facts.mainRegion !== null || facts.textSpan === null) return null;
    // A grid column beside another grid column; a column named by its side beside any block.
    const grid = isGridColumn(el);
    if (!grid && !isSideColumn(el)) return null;
    if (facts.holds(el, 'firstText') || facts.holds(el, 'title')) return null;
    // A grid column holds none of the running text; a side column may hold a stray paragraph (a
    // sidebar's blurb can count as running text), but not the most of it.
    if (grid ? facts.holds(el, 'lastText') : facts.runningTextShare(el) >= SIDE_TEXT_SHARE) return null;
    const parent = el.parentElement;
    if (parent === null) return null;
    const textColumn = parent.childNodes.find(
      (node) => node.nodeType === ELEMENT_NODE && node !== el && (grid ? isGridColumn(node as Element) && holdsRunningText(node as Element, context) : facts.holds(node as Element, 'firstText')),
    );
    if (textColumn === undefined) return null;
    if (holdsDataTable(el, context.skip) || findDescendant(el, (d) => d.localName === 'pre', context.skip) !== null) return null;
    return 'a column beside the one that holds the running text';
  },
};
