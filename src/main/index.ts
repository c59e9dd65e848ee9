// The library's front door for plain Node: `import { Scraper, convert } from 'openscraper'`.
export * from '../shared/core';
export { failedPage, LoadError, toScrapeError, type ConvertedPage, type FailedPage, type Page, type ScrapeError, type ScrapeErrorCode, type SourceFacts } from '../shared/page';
export { DEFAULT_USER_AGENT, SCRAPE_DEFAULTS, type ScrapeOptions } from '../shared/options/scrape';
export { Scraper, type ContentInfo, type ScrapeCallOptions, type ScraperParts } from './services/scraper';
export type { LoadRequest, LoadSettings, PageSource, RawPage } from './loaders/source';
export type { Conversion, ConversionJob, Converter } from './services/conversion';
export { BatchRunner, type BatchSummary, type RunnerOptions } from './batch/runner';
export { Crawler, type CrawlOptions, type CrawlSummary } from './crawl/crawler';
