// The html5lib-tests tree-construction format: reading its .dat files, and writing any tree a parse5
// tree adapter can read (stock parse5's, ours) the way its `#document` sections are written, so
// trees compare as text.
import { readFileSync } from 'node:fs';
import type { TreeAdapter, TreeAdapterTypeMap } from 'parse5';

export interface DatTest {
  /** `file.dat#n` (n from 1). */
  id: string;
  data: string;
  document: string;
  /** A fragment test's context element: our parser only parses documents. */
  fragment?: string;
  /** `#script-off`: parsed with scripting disabled. */
  scripting: boolean;
}

const SECTION = /^#(data|errors|new-errors|document-fragment|script-off|script-on|document)$/;

export function readDatFile(path: string, name: string): DatTest[] {
  const text = readFileSync(path, 'utf8');
  const chunks = text.split(/\n(?=#data\n)/);
  return chunks.map((chunk, i) => {
    const sections = new Map<string, string[]>();
    let current: string[] | undefined;
    for (const line of chunk.split('\n')) {
      const header = SECTION.exec(line);
      if (header && (header[1] !== 'data' || !sections.has('data'))) {
        current = [];
        sections.set(header[1], current);
      } else current?.push(line);
    }
    return {
      id: `${name}#${i + 1}`,
      data: (sections.get('data') ?? []).join('\n'),
      document: (sections.get('document') ?? []).join('\n').replace(/\n+$/, ''),
      fragment: sections.get('document-fragment')?.join('\n').trim(),
      scripting: !sections.has('script-off'),
    };
  });
}

const ELEMENT_PREFIX: Record<string, string> = { 'http://www.w3.org/2000/svg': 'svg ', 'http://www.w3.org/1998/Math/MathML': 'math ' };
const ATTRIBUTE_PREFIX: Record<string, string> = {
  'http://www.w3.org/1999/xlink': 'xlink ',
  'http://www.w3.org/XML/1998/namespace': 'xml ',
  'http://www.w3.org/2000/xmlns/': 'xmlns ',
};

/** The tree as html5lib-tests writes a `#document`: one node a line, `| ` and two spaces per level. */
export function datTree<T extends TreeAdapterTypeMap>(document: T['document'], adapter: TreeAdapter<T>): string {
  const lines: string[] = [];
  // Iterative: html5lib-tests nests deeply in places.
  const stack: Array<{ node: T['node']; depth: number }> = adapter.getChildNodes(document).map((node) => ({ node, depth: 0 })).reverse();
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const indent = `| ${'  '.repeat(depth)}`;
    if (adapter.isDocumentTypeNode(node)) {
      const name = adapter.getDocumentTypeNodeName(node);
      const publicId = adapter.getDocumentTypeNodePublicId(node);
      const systemId = adapter.getDocumentTypeNodeSystemId(node);
      lines.push(`${indent}<!DOCTYPE ${name}${publicId || systemId ? ` "${publicId}" "${systemId}"` : ''}>`);
    } else if (adapter.isCommentNode(node)) {
      lines.push(`${indent}<!-- ${adapter.getCommentNodeContent(node)} -->`);
    } else if (adapter.isTextNode(node)) {
      lines.push(`${indent}"${adapter.getTextNodeContent(node)}"`);
    } else if (adapter.isElementNode(node)) {
      const namespace = adapter.getNamespaceURI(node);
      lines.push(`${indent}<${ELEMENT_PREFIX[namespace] ?? ''}${adapter.getTagName(node)}>`);
      const attributes = adapter
        .getAttrList(node)
        .map((attr) => `${(attr.namespace && ATTRIBUTE_PREFIX[attr.namespace]) ?? ''}${attr.name}="${attr.value}"`)
        .sort();
      for (const attribute of attributes) lines.push(`${indent}  ${attribute}`);
      const children: Array<{ node: T['node']; depth: number }> = [];
      if (adapter.getTagName(node) === 'template' && namespace === 'http://www.w3.org/1999/xhtml') {
        lines.push(`${indent}  content`);
        for (const child of adapter.getChildNodes(adapter.getTemplateContent(node))) children.push({ node: child, depth: depth + 2 });
      } else {
        for (const child of adapter.getChildNodes(node)) children.push({ node: child, depth: depth + 1 });
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return lines.join('\n');
}
