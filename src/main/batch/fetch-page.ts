// How a batch gets one page: the batch's Scraper (one per batch, so rendering reuses one browser)
// with the batch's options. The one place a batch loads a page — where another way of running
// pages (a remote service) plugs in. The Scraper bounds loading by the time allowed (with a timer
// Node 20 cannot lose, see deadline.ts) and converting by the page's budget, in a page worker that
// is stopped when it runs away: a poison page fails alone, and a slow conversion on a busy machine
// is no timeout.
import type { SiteTemplate } from '../../shared/core/types';
import { failedPage, type Page, toScrapeError, type Validators } from '../../shared/page';
import type { ScrapeOptions } from '../../shared/options/scrape';
import { keepPathsFor, type SiteKeeps } from '../../shared/site-keeps';
import type { PageSource } from '../loaders/source';
import type { ConversionIsolation } from '../services/conversion';
import { Scraper } from '../services/scraper';

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

export interface ScraperFetcherParts {
  /** Renders pages (the app's hidden window, asked from the batch's thread); Playwright by default. */
  renderer?: PageSource;
  /** Elements kept on every page of a site, added to the options' kept paths page by page. */
  siteKeeps?: SiteKeeps;
  /** Where PDFs are read and pages converted (default: the process's shared pools). */
  isolation?: ConversionIsolation;
}

export function scraperFetcher(options: ScrapeOptions & { timeoutMs: number }, parts: ScraperFetcherParts = {}): PageFetcher {
  let scraper: Scraper | undefined;
  return {
    async fetch(url, signal, extras = {}) {
      try {
        scraper ??= new Scraper(options, { renderer: parts.renderer, ...parts.isolation });
        const paths = keepPathsFor(url, parts.siteKeeps, options.convert?.keep?.paths);
        const convert = {
          ...options.convert,
          ...(paths.length > 0 ? { keep: { ...options.convert?.keep, paths } } : {}),
          ...(extras.siteTemplate ? { siteTemplate: extras.siteTemplate } : {}),
        };
        return await scraper.scrape(url, { convert, conditional: extras.conditional, signal });
      } catch (error) {
        return failedPage(url, toScrapeError(error));
      }
    },
    close: async () => {
      await scraper?.close();
    },
  };
}
