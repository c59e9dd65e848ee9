// How a batch gets one page: the batch's Scraper (one per batch, so rendering reuses one browser)
// with the batch's options, under a time limit of the batch's own. The one place a batch loads a
// page — where another way of running pages (a worker per page, a remote service) plugs in.
import type { SiteTemplate } from '../../shared/core/types';
import { failedPage, type Page, toScrapeError, type Validators } from '../../shared/page';
import type { ScrapeOptions } from '../../shared/options/scrape';
import { keepPathsFor, type SiteKeeps } from '../../shared/site-keeps';
import type { PageSource } from '../loaders/source';
import { Scraper } from '../services/scraper';
import { deadline } from './deadline';

/** What a batch asks of one page besides its URL. */
export interface FetchExtras {
  /** Load only a newer version than this (an update): an unchanged page fails with code `not-modified`. */
  conditional?: Validators;
  /** The site's template, once learned (rule "site-template"). */
  siteTemplate?: SiteTemplate;
}

/** Loads and converts one page; never throws (a failed Page says why). */
export type FetchPage = (url: string, signal: AbortSignal, extras?: FetchExtras) => Promise<Page>;

export interface PageFetcher {
  fetch: FetchPage;
  /** Lets go of what the pages needed (the browser); fetching again starts it again. */
  close(): Promise<void>;
}

/** The limit of its own comes this long after the Scraper's, which should end the page first. */
const TIMEOUT_GRACE_MS = 250;

/** `siteKeeps`: elements kept on every page of a site, added to the options' kept paths page by page. */
export function scraperFetcher(options: ScrapeOptions & { timeoutMs: number }, renderer?: PageSource, siteKeeps?: SiteKeeps): PageFetcher {
  let scraper: Scraper | undefined;
  return {
    async fetch(url, signal, extras = {}) {
      // The Scraper has its own time limit, which Node 20 can lose (see deadline.ts): this one holds.
      const limit = deadline(options.timeoutMs + TIMEOUT_GRACE_MS, signal);
      try {
        scraper ??= new Scraper(options, { renderer });
        const paths = keepPathsFor(url, siteKeeps, options.convert?.keep?.paths);
        const convert = {
          ...options.convert,
          ...(paths.length > 0 ? { keep: { ...options.convert?.keep, paths } } : {}),
          ...(extras.siteTemplate ? { siteTemplate: extras.siteTemplate } : {}),
        };
        return await scraper.scrape(url, { convert, conditional: extras.conditional, signal: limit.signal });
      } catch (error) {
        return failedPage(url, toScrapeError(error));
      } finally {
        limit.clear();
      }
    },
    close: async () => {
      await scraper?.close();
    },
  };
}
