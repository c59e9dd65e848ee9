// Elements that are never readable content: code, styling, embedded documents and head-only tags.
import type { Element } from '../dom/nodes';
import type { CleaningRule } from './types';

const NOT_CONTENT = new Map<string, string>(Object.entries({
  script: 'is a script',
  style: 'is a style sheet',
  noscript: 'is fallback markup for browsers without JavaScript',
  iframe: 'is an embedded frame (another document)',
  frame: 'is an embedded frame (another document)',
  frameset: 'is a frame set (other documents)',
  template: 'is an inert template, never shown as it stands',
  object: 'is an embedded object',
  embed: 'is an embedded plugin',
}));

export const unwantedElements: CleaningRule = {
  id: 'unwanted-element',
  category: 'unwanted',
  describe: '<script>, <style>, <noscript>, <iframe>, <template>, <object> and <embed> hold no readable content',
  tags: [...NOT_CONTENT.keys()],
  matches(el) {
    const why = NOT_CONTENT.get(el.localName);
    return why === undefined ? null : `<${el.localName}> ${why}`;
  },
};

function isInBody(el: Element): boolean {
  for (let node = el.parentElement; node !== null; node = node.parentElement) {
    if (node.localName === 'body') return true;
    if (node.localName === 'head') return false;
  }
  return false;
}

export const metaRefresh: CleaningRule = {
  id: 'meta-refresh',
  category: 'unwanted',
  describe: '<meta http-equiv="refresh"> would send a saved copy of the cleaned page elsewhere',
  tags: ['meta'],
  matches: (el) =>
    (el.getAttribute('http-equiv') ?? '').trim().toLowerCase() === 'refresh' ? '<meta http-equiv="refresh"> redirects the page' : null,
};

export const headTagsInBody: CleaningRule = {
  id: 'head-tag-in-body',
  category: 'unwanted',
  describe: '<link> and <meta> in the body are document metadata, not content',
  tags: ['link', 'meta'],
  matches(el) {
    if ((el.localName === 'link' || el.localName === 'meta') && isInBody(el)) {
      return `<${el.localName}> in the body is metadata, not content`;
    }
    return null;
  },
};
