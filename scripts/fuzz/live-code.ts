// What in a piece of HTML would run code once a browser parses it: the check behind the inertness
// tests and the fuzz run. Parsed with stock parse5 (as a browser parses a document), every element
// looked at, template contents included.
import { type DefaultTreeAdapterMap, parse, parseFragment } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const RUNS_OR_EMBEDS = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'fencedframe', 'base', 'handler', 'listener']);
const ANIMATIONS = new Set(['animate', 'set', 'animatemotion', 'animatetransform']);
const SCRIPT_URL = /^(?:javascript|vbscript|livescript):/;
const SCRIPT_URL_ANYWHERE = /(?:javascript|vbscript|livescript):/;
const LISTS = new Set(['srcset', 'imagesrcset', 'ping', 'archive', 'values', 'from', 'to', 'by']);
const TEXT_ATTRIBUTES = new Set(['alt', 'title', 'aria-label', 'placeholder', 'label', 'content', 'value', 'summary', 'abbr', 'class', 'id', 'name', 'lang', 'dir']);

/** The scheme-relevant form of a URL, as a browser reads it. */
function normalised(url: string): string {
  // eslint-disable-next-line no-control-regex -- browsers strip C0 controls and spaces at the ends
  return url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').toLowerCase();
}

function problemsOf(el: Element): string[] {
  const problems: string[] = [];
  const name = el.tagName.toLowerCase();
  if (RUNS_OR_EMBEDS.has(name)) problems.push(`<${name}> element`);
  for (const attr of el.attrs) {
    const attrName = attr.name.toLowerCase();
    const where = `<${name} ${attr.prefix ? `${attr.prefix}:` : ''}${attr.name}="${attr.value.slice(0, 60)}">`;
    if (attrName.startsWith('on')) problems.push(`event handler ${where}`);
    else if (attrName === 'srcdoc') problems.push(`srcdoc ${where}`);
    else if (LISTS.has(attrName) ? SCRIPT_URL_ANYWHERE.test(normalised(attr.value)) : !TEXT_ATTRIBUTES.has(attrName) && SCRIPT_URL.test(normalised(attr.value))) {
      problems.push(`script URL ${where}`);
    }
  }
  if (name === 'meta' && el.attrs.some((a) => a.name === 'http-equiv' && a.value.trim().toLowerCase() === 'refresh')) problems.push('<meta http-equiv=refresh>');
  if (ANIMATIONS.has(name)) {
    const target = el.attrs.find((a) => a.name.toLowerCase() === 'attributename')?.value.trim().toLowerCase() ?? '';
    if (/(?:^|:)(?:href|src|action|formaction)$|^on/.test(target)) problems.push(`<${name} attributeName="${target}">`);
  }
  return problems;
}

/** Everything in `html` that would run code (event handlers, script URLs, scripts, frames); empty when inert. */
export function liveCodeIn(html: string, as: 'document' | 'fragment' = 'document'): string[] {
  const root: Node = as === 'document' ? parse(html) : parseFragment(html);
  const problems: string[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node) {
      problems.push(...problemsOf(node as Element));
      const content = (node as DefaultTreeAdapterMap['template']).content;
      if (content) stack.push(content);
    }
    if ('childNodes' in node) for (const child of node.childNodes) stack.push(child);
  }
  return problems;
}
