// Share bars: blocks whose links all go to share endpoints (Facebook's sharer, X/Twitter intents,
// LinkedIn shareArticle, Pinterest pin/create, WhatsApp, mail with only a subject, …), with no
// more text than a label such as "Share this:".
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text } from '../dom/nodes';
import type { Skip } from '../dom/query';
import type { CleaningRule } from './types';

const SHARE_ENDPOINTS: readonly RegExp[] = [
  /^https?:\/\/([a-z0-9-]+\.)*facebook\.com\/(sharer|share\.php|dialog\/(share|feed))/i,
  /^https?:\/\/([a-z0-9-]+\.)*(twitter|x)\.com\/(intent\/|share)/i,
  /^https?:\/\/([a-z0-9-]+\.)*linkedin\.com\/(shareArticle|sharing\/share-offsite|cws\/share)/i,
  /^https?:\/\/([a-z0-9-]+\.)*pinterest\.[a-z.]+\/pin\/create/i,
  /^https?:\/\/(wa\.me\/|api\.whatsapp\.com\/send|web\.whatsapp\.com\/send)/i,
  /^whatsapp:\/\/send/i,
  /^https?:\/\/([a-z0-9-]+\.)*reddit\.com\/submit/i,
  /^https?:\/\/(t\.me|telegram\.me)\/share/i,
  /^https?:\/\/([a-z0-9-]+\.)*tumblr\.com\/(share|widgets\/share)/i,
  /^https?:\/\/([a-z0-9-]+\.)*vk\.com\/share\.php/i,
  /^https?:\/\/getpocket\.com\/(save|edit)/i,
  /^https?:\/\/news\.ycombinator\.com\/submitlink/i,
  /^https?:\/\/([a-z0-9-]+\.)*flipboard\.com\/bookmarklet/i,
  /^https?:\/\/(www\.)?threads\.net\/intent/i,
  /^https?:\/\/bsky\.app\/intent/i,
  /^https?:\/\/([a-z0-9-]+\.)*xing\.com\/spi\/shares/i,
  /^https?:\/\/line\.me\/R\/msg/i,
  /^https?:\/\/plus\.google\.com\/share/i,
  /^mailto:\?/i,
  /^https?:\/\/share\.flipboard\.com\//i,
  // A print button sits in the same bars.
  /#print$/i,
  // WordPress (Jetpack) share buttons point at the post itself with ?share=<network>.
  /[?&]share=(facebook|twitter|x|linkedin|pinterest|reddit|tumblr|pocket|telegram|jetpack-whatsapp|whatsapp|email|print)\b/i,
];

// Every link in every candidate block is tested: the patterns anchored at the start become one
// pattern that the engine tries at the first character only, the few others one pattern of their own.
// (All of them are case-insensitive.)
const group = (patterns: readonly RegExp[], dropAnchor: boolean) =>
  patterns.map((pattern) => `(?:${dropAnchor ? pattern.source.slice(1) : pattern.source})`).join('|');
const anchored = SHARE_ENDPOINTS.filter((pattern) => pattern.source.startsWith('^'));
const STARTS_WITH_ENDPOINT = new RegExp(`^(?:${group(anchored, true)})`, 'i');
const ANYWHERE = new RegExp(group(SHARE_ENDPOINTS.filter((pattern) => !anchored.includes(pattern)), false), 'i');

/**
 * Longer than any share link. The patterns above are tried on page-supplied links, and some take
 * time quadratic in a crafted host name (`pinterest.` a hundred thousand times took minutes, in one
 * call no budget can interrupt): only a bounded start of each link is looked at.
 */
const MAX_LINK_CHARS = 4096;

export function isShareLink(href: string): boolean {
  const url = href.trim().slice(0, MAX_LINK_CHARS);
  return STARTS_WITH_ENDPOINT.test(url) || ANYWHERE.test(url);
}

const LABEL_MAX = 40;

/** Other links a bar may carry, at most: past them it is a list of links, whatever it shares. */
const OTHERS_MAX = 4;

/**
 * A share bar: at least two share links, every link a share link — except that a bar of three or
 * more may carry other links, one for every two share links (a network's home page standing in for
 * its button, an e-mail button behind Cloudflare's address protection).
 */
function shareBarOf(el: Element, skip: Skip): boolean {
  let shares = 0;
  let others = 0;
  let label = 0;
  // Parallel stacks (a node, and whether it stands inside a link): no allocation per node.
  const nodes: Node[] = [el];
  const inLinks: boolean[] = [false];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const inLink = inLinks.pop()!;
    if (node.nodeType === TEXT_NODE) {
      if (!inLink) label += (node as Text).data.trim().length;
      if (label > LABEL_MAX) return false;
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    if (child !== el && skip !== null && skip(child)) continue;
    let isLink = false;
    if (child.localName === 'a' && child.hasAttribute('href')) {
      if (isShareLink(child.getAttribute('href')!)) shares++;
      else if (++others > OTHERS_MAX) return false;
      isLink = true;
    }
    for (let i = child.childNodes.length - 1; i >= 0; i--) {
      nodes.push(child.childNodes[i]);
      inLinks.push(inLink || isLink);
    }
  }
  return others === 0 ? shares >= 2 : shares >= 3 && others * 2 <= shares;
}

function elementChildren(el: Element): number {
  let n = 0;
  for (const child of el.childNodes) if (child.nodeType === ELEMENT_NODE) n++;
  return n;
}

const CANDIDATES = new Set(['div', 'ul', 'ol', 'section', 'aside', 'p', 'span', 'footer', 'nav', 'li', 'figure']);

export const shareBar: CleaningRule = {
  id: 'share-bar',
  category: 'chrome',
  describe: 'blocks whose links all go to share endpoints (Facebook sharer, X intent, LinkedIn, WhatsApp, …)',
  tags: [...CANDIDATES],
  matches(el, context) {
    // Cheap first: a bar holds at least two buttons or a label and a list (single-child chains never qualify).
    if (!CANDIDATES.has(el.localName) || elementChildren(el) < 2) return null;
    return shareBarOf(el, context.skip) ? 'a share bar: every link shares the page' : null;
  },
};
