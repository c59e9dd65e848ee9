// parse5 builds our DOM through this adapter (see parse5's tree-adapters/default.ts, which it mirrors).
// It also counts what the parser creates, so a pathological page hits the budget, not the clock.
import { type DefaultTreeAdapterMap, html, type Token, type TreeAdapter, type TreeAdapterTypeMap } from 'parse5';
import type { Budget } from '../budget';
import {
  Comment,
  Document,
  DocumentFragment,
  DocumentType,
  Element,
  isText,
  Text,
  type ChildNode,
  type Node,
  type ParentNode,
  COMMENT_NODE,
  DOCUMENT_TYPE_NODE,
  ELEMENT_NODE,
  TEXT_NODE,
} from './nodes';

export type LightTreeMap = TreeAdapterTypeMap<
  Node,
  ParentNode,
  ChildNode,
  Document,
  DocumentFragment,
  Element,
  Comment,
  Text,
  Element,
  DocumentType
>;

type DocumentMode = DefaultTreeAdapterMap['document']['mode'];

// parse5 spells out every tag and attribute name character by character, so each element carries
// its own copy of "div" or "class". Swapped for the canonical strings (literals, which V8 keeps once
// in its string table), the names the rules compare against literals compare by pointer.
const CANONICAL_TAGS = canonicalNames(Object.values(html.TAG_NAMES));
const CANONICAL_ATTRIBUTES = canonicalNames([
  'id', 'class', 'style', 'href', 'src', 'srcset', 'alt', 'title', 'role', 'rel', 'type', 'name', 'value',
  'content', 'property', 'itemprop', 'itemscope', 'itemtype', 'lang', 'dir', 'hidden', 'aria-hidden',
  'aria-label', 'http-equiv', 'charset', 'width', 'height', 'colspan', 'rowspan', 'align', 'start',
  'checked', 'target', 'loading', 'datetime', 'data-src', 'data-srcset', 'tabindex', 'action', 'method',
]);

function canonicalNames(names: readonly string[]): ReadonlyMap<string, string> {
  return new Map(names.map((name) => [name, name]));
}

function canonicalAttributes(attrs: Token.Attribute[]): Token.Attribute[] {
  for (let i = 0; i < attrs.length; i++) {
    const name = CANONICAL_ATTRIBUTES.get(attrs[i].name);
    if (name !== undefined) attrs[i].name = name;
  }
  return attrs;
}

export function createTreeAdapter(budget: Budget | null): TreeAdapter<LightTreeMap> {
  const count = budget === null ? () => {} : (attributes = 0) => budget.countNode(attributes);
  const tick = budget === null ? () => {} : () => budget.tick();
  // parse5 hands text over in runs (words and the spaces between them), and appending them builds a
  // chain of string pieces. Flattening a text node once the parser has moved on frees the pieces
  // while they are young, instead of carrying them (and promoting them) for the whole conversion.
  let growing: Text | null = null;
  const appendText = (node: Text, text: string) => {
    if (growing !== node) {
      if (growing !== null) flatten(growing.data);
      growing = node;
    }
    node.appendWhileParsing(text);
  };
  const newText = (text: string) => {
    if (growing !== null) flatten(growing.data);
    growing = null;
    return new Text(text);
  };
  return {
    createDocument: () => new Document(),
    createDocumentFragment: () => new DocumentFragment(),
    createElement(tagName, namespaceURI, attrs) {
      // Attributes count too: the parser copies a formatting element's whole list each time it reopens it.
      count(attrs.length);
      return new Element(CANONICAL_TAGS.get(tagName) ?? tagName, namespaceURI, canonicalAttributes(attrs as Token.Attribute[]));
    },
    createCommentNode(data) {
      count();
      return new Comment(data);
    },
    createTextNode(value) {
      count();
      return newText(value);
    },
    appendChild(parent, child) {
      tick();
      parent.appendChild(child);
    },
    insertBefore(parent, child, reference) {
      tick();
      parent.insertBefore(child, reference);
    },
    setTemplateContent(template, content) {
      template.content = content;
    },
    getTemplateContent: (template) => template.content!,
    setDocumentType(document, name, publicId, systemId) {
      const existing = document.childNodes.find((n) => n.nodeType === DOCUMENT_TYPE_NODE) as DocumentType | undefined;
      if (existing) {
        existing.name = name;
        existing.publicId = publicId;
        existing.systemId = systemId;
      } else {
        document.appendChild(new DocumentType(name, publicId, systemId));
      }
    },
    setDocumentMode(document, mode) {
      document.mode = mode as Document['mode'];
    },
    getDocumentMode: (document) => document.mode as DocumentMode,
    detachNode(node) {
      tick();
      if (node.parentNode !== null) node.parentNode.removeChild(node);
    },
    insertText(parent, text) {
      const last = parent.lastChild;
      if (isText(last)) {
        appendText(last, text);
        return;
      }
      count();
      parent.appendChild(newText(text));
    },
    insertTextBefore(parent, text, reference) {
      const previous = reference.previousSibling;
      if (isText(previous)) {
        appendText(previous, text);
        return;
      }
      count();
      parent.insertBefore(newText(text), reference);
    },
    adoptAttributes(recipient, attrs) {
      const names = new Set(recipient.attrs.map((attr) => attr.name));
      for (const attr of attrs) {
        if (names.has(attr.name)) continue;
        count();
        recipient.attrs.push(attr);
      }
    },
    getFirstChild: (node) => node.firstChild,
    getChildNodes: (node) => node.childNodes,
    getParentNode: (node) => node.parentNode,
    getAttrList: (element) => element.attrs as Token.Attribute[],
    getTagName: (element) => element.localName,
    getNamespaceURI: (element) => element.namespaceURI as Element['namespaceURI'] as never,
    getTextNodeContent: (node) => node.data,
    getCommentNodeContent: (node) => node.data,
    getDocumentTypeNodeName: (node) => node.name,
    getDocumentTypeNodePublicId: (node) => node.publicId,
    getDocumentTypeNodeSystemId: (node) => node.systemId,
    isTextNode: (node): node is Text => node.nodeType === TEXT_NODE,
    isCommentNode: (node): node is Comment => node.nodeType === COMMENT_NODE,
    isDocumentTypeNode: (node): node is DocumentType => node.nodeType === DOCUMENT_TYPE_NODE,
    isElementNode: (node): node is Element => node.nodeType === ELEMENT_NODE,
    setNodeSourceCodeLocation(node, location) {
      node.sourceCodeLocation = location === null ? null : { startOffset: location.startOffset, endOffset: location.endOffset };
    },
    getNodeSourceCodeLocation: (node) => (node.sourceCodeLocation ?? null) as Token.ElementLocation | null,
    updateNodeSourceCodeLocation(node, location) {
      if (node.sourceCodeLocation && location.endOffset !== undefined) {
        node.sourceCodeLocation.endOffset = location.endOffset;
      }
    },
  };
}


let sink = 0;
/** Reading a character makes V8 flatten a string built by concatenation (the sum keeps the read). */
function flatten(text: string): void {
  sink = (sink + text.charCodeAt(0)) | 0;
}
