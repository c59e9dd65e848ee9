// Parts of a document that look like asides but are its content: footnotes and endnotes, notes,
// admonitions (Sphinx, MkDocs, Pandoc, DocBook, Wikipedia, DPUB-ARIA roles). Named by roles and
// whole class/id tokens only. No chrome rule removes them: a footnote reference must not point at nothing.
import type { Element } from '../dom/nodes';
import { tokenIn, tokens, vocabulary } from '../dom/query';

const PART_ROLES = new Set(['doc-footnote', 'doc-endnote', 'doc-endnotes', 'note', 'doc-notice', 'doc-tip', 'doc-example', 'doc-pullquote']);

const PART_TOKENS = vocabulary([
  'footnote', 'footnotes', 'footnote-list', 'endnote', 'endnotes', 'references', 'reflist', 'mw-references-wrap',
  'admonition', 'admonitionblock', 'note', 'notes', 'warning', 'caution', 'tip', 'hint', 'important', 'attention', 'danger',
  'seealso', 'versionadded', 'versionchanged', 'deprecated',
]);

export function isDocumentPart(el: Element): boolean {
  if (el.attrs.length === 0) return false;
  for (const role of tokens(el, 'role')) if (PART_ROLES.has(role)) return true;
  return tokenIn(el, PART_TOKENS) !== undefined;
}

/** `el` or one of its ancestors is a document part. */
export function withinDocumentPart(el: Element): boolean {
  for (let node: Element | null = el; node !== null; node = node.parentElement) if (isDocumentPart(node)) return true;
  return false;
}
