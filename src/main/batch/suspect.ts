// Pages that converted but are not the page: a bot wall or challenge served with status 200, a
// "not found" page served with status 200 (a soft 404), an extraction with almost no text. A batch
// or crawl fails them with the reason instead of writing them as if they were the page (an option
// keeps them).
import type { ConvertedPage, ScrapeError } from '../../shared/page';
import { detectBotWall } from '../loaders/bot-walls';
import { visibleTextLength } from '../services/empty-shell';

/** Fewer letters and digits than this in the Markdown (and no image) is "almost no text". */
export const NO_CONTENT_CHARS = 10;
/** A "not found" title on a page with more text than this is a page about not finding something. */
const SOFT_404_MAX_CHARS = 1500;
const NOT_FOUND = /^\s*(?:error\s*)?404\b|\berror\s*404\b|\b404\s*error\b|\b(?:page not found|not found|page (?:does not|doesn['’]t) exist|(?:could not|couldn['’]t|cannot|can['’]t) be found|no longer (?:available|exists)|nothing (?:was )?found|seite nicht gefunden|page introuvable|página no encontrada|pagina non trovata)\b/i;

function firstHeading(markdown: string): string {
  return /^#{1,2} +(.+)$/m.exec(markdown)?.[1]?.trim() ?? '';
}

/** Why this converted page is not the page, or undefined when it is. */
export function suspectPage(page: ConvertedPage): ScrapeError | undefined {
  const { markdown, metadata } = page.result;
  const wall = detectBotWall({ status: page.source.status, html: page.originalHtml, title: metadata.title });
  if (wall) return { code: 'bot-wall', message: `${wall} instead of the page` };
  const chars = visibleTextLength(markdown);
  const heading = firstHeading(markdown);
  const named = [metadata.title ?? '', heading].find((text) => NOT_FOUND.test(text));
  if (named !== undefined && chars < SOFT_404_MAX_CHARS) return { code: 'soft-404', message: `a "not found" page sent with HTTP ${page.source.status ?? 200} (a soft 404): "${named.slice(0, 80)}"` };
  if (chars < NO_CONTENT_CHARS && !/!\[[^\]]*\]\(/.test(markdown)) return { code: 'no-content', message: `almost no text was extracted (${chars} letters and digits)` };
  return undefined;
}
