// What in a cleaned page could run code when the exported HTML is opened in a browser, and so is
// never written out, whatever the rules and the user kept: elements that run or embed something,
// event-handler attributes, and URLs with a scheme that runs code, in every attribute that can
// hold one (SVG animation values and `formaction` included).
import type { Attr, Element } from '../dom/nodes';
import { cleanUrlText } from '../urls';

/** Elements never written out: they run script, embed other documents, or retarget the page. */
const ACTIVE_ELEMENTS: ReadonlySet<string> = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'fencedframe',
  // A template's content is parsed apart, and a declarative shadow root makes it live.
  'template',
  // Every URL is absolute once cleaned: a <base> could only redirect them.
  'base',
  // Fallbacks browsers never show, parsed as raw text (their content is never escaped).
  'noembed', 'noframes',
  // SVG Tiny's event elements.
  'handler', 'listener',
]);

/** SVG elements that animate another attribute: `<set attributeName=href to=javascript:…>`. */
const ANIMATIONS: ReadonlySet<string> = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'discard']);

/** Attributes that hold one URL. */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href', 'src', 'action', 'formaction', 'data', 'codebase', 'cite', 'background', 'poster', 'longdesc',
  'lowsrc', 'dynsrc', 'usemap', 'manifest', 'icon', 'profile', 'classid', 'xml:base', 'itemtype',
]);

/** Attributes that hold several URLs or values, any of which may be one. */
const LIST_ATTRIBUTES: ReadonlySet<string> = new Set(['srcset', 'imagesrcset', 'ping', 'archive', 'values', 'from', 'to', 'by']);

/** Never kept: the document of an iframe, by value. */
const ALWAYS_DROPPED: ReadonlySet<string> = new Set(['srcdoc']);

/** Elements whose source may be any `data:` URL: it is shown or played as media, never run. */
const IMAGE_ELEMENTS: ReadonlySet<string> = new Set(['img', 'source', 'picture', 'image', 'video', 'audio', 'track', 'input']);
const MEDIA_SOURCE_ATTRIBUTES: ReadonlySet<string> = new Set(['src', 'poster', 'href']);

const SCRIPT_SCHEMES = /^(?:javascript|vbscript|livescript|mocha):/;
const SCRIPT_SCHEME_ANYWHERE = /(?:javascript|vbscript|livescript|mocha):/;
const DATA_SCHEME = /^data:/;
// A raster image as data: never runs anything, wherever it is linked from.
const DATA_RASTER_IMAGE = /^data:image\/(?!svg)/;
// Old IE and Firefox ran script from CSS: expression(), behavior:, -moz-binding.
const UNSAFE_STYLE = /expression\s*\(|javascript:|vbscript:|-moz-binding|(?:^|[^-\w])behavior\s*:/;

export function isActiveElement(el: Element): boolean {
  const name = el.localName.toLowerCase();
  if (ACTIVE_ELEMENTS.has(name)) return true;
  if (name === 'meta') return (el.getAttribute('http-equiv') ?? '').trim().toLowerCase() === 'refresh';
  if (ANIMATIONS.has(name)) return animatesUnsafeAttribute(el);
  return false;
}

/** An animation of a link, a source, or an event handler: its values would be set as that attribute. */
function animatesUnsafeAttribute(el: Element): boolean {
  const target = (el.getAttribute('attributeName') ?? el.getAttribute('attributename') ?? '').trim().toLowerCase();
  const local = target.slice(target.lastIndexOf(':') + 1);
  return local.startsWith('on') || URL_ATTRIBUTES.has(local);
}

/** What a browser reads as the scheme: without tabs and line breaks anywhere, C0 and spaces at the ends, case. */
function normalisedUrl(value: string): string {
  return cleanUrlText(value).toLowerCase();
}

/** Whether this attribute of this element could run code (or load a document) when the page is opened. */
export function isUnsafeAttribute(el: Element, attr: Attr): boolean {
  const name = attr.name.toLowerCase();
  if (name.startsWith('on') || ALWAYS_DROPPED.has(name)) return true;
  if (name === 'style') return UNSAFE_STYLE.test(attr.value.replace(/[\t\n\r]/g, '').toLowerCase());
  if (LIST_ATTRIBUTES.has(name)) {
    const value = attr.value.replace(/[\t\n\r]/g, '').toLowerCase();
    if (SCRIPT_SCHEME_ANYWHERE.test(value)) return true;
    return name !== 'srcset' && name !== 'imagesrcset' && value.includes('data:') && !IMAGE_ELEMENTS.has(el.localName.toLowerCase());
  }
  const url = normalisedUrl(attr.value);
  if (SCRIPT_SCHEMES.test(url)) return true;
  if (!URL_ATTRIBUTES.has(name)) return false;
  // A data: URL renders as an image, but as a link, a frame or a form target it is a document.
  if (!DATA_SCHEME.test(url) || DATA_RASTER_IMAGE.test(url)) return false;
  return !(IMAGE_ELEMENTS.has(el.localName.toLowerCase()) && MEDIA_SOURCE_ATTRIBUTES.has(name));
}
