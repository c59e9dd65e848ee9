// Blocks the page itself names: by a heading that opens the block, by its aria-label, or by a whole
// id/class token from a short fixed vocabulary (whole tokens only: "comments" matches class
// "comments", never "nocomments" or "comments-count"). Three rules share the machinery:
// - announced-block: comments, related/popular stories, newsletter boxes (headings, labels, tokens);
// - widget: sidebar widgets, as WordPress and Blogger themes mark them (tokens);
// - furniture-token: headers, footers, menus, breadcrumbs, modals of themes that use no semantic tags.
// None removes the page's own content: see mayRemove.
import { ELEMENT_NODE, type Element, type Node, TEXT_NODE, type Text, textOf } from '../dom/nodes';
import { findDescendant, hasToken, shortTextOf, showsNothing, type Skip, tokenIn, tokens, vocabulary, whatIsLeft } from '../dom/query';
import { HEADING_TAGS, isBlock } from '../html/blocks';
import { belongsToArticle } from './boilerplate';
import { isAnnouncedTeaser, isCard, isCardList, isLinkList, isListOfLinkedEntries, isOnlyLinks, isTeaser } from './link-lists';
import { isDocumentPart } from './document-parts';
import { isDataTable } from './page-facts';
import type { CleaningRule, RuleContext } from './types';

type Kind = 'comments' | 'related' | 'newsletter' | 'author' | 'share' | 'post-links';

const ANNOUNCING_TOKENS: ReadonlyMap<string, Kind> = new Map([
  ['comments', 'comments'], ['comment-list', 'comments'], ['commentlist', 'comments'], ['comments-area', 'comments'],
  ['comments-section', 'comments'], ['comment-section', 'comments'], ['disqus_thread', 'comments'], ['respond', 'comments'],
  ['comment-respond', 'comments'], ['comment-form', 'comments'], ['commentform', 'comments'], ['comments-wrapper', 'comments'],
  ['comments-container', 'comments'], ['recentcomments', 'comments'], ['article-comments', 'comments'],
  ['story-comments', 'comments'], ['post-comments', 'comments'], ['nocomments', 'comments'],
  ['akismet_comment_form_privacy_notice', 'comments'],
  // The same sections named in the languages of the evaluation pages.
  ['kommentare', 'comments'], ['commentaires', 'comments'], ['comentarios', 'comments'], ['comentários', 'comments'],
  ['commenti', 'comments'], ['komentarze', 'comments'], ['reacties', 'comments'],
  ['related', 'related'], ['related-posts', 'related'], ['related-articles', 'related'], ['related-stories', 'related'],
  ['related-content', 'related'], ['jp-relatedposts', 'related'], ['yarpp-related', 'related'], ['crp_related', 'related'],
  ['popular-posts', 'related'], ['popularposts', 'related'], ['most-popular', 'related'], ['most-read', 'related'],
  ['outbrain', 'related'], ['taboola', 'related'],
  ['related-links', 'related'], ['related-news', 'related'], ['relatedposts', 'related'], ['related-post', 'related'],
  ['wp_rp_wrap', 'related'], ['recommended-stories', 'related'], ['more-stories', 'related'], ['read-next', 'related'],
  ['breaking-news', 'related'], ['news-ticker', 'related'], ['relatedlinks', 'related'], ['related_links', 'related'],
  ['newsletter', 'newsletter'], ['newsletter-signup', 'newsletter'], ['subscribe-box', 'newsletter'],
  ['newsletter-form', 'newsletter'], ['newsletter-box', 'newsletter'], ['newsletter-widget', 'newsletter'],
  ['newsletter-signup-form', 'newsletter'], ['mc4wp-form', 'newsletter'], ['mc_embed_signup', 'newsletter'],
  // Boxes about the writer (WordPress author-box plugins, news themes): about the author, not the story.
  ['author-bio', 'author'], ['author-box', 'author'], ['about-author', 'author'], ['about-the-author', 'author'],
  ['author-info', 'author'], ['author-profile', 'author'], ['author-description', 'author'], ['author-card', 'author'],
  ['contributor-bio', 'author'], ['short-bio', 'author'], ['author-bio-box', 'author'], ['saboxplugin-wrap', 'author'],
  ['abh_box', 'author'], ['post-author-bio', 'author'], ['author-details', 'author'],
  // Share and like buttons of the widely installed plugins and themes (Jetpack, AddToAny, AddThis,
  // Shariff, Blogger, Enfold): a row of buttons, never the post.
  ['sharedaddy', 'share'], ['jp-post-flair', 'share'], ['sd-sharing', 'share'], ['sd-like', 'share'],
  ['addtoany_share_save_container', 'share'], ['a2a_kit', 'share'], ['addthis_toolbox', 'share'],
  ['addthis_sharing_toolbox', 'share'], ['shariff', 'share'], ['post-share-buttons', 'share'],
  ['share-buttons', 'share'], ['social-share', 'share'], ['social-sharing', 'share'], ['share-bar', 'share'],
  ['sharing-buttons', 'share'], ['share-links', 'share'], ['av-social-sharing-box', 'share'],
  ['heateor_sss_sharing_container', 'share'], ['sharethis-inline-share-buttons', 'share'],
  // What blog engines print around a post: its tags and categories, the links to the previous and
  // next posts (WordPress core and its starter themes, Blogger, Penci, tagDiv).
  ['entry-utility', 'post-links'], ['post-footer', 'post-links'], ['tags-links', 'post-links'], ['cat-links', 'post-links'],
  ['post-tags', 'post-links'], ['entry-tags', 'post-links'], ['tagcloud', 'post-links'], ['tag-cloud', 'post-links'],
  ['post-categories', 'post-links'], ['post-navigation', 'post-links'], ['nav-previous', 'post-links'],
  ['nav-next', 'post-links'], ['post-pagination', 'post-links'], ['td-post-next-prev', 'post-links'],
  ['nextpost', 'post-links'], ['prevpost', 'post-links'], ['next-post', 'post-links'], ['previous-post', 'post-links'],
  ['entry-footer', 'post-links'], ['article-footer', 'post-links'], ['tag-list', 'post-links'], ['tags-list', 'post-links'], ['article-tags', 'post-links'],
  ['list-tags', 'post-links'], ['post-tags-list', 'post-links'], ['news-backlink-wrap', 'post-links'],
]);

const ANNOUNCING = vocabulary(ANNOUNCING_TOKENS.keys());

/** BEM's separators: `block__element`, `block--modifier`. */
const BEM_PART = /__|--/;
/** A box about the writer may share its name with the byline's parts (`author-card__name`): not by part. */
const BY_PART: ReadonlySet<Kind> = new Set(['comments', 'related', 'newsletter', 'share', 'post-links']);

/**
 * The vocabulary's component whose part `el` is, by BEM naming (`newsletter-form__header` is the
 * header of a `newsletter-form`): the component's name is the class token up to the separator.
 */
function componentIn(el: Element): string | undefined {
  const value = el.attrs.length === 0 ? null : el.getAttribute('class');
  if (value === null || !BEM_PART.test(value) || !ANNOUNCING.mayOccurIn(value)) return undefined;
  for (const token of tokens(el, 'class')) {
    const separator = token.search(BEM_PART);
    if (separator <= 0) continue;
    const block = token.slice(0, separator);
    const kind = ANNOUNCING_TOKENS.get(block);
    if (kind !== undefined && BY_PART.has(kind)) return block;
  }
  return undefined;
}

const WIDGET_TOKENS = vocabulary([
  'widget', 'sidebar', 'widget-area', 'textwidget', 'widget_text',
  // The sidebar named by its side or its rank, as themes do.
  'sidebar-right', 'sidebar-left', 'right-sidebar', 'left-sidebar', 'sidebar-primary', 'sidebar-secondary',
  'primary-sidebar', 'secondary-sidebar', 'main-sidebar', 'site-sidebar', 'blog-sidebar', 'sidebar1', 'sidebar2',
  'sidebar-wrapper', 'sidebar-container',
]);

const FURNITURE_TOKENS = vocabulary([
  'site-header', 'header', 'masthead', 'site-footer', 'footer', 'navbar', 'navigation', 'nav', 'menu', 'breadcrumb',
  'breadcrumbs', 'modal', 'skip-link', 'copyright', 'site-breadcrumb', 'breadcrumb-list', 'breadcrumbs-wrapper',
]);

const TITLES: ReadonlyArray<[RegExp, Kind]> = [
  [/^((\d+|one|no|top|top rated|reader|readers'?|latest|recent|most recent|user)\s+)*(comments?|responses?|replies|thoughts|discussion)(\s*\(\d+\))?(\s+(on|to)\s.*)?$|^(leave|post|add|write) a (reply|comment)|^join the (conversation|discussion)/i, 'comments'],
  [/^(related\b|recommended\b|more (stories|articles|news|videos|from|on|in|like this)\b|you (may|might) (also )?like|customers (who bought this item )?also bought|frequently bought together|most (read|popular|viewed|shared|watched|commented)\b|(popular|trending)\b|read (more|next)$|(next|previous) (article|post|story)$|also read\b|top stories\b|latest (news|stories|posts|videos|from)\b|recent (posts|stories|articles)\b|editor'?s'? picks\b|don'?t miss\b|what to read next)/i, 'related'],
  [/^(newsletter|sign up for|subscribe to)/i, 'newsletter'],
  // The same announcements in the other languages the evaluation pages hold most (German, French,
  // Spanish, Portuguese, Italian, Polish, Dutch).
  [/^((\d+\s+)?(kommentare?|commentaires?|comentarios?|comentários?|commenti|komentarze?|reacties)\b|(kommentar|antwort) (schreiben|verfassen|hinterlassen)|(jetzt )?kommentieren$|vos (réactions|commentaires)\b|(neueste|letzte) kommentare|(laisser|écrire) un commentaire|(deja|escribe) (un|tu) comentario|deixe (um|seu) comentário|lascia un commento|dodaj komentarz)/i, 'comments'],
  [/^(mehr zum thema|mehr (aus|zu|von|über|artikel|news|nachrichten)\b|weitere (aktuelle )?(artikel|beiträge|nachrichten|themen|news)|(zum )?weiterlesen$|(artikel|passend) zum thema|nutzer mochten auch|ähnliche (artikel|beiträge|themen)|verwandte (artikel|beiträge|themen|themenbereiche)|(das|dies) könnte (sie|dich|euch) (auch )?interessieren|kunden kauften auch|(auch|ebenfalls) interessant|lesen sie auch|lies auch|(am )?meist(en)? gelesen|meistgelesen|beliebteste|(die )?neuesten? (artikel|beiträge|nachrichten|meldungen|news)|aktuellste (artikel|beiträge|nachrichten|meldungen|news)|aktuelle (artikel|beiträge|nachrichten|meldungen|news)\b|weitere meldungen|entdecke weitere|(nächster|vorheriger) (artikel|beitrag)$|article (suivant|précédent)$|articles les plus lus|temas relacionados|top[- ]themen|à lire aussi|a lire aussi|lire aussi|sur le même sujet|les plus (lus|populaires)|articles? similaires|vous aimerez aussi|te puede interesar|también te puede interesar|lo más (leído|visto)|noticias relacionadas|más noticias|artículos relacionados|leia também|mais lidas|notícias relacionadas|veja também|leggi anche|i più letti|articoli correlati|potrebbe interessarti|czytaj (też|także|również)|zobacz (też|także|również)|najczęściej czytane|polecane|lees ook|meest gelezen|gerelateerde artikelen)/i, 'related'],
  // A post's tags and categories, said whole ("Tags", "Schlagworte zum Thema", "Filed under").
  [/^(tags?|tagged( with)?|schlagw(o|ö)rte( zum thema)?|stichw(o|ö)rte|themen|mehr lesen über|etiquetas|tagi|mots[- ]clés|étiquettes|categor(y|ies)|kategorien?|filed under|posted in|abgelegt unter)$/i, 'post-links'],
  // Said whole: "Share" over a row of buttons, never "Share your story" over a form for readers' stories.
  [/^(share( this( article| story| post| page)?| on)?|teilen|(diesen |den )?(artikel|beitrag|seite) teilen|mit freunden teilen|jetzt teilen|partager( cet article)?|compartir|condividi|udostępnij|compartilhe|delen)$/i, 'share'],
  [/^(newsletter abonnieren|jetzt (anmelden|abonnieren)|abonnez-vous|inscrivez-vous|suscríbete|assine (a|nossa) newsletter|iscriviti)/i, 'newsletter'],
];

const REASONS: Record<Kind, string> = {
  comments: 'a comments section',
  related: 'a block of related or popular stories',
  newsletter: 'a newsletter sign-up',
  author: 'a box about the author',
  share: 'share or like buttons',
  'post-links': "the post's tags, categories or links to other posts",
};

const HEADED_BLOCKS = new Set(['section', 'div', 'aside', 'figure']);
const PAGE_CONTAINERS = new Set(['html', 'head', 'body', 'main']);

const LABEL_TAGS = new Set(['div', 'span', 'p', 'strong', 'b']);
const LABEL_INLINE = new Set(['span', 'strong', 'b', 'em', 'i']);
const LABEL_MAX = 80;
/** Before trimming: markup indents a title set on its own lines. */
const LABEL_SPACED_MAX = 400;

/**
 * A title set as a plain block ("<div class=…-title>More From the Times</div>"): a few words, no
 * link, nothing but inline formatting inside. Many sites style a div where a heading belongs.
 */
export function isTitleBlock(el: Element): boolean {
  if (!LABEL_TAGS.has(el.localName)) return false;
  const length = shortTextOf(el, isLabelInline, LABEL_SPACED_MAX)?.trim().length ?? 0;
  return length > 0 && length <= LABEL_MAX;
}

const isLabelInline = (el: Element) => LABEL_INLINE.has(el.localName);

/**
 * The heading that opens `el`: its first element child with no text before it, or that child's own
 * first, down a few wrappers — a heading element, or a title set as a plain block.
 */
function openingHeading(el: Element): Element | null {
  let first = firstPartBeforeText(el);
  for (let depth = 1; first !== null && !isHeadingLike(first) && depth < HEADING_DEPTH; depth++) first = firstPartBeforeText(first);
  return first !== null && isHeadingLike(first) ? first : null;
}

/** The first element child with no words before it, past icons (empty elements a theme puts before a title). */
function firstPartBeforeText(el: Element): Element | null {
  for (const child of el.childNodes) {
    if (child.nodeType === TEXT_NODE) {
      if ((child as Text).data.trim() !== '') return null;
    } else if (child.nodeType === ELEMENT_NODE && !showsNothing(child as Element)) return child as Element;
  }
  return null;
}


/** How deep the opening heading may sit in wrappers with nothing before it (a <header> around a container around the <h2>). */
const HEADING_DEPTH = 3;

function isHeadingLike(el: Element): boolean {
  return HEADING_TAGS.has(el.localName) || isTitleBlock(el);
}

/** An article before a title ("Die meistgelesenen Artikel", "Les plus lus", "The most read"). */
const LEADING_ARTICLE = /^(the|die|der|das|les|le|la|los|las|el|os|as|gli|i) /i;

export function kindOfTitle(title: string): Kind | undefined {
  const text = title.replace(/\s+/g, ' ').trim().replace(/[\s:.!…›»]+$/, '');
  const kind = TITLES.find(([pattern]) => pattern.test(text))?.[1];
  if (kind !== undefined || !LEADING_ARTICLE.test(text)) return kind;
  // Only for lists of stories: "Der Kommentar" is an opinion column's name, not the readers' comments.
  const bare = text.replace(LEADING_ARTICLE, '');
  return TITLES.find(([pattern, k]) => k === 'related' && pattern.test(bare))?.[1];
}

/** What the block's aria-label, or its opening heading, calls it. */
function announcedKind(el: Element): Kind | undefined {
  const label = el.getAttribute('aria-label');
  if (label !== null) {
    const kind = kindOfTitle(label);
    if (kind !== undefined) return kind;
  }
  if (!HEADED_BLOCKS.has(el.localName)) return undefined;
  const heading = openingHeading(el);
  if (heading === null) return undefined;
  // A heading drawn as an image says its words in the alt text.
  const title = textOf(heading).trim() || (heading.getElementsByTagName('img')[0]?.getAttribute('alt') ?? '');
  return kindOfTitle(title);
}

/**
 * Never the page's own content: not a content container, not around the main region, the page's
 * title or the first paragraph of its running text, no <main> or data table inside. (Articles inside are fine:
 * comment threads and teaser lists mark up each entry as an <article>.)
 */
function mayRemove(el: Element, context: RuleContext): boolean {
  return standsOutsideContent(el, context) && whatInsideKeeps(el, context) === null;
}

/** Not the page's body or main region, and holding neither its title nor its running text's start. */
function standsOutsideContent(el: Element, context: RuleContext): boolean {
  // A <section> or <article> can well be the comments; the page's body and main region cannot.
  if (PAGE_CONTAINERS.has(el.localName) || hasToken(el, 'role', 'main') || isDocumentPart(el)) return false;
  const { facts } = context;
  return !(facts.holds(el, 'mainRegion') || facts.holds(el, 'firstText') || facts.holds(el, 'title'));
}

/** What inside `el` keeps it: a <main>, or a data table (see html/tables.ts); one walk for both. */
function whatInsideKeeps(el: Element, context: RuleContext): 'main' | 'data table' | null {
  if (el.localName === 'table' && isDataTable(el)) return 'data table';
  const found = findDescendant(el, (d) => d.localName === 'main' || (d.localName === 'table' && isDataTable(d)), context.skip);
  return found === null ? null : found.localName === 'main' ? 'main' : 'data table';
}

export const announcedBlock: CleaningRule = {
  id: 'announced-block',
  category: 'chrome',
  describe: 'comments, related/popular stories, newsletter and author boxes, named by a whole id/class token, or by their heading or aria-label when they hold only links or teasers',
  matches(el, context) {
    const token = tokenIn(el, ANNOUNCING) ?? componentIn(el);
    if (token !== undefined) return mayRemove(el, context) ? REASONS[ANNOUNCING_TOKENS.get(token)!] : null;
    const kind = announcedKind(el);
    // A heading says what a block is about, not that it is furniture: "Recommended configuration" or
    // "Discussion" open sections of prose and code. Announced by words, a block goes only when what
    // follows its heading is a list of links or teasers (a related-stories box).
    if (kind !== undefined) return (isAnnouncedList(el, context.skip) || opensWithCommentCount(el)) && mayRemove(el, context) ? REASONS[kind] : null;
    // Page builders set a heading in a widget of its own and the list in the next one: the title
    // before the block announces it as well as one inside would.
    const before = LISTED_AFTER_TITLE.has(el.localName) ? kindOfTitleBefore(el) : undefined;
    if (before === undefined || !isListOfEntries(el, context.skip) || !mayRemove(el, context)) return null;
    return `${REASONS[before]}, announced by the title before it`;
  },
};

const LISTED_AFTER_TITLE = new Set(['ul', 'ol', 'div', 'section']);
/** How deep the title before a list may sit in wrappers that hold only it (an intro section around a container around…). */
const TITLE_BEFORE_DEPTH = 4;
const EMPTY_BEFORE_MAX = 4;

/**
 * What a title standing just before `el` calls it: the previous element sibling (no words between)
 * is a heading, or wraps nothing but one, down a few wrappers.
 */
function kindOfTitleBefore(el: Element): Kind | undefined {
  // The list may sit in wrappers of its own (a widget around a container around the list).
  let unit = el;
  for (let depth = 0; depth < HEADING_DEPTH && unit.parentElement !== null && standsAlone(unit); depth++) unit = unit.parentElement;
  let before: Element | null = null;
  // Past a few empty elements (spacers, icons), nothing before announces the block.
  let passed = 0;
  for (let node = unit.previousSibling; node !== null && passed <= EMPTY_BEFORE_MAX; node = node.previousSibling) {
    if (node.nodeType === TEXT_NODE) {
      if ((node as Text).data.trim() !== '') return undefined;
    } else if (node.nodeType === ELEMENT_NODE) {
      if (!showsNothing(node as Element)) {
        before = node as Element;
        break;
      }
      passed++;
    }
  }
  for (let depth = 0; before !== null && !isHeadingLike(before); depth++) before = depth < TITLE_BEFORE_DEPTH ? onlyElementChild(before) : null;
  return before === null ? undefined : kindOfTitle(textOf(before));
}

/** Whether nothing but whitespace stands beside `el` in its parent (read from its neighbours only). */
function standsAlone(el: Element): boolean {
  return isBlankRun(el.previousSibling, 'previousSibling') && isBlankRun(el.nextSibling, 'nextSibling');
}

function isBlankRun(node: Node | null, step: 'previousSibling' | 'nextSibling'): boolean {
  for (; node !== null; node = node[step]) {
    if (node.nodeType === ELEMENT_NODE || (node.nodeType === TEXT_NODE && (node as Text).data.trim() !== '')) return false;
  }
  return true;
}

/** The one element child of `el` that shows something, with nothing else beside it (whitespace and empty elements aside), else null. */
function onlyElementChild(el: Element): Element | null {
  let only: Element | null = null;
  for (const child of el.childNodes) {
    if (child.nodeType === TEXT_NODE) {
      if ((child as Text).data.trim() !== '') return null;
    } else if (child.nodeType === ELEMENT_NODE && !showsNothing(child as Element)) {
      if (only !== null) return null;
      only = child as Element;
    }
  }
  return only;
}

/** "27 commentaires", "2 Comments", "0 replies": a count of readers' comments opens their thread, never a section of a document. */
const COMMENT_COUNT = /^\d+\s+(comments?|responses?|replies|kommentare?|commentaires?|comentarios?|comentários?|commenti|komentarz[ey]?|reacties)$/i;

function opensWithCommentCount(el: Element): boolean {
  const heading = openingHeading(el);
  return heading !== null && COMMENT_COUNT.test(textOf(heading).replace(/\s+/g, ' ').trim().replace(/[\s:.!…]+$/, ''));
}

/** A teaser (see isAnnouncedTeaser), or a block or list of them: what a related-stories title announces. */
function isAnnouncedTeasers(el: Element, skip: Skip): boolean {
  if (isAnnouncedTeaser(el, skip)) return true;
  const items = el.children.filter((item) => (skip === null || !skip(item)) && !showsNothing(item));
  return items.length > 0 && items.every((item) => isAnnouncedTeaser(item, skip));
}

/** A list of two or more entries, each a link or a teaser card. */
function isListOfEntries(el: Element, skip: Skip): boolean {
  return isLinkList(el, skip) || isListOfLinkedEntries(el, skip) || isCardList(el, skip);
}

/** What a line to more entries says besides its link: a few words ("All reports in the section"). */
const LINE_TO_MORE_TEXT_MAX = 40;

/** A line with one link to another page and a few words beside it. */
function isLineToMore(el: Element, skip: Skip): boolean {
  let links = 0;
  let words = 0;
  const stack: Node[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      words += (node as Text).data.trim().length;
      if (words > LINE_TO_MORE_TEXT_MAX) return false;
    } else if (node.nodeType === ELEMENT_NODE) {
      const child = node as Element;
      if (child !== el && skip !== null && skip(child)) continue;
      if (child.localName === 'a') {
        const href = (child.getAttribute('href') ?? '').trim();
        if (href === '' || href.startsWith('#') || ++links > 1) return false;
        continue;
      }
      if (isBlock(child) && child !== el) return false;
      for (const grandchild of child.childNodes) stack.push(grandchild);
    }
  }
  return links === 1;
}

/** The block's content after its opening heading is nothing but links and teaser cards (and a line to more of them). */
function isAnnouncedList(el: Element, skip: Skip): boolean {
  let heading = openingHeading(el);
  let items = 0;
  let removed = 0;
  for (const child of el.childNodes) {
    if (child.nodeType === TEXT_NODE) {
      if ((child as Text).data.trim() !== '') return false;
      continue;
    }
    if (child.nodeType !== ELEMENT_NODE) continue;
    const item = child as Element;
    // The heading, or the wrapper that holds it.
    if (heading !== null && (item === heading || findDescendant(item, (d) => d === heading) !== null)) {
      heading = null;
      continue;
    }
    // Removed (an entry list taken by the title before it, see kindOfTitleBefore), or emptied by what
    // rules removed inside it (an ad's card whose label and slot went): what the heading announced went.
    if (skip !== null && (skip(item) || whatIsLeft(item, skip) === 'removed')) {
      removed++;
      continue;
    }
    if (showsNothing(item)) continue;
    // A second heading before the entries is the title's own ("Related" over "Read further in the
    // pursuit of knowledge"), not an entry.
    if (items + removed === 0 && HEADING_TAGS.has(item.localName) && item.getElementsByTagName('a').length === 0) continue;
    // After the entries, a line to the rest of them: "Alle Meldungen der Rubrik | Schwangerschaft «".
    if (items + removed > 0 && isLineToMore(item, skip)) continue;
    // Announced as related stories, cards whose headline is not a link are teasers too.
    if (!isOnlyLinks(item, skip) && !isLinkList(item, skip) && !isListOfLinkedEntries(item, skip) && !isTeaser(item, skip) && !isCard(item, skip) && !isCardList(item, skip) && !isAnnouncedTeasers(item, skip)) return false;
    items++;
  }
  return items + removed > 0;
}

/**
 * A block holding this share of the page's running text is its content, whatever a theme calls it
 * (Blogger wraps the posts themselves in `<div class="widget Blog">`).
 */
const CONTENT_SHARE = 0.5;

export const sidebarWidget: CleaningRule = {
  id: 'widget',
  category: 'chrome',
  describe: 'sidebar widgets (whole class/id tokens "widget", "sidebar", "widget-area"), unless they hold most of the running text',
  matches(el, context) {
    const token = tokenIn(el, WIDGET_TOKENS);
    if (token !== undefined) return mayRemove(el, context) && context.facts.runningTextShare(el) < CONTENT_SHARE ? `a sidebar widget (${token})` : null;
    // A widget kept only for the data table it holds (a price guide in a sidebar): the table stays,
    // the widget's other parts go.
    const widget = el.parentElement;
    const around = widget === null ? undefined : tokenIn(widget, WIDGET_TOKENS);
    if (around === undefined || !keptForItsTable(widget!, context) || !mayRemove(el, context)) return null;
    return `a part of a sidebar widget (${around}) kept only for its data table`;
  },
};

/** A widget that would go but for a data table inside it. */
function keptForItsTable(widget: Element, context: RuleContext): boolean {
  return context.facts.runningTextShare(widget) < CONTENT_SHARE && standsOutsideContent(widget, context) && whatInsideKeeps(widget, context) === 'data table';
}

export const furnitureToken: CleaningRule = {
  id: 'furniture-token',
  category: 'chrome',
  describe: 'headers, footers, menus, breadcrumbs and modals named by a whole class/id token, for themes without semantic tags',
  matches(el, context) {
    // <header>/<footer> are judged by where they stand (boilerplate.ts), never by their class; and
    // like them, a block that belongs to an article (holds its title or byline) is not furniture.
    if (el.localName === 'header' || el.localName === 'footer') return null;
    // Furniture is a block of the page's layout: a link or a span named "header" (mdBook's heading
    // anchors are <a class="header">) is part of the text around it.
    if (!isBlock(el) || HEADING_TAGS.has(el.localName)) return null;
    const token = tokenIn(el, FURNITURE_TOKENS);
    if (token === undefined || !mayRemove(el, context) || belongsToArticle(el, context) || context.facts.runningTextShare(el) >= CONTENT_SHARE) return null;
    return `page furniture (class or id "${token}")`;
  },
};
