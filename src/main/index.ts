// The library's front door for plain Node: `import { Scraper, convert } from 'openscraper'`.
export * from '../shared/core';
export type { Page, ScrapeError, ScrapeErrorCode, ScrapeOptions } from '../shared/page';
export { Scraper, SCRAPE_DEFAULTS, type ContentInfo, type ScrapeCallOptions } from './services/scraper';
export { DEFAULT_USER_AGENT } from './loaders/http';
