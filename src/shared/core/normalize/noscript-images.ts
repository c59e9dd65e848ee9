// A lazy-loading page often puts the real image in a <noscript> fallback next to a placeholder
// (`<img data-src="…"><noscript><img src="…"></noscript>`). Cleaning removes every <noscript>
// (it is fallback markup), so before it does, each fallback image is read: its source goes to the
// placeholder beside it when that has none of its own, or, when no image stands beside it, the
// fallback image itself is put in the page in front of the <noscript>.
import { parseFragment } from 'parse5';
import { type ChildNode, type Element, ELEMENT_NODE, textOf } from '../dom/nodes';
import { createTreeAdapter } from '../dom/tree-adapter';
import { imageSource, SRCSET_ATTRIBUTES } from '../images';

/** Fallback markup longer than this is not read (a fallback image is a few hundred characters). */
const MAX_FALLBACK_CHARS = 20_000;

/** The <img>s of a <noscript>'s fallback markup (parsed as text, as browsers with scripts do). */
function fallbackImages(noscript: Element): Element[] {
  const markup = textOf(noscript);
  if (markup.length > MAX_FALLBACK_CHARS || !/<img\b/i.test(markup)) return [];
  const fragment = parseFragment(markup, { treeAdapter: createTreeAdapter(null) });
  const images: Element[] = [];
  const stack: ChildNode[] = [...fragment.childNodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    if (el.localName === 'img') images.unshift(el);
    else stack.push(...el.childNodes);
  }
  return images;
}

/** A placeholder's wrapper is small (`<span class="img"><img></span>`, a <picture>): no deeper search. */
const MAX_WRAPPER_ELEMENTS = 50;

/** The image an element is or holds (`<span class="img"><img class="lazy"></span>`, a <picture>). */
function imageIn(el: Element | null): Element | null {
  if (el === null || el.localName === 'noscript') return null;
  const stack: Element[] = [el];
  for (let seen = 0; stack.length > 0 && seen < MAX_WRAPPER_ELEMENTS; seen++) {
    const node = stack.shift()!;
    if (node.localName === 'img') return node;
    stack.push(...node.children);
  }
  return null;
}

/**
 * The placeholder a fallback stands for: the image just before or after the <noscript> (or inside
 * the element there), else another image in the same parent.
 */
function placeholderFor(noscript: Element): Element | null {
  const beside = imageIn(noscript.previousElementSibling) ?? imageIn(noscript.nextElementSibling);
  if (beside !== null) return beside;
  const parent = noscript.parentElement;
  if (parent === null || parent.childNodes.length > MAX_WRAPPER_ELEMENTS) return null;
  return parent.children.map(imageIn).find((img) => img !== null) ?? null;
}

function hasRealSource(img: Element): boolean {
  const src = imageSource(img);
  return src !== null && !/^\s*data:/i.test(src);
}

/** Moves each <noscript> fallback image's source into the page; returns how many images it gave. */
export function rescueNoscriptImages(noscripts: readonly Element[]): number {
  let rescued = 0;
  for (const noscript of noscripts) {
    const parent = noscript.parentNode;
    if (parent === null) continue;
    const images = fallbackImages(noscript).filter(hasRealSource);
    if (images.length === 0) continue;
    const placeholder = placeholderFor(noscript);
    if (placeholder !== null) {
      if (hasRealSource(placeholder)) continue;
      const fallback = images[0];
      for (const name of ['src', ...SRCSET_ATTRIBUTES]) {
        const value = fallback.getAttribute(name);
        if (value !== null) placeholder.setAttribute(name, value);
      }
      if ((placeholder.getAttribute('alt') ?? '') === '' && fallback.getAttribute('alt')) placeholder.setAttribute('alt', fallback.getAttribute('alt')!);
      rescued++;
      continue;
    }
    for (const image of images) {
      // Only the image's own description travels: no event handlers or styles from the fallback.
      image.attrs = image.attrs.filter((attr) => ['src', 'alt', 'title', 'width', 'height', ...SRCSET_ATTRIBUTES].includes(attr.name));
      image.parentNode = null;
      parent.insertBefore(image, noscript);
      rescued++;
    }
  }
  return rescued;
}
