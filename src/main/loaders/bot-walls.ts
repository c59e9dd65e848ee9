// Bot walls and challenges — the page a site sends instead of the page to a client it does not
// trust — recognised by status plus known markers, as data. A marker alone is not enough: a real
// page may load a captcha for its contact form. It must come with a refusing status (403, 429,
// 503) or stand on a page with almost nothing else on it.

export interface BotWall {
  /** What to call it in a failure: "Cloudflare's "Just a moment…" challenge". */
  name: string;
  /** The page's <title>, when it is the wall's own. */
  title?: RegExp;
  /** Something in the HTML only the wall has (a script path, a form id, a vendor's domain). */
  body?: RegExp;
}

export const BOT_WALLS: readonly BotWall[] = [
  { name: 'Cloudflare\'s "Just a moment…" challenge', title: /^\s*just a moment(?:\.\.\.|…)?\s*$/i, body: /\/cdn-cgi\/challenge-platform\/|\bcf[-_]chl[-_]|cf-browser-verification|window\._cf_chl_opt/i },
  { name: 'Cloudflare\'s "Attention Required" page', title: /attention required!?\s*\|\s*cloudflare/i, body: /cf-error-details|cf-wrapper[\s\S]{0,2000}cloudflare ray id/i },
  { name: 'Imperva\'s "Pardon Our Interruption" page', title: /pardon our interruption/i, body: /_Incapsula_Resource|incapsula incident id/i },
  { name: 'an "Access denied" page', title: /^\s*access denied\s*$/i, body: /you don't have permission to access[\s\S]{0,400}reference\s*#|errors\.edgesuite\.net/i },
  { name: 'DataDome\'s captcha', body: /(?:geo\.)?captcha-delivery\.com|datadome/i },
  { name: 'PerimeterX\'s "Press & Hold" challenge', title: /access to this page has been denied/i, body: /px-captcha|_pxAppId|perimeterx/i },
  { name: 'a captcha interstitial', title: /^\s*(?:captcha|are you a (?:human|robot)\??|verify(?:ing)? (?:you are|that you are) (?:a )?human|security check|one more step|please verify)\b/i, body: /class=["'][^"']*\b(?:g-recaptcha|h-captcha|cf-turnstile)\b|hcaptcha\.com\/1\/api|recaptcha\/api\.js|challenges\.cloudflare\.com\/turnstile/i },
];

/** Statuses a wall answers with. */
const REFUSING = new Set([403, 429, 503]);
/** A page with less visible text than this is "almost nothing else" beside a marker. */
const SHORT_PAGE_CHARS = 1500;

function titleOf(html: string): string {
  const match = /<title\b[^>]*>([\s\S]{0,300}?)<\/title>/i.exec(html);
  return (match?.[1] ?? '').replace(/&hellip;/gi, '…').replace(/&amp;/gi, '&').replace(/\s+/g, ' ').trim();
}

/** Letters and digits of the page's visible text, roughly (scripts and styles left out), counted up to a bound. */
function roughTextLength(html: string): number {
  const text = html.slice(0, 512 * 1024).replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, ' ');
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/** The wall this page is, or undefined: by status (or a short page) plus its title or markers. */
export function detectBotWall(page: { status?: number; html: string; title?: string }): string | undefined {
  const sample = page.html.slice(0, 256 * 1024);
  const title = page.title ?? titleOf(sample);
  const refusing = page.status !== undefined && REFUSING.has(page.status);
  const short = refusing || roughTextLength(sample) < SHORT_PAGE_CHARS;
  if (!short) return undefined;
  for (const wall of BOT_WALLS) {
    if ((wall.title?.test(title) ?? false) || (wall.body?.test(sample) ?? false)) return wall.name;
  }
  return undefined;
}
