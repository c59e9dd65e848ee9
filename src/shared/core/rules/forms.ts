// Forms are interface, not content: a comment form, a search box, a newsletter sign-up. But some
// sites wrap the whole page in one <form>, so a form is removed only when it holds none of the
// page's content (its main region, its title, the first paragraph of its running text).
import { findDescendant, hasToken, valueHasToken } from '../dom/query';
import { HEADING_TAGS } from '../html/blocks';
import { ELEMENT_NODE, type Element, textOf } from '../dom/nodes';
import { isDataTable } from './page-facts';
import { tableRows } from '../html/tables';
import type { CleaningRule } from './types';

const FIELDS = new Set(['input', 'textarea', 'select', 'button']);

export const formControls: CleaningRule = {
  id: 'form-control',
  category: 'chrome',
  tags: ['select', 'textarea'],
  describe: 'drop-down lists and text areas: their options and default text are interface, not content',
  matches: (el) => `<${el.localName}> is a form control`,
};

/** A table that lays out a form (a label beside a field in at least half its rows) holds no data. */
function laysOutFields(table: Element): boolean {
  const rows = tableRows(table);
  let withField = 0;
  for (const row of rows) if (findDescendant(row, (d) => FIELDS.has(d.localName)) !== null) withField++;
  return withField >= 2 && withField * 2 >= rows.length;
}

export const interfaceForm: CleaningRule = {
  id: 'form',
  category: 'chrome',
  tags: ['form'],
  describe: 'forms (comments, search, sign-up) that hold none of the page content',
  matches(el, context) {
    if (findDescendant(el, (d) => FIELDS.has(d.localName), context.skip) === null) return null;
    const { facts } = context;
    if (facts.holds(el, 'mainRegion') || facts.holds(el, 'firstText') || facts.holds(el, 'title')) return null;
    if (findDescendant(el, (d) => d.localName === 'table' && isDataTable(d) && !laysOutFields(d), context.skip) !== null) return null;
    if (findDescendant(el, (d: Element) => d.localName === 'main' || d.localName === 'article', context.skip) !== null) return null;
    return 'a form (comments, search or sign-up), not content';
  },
};

export const codeBlockButton: CleaningRule = {
  id: 'code-button',
  category: 'chrome',
  tags: ['button'],
  describe: 'buttons inside a code block (copy, run): their label would be read as the last line of code',
  matches(el) {
    for (let node = el.parentNode; node !== null && node.nodeType === ELEMENT_NODE; node = node.parentNode) {
      if ((node as Element).localName === 'pre') return 'a button inside a code block (its label is not code)';
    }
    return null;
  },
};

/**
 * A disclosure's button names what it opens (an accordion's question, a tab's title): its label
 * is a heading of the content, not a control.
 */
function isDisclosure(el: Element): boolean {
  return el.hasAttribute('aria-expanded') || el.hasAttribute('aria-controls') || hasToken(el, 'role', 'tab');
}

const HOLDS_CONTENT = new Set(['img', 'picture', 'video', 'figure', 'p', 'ul', 'ol', 'table', 'blockquote', 'pre']);
/** Icon size: an image declared this small or smaller both ways draws a control's label (rustdoc's clipboard). */
const ICON_PX = 48;

function isIconImage(el: Element): boolean {
  if (el.localName !== 'img') return false;
  const width = Number.parseInt(el.getAttribute('width') ?? '', 10);
  const height = Number.parseInt(el.getAttribute('height') ?? '', 10);
  return width > 0 && height > 0 && width <= ICON_PX && height <= ICON_PX;
}

export const interfaceButton: CleaningRule = {
  id: 'button',
  category: 'chrome',
  describe: 'buttons (and role=button without a link): their labels work the page ("Close", "Menu", "Share"), they say nothing of it; a disclosure\'s button (aria-expanded, aria-controls) names its panel and stays',
  matches(el) {
    if (el.localName !== 'button' && (el.attrs.length === 0 || !valueHasToken(el.getAttribute('role'), 'button') || el.hasAttribute('href'))) return null;
    // A picture or a block made clickable (a gallery's figure with role=button) is content all the same.
    if (isDisclosure(el) || findDescendant(el, (d) => HEADING_TAGS.has(d.localName) || (HOLDS_CONTENT.has(d.localName) && !isIconImage(d))) !== null) return null;
    // An accordion without ARIA ("How do I return an item?" over its answer): a question is content.
    if (textOf(el).trim().endsWith('?')) return null;
    return 'a button: a control of the page, not its content';
  },
};
