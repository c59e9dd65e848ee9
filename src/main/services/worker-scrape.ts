// Inside the conversion worker: one scrape with the library's Scraper, closed afterwards so a
// cancelled or finished job leaves no browser behind.
import type { Page, ScrapeProgress } from '../../shared/page';
import { Scraper } from './scraper';
import type { WorkerJob } from './worker-protocol';

export async function runScrape(job: Exclude<WorkerJob, { kind: 'convert' }>, signal: AbortSignal, onProgress?: (progress: ScrapeProgress) => void): Promise<Page> {
  const scraper = new Scraper();
  try {
    if (job.kind === 'scrape') return await scraper.scrape(job.input, { ...job.options, signal, onProgress });
    return await scraper.scrapeBytes(job.bytes, { url: job.name, contentType: job.contentType }, { ...job.options, signal, onProgress });
  } finally {
    await scraper.close();
  }
}
