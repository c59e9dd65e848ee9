// A batch run for the app, as messages: the commands the app sends, and the updates the run sends
// back (changed rows coalesced, at most every 100 ms, so 10,000 URLs never flood the app). The same
// shapes whether the run is in a worker thread or in the main thread. A run that renders through the
// app asks for each page with `source-load` and gets the answer with `source-answer`.
import type { BatchCounts, BatchRow, BatchSettings, BatchState, PageChange } from '../../shared/batch';
import type { CrawlSettings } from '../../shared/crawl';
import type { ScrapeOptions } from '../../shared/options/scrape';
import type { SiteKeeps } from '../../shared/site-keeps';
import type { SourceAnswer, SourceAsk } from './remote-source';

export interface SessionStart {
  outDir: string;
  urls: string[];
  resume: boolean;
  settings: Partial<BatchSettings>;
  scrape: ScrapeOptions;
  /** Elements kept on every page of a site, added to `scrape.convert.keep` page by page. */
  siteKeeps?: SiteKeeps;
  /** Pages are rendered by the app (its hidden window), asked for by `source-load` messages. */
  renderInApp: boolean;
  /** A crawl from a start URL: the batch grows with the links it finds. */
  crawl?: CrawlSettings;
  /** Update the export in `outDir` (conditional requests; only changed pages rewritten). */
  update?: boolean;
}

export type SessionCommand =
  | { type: 'start'; start: SessionStart }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel' }
  /** Failed rows back in the queue; answered by `retried`, with the rows as they are then. */
  | { type: 'retry'; indices?: number[] }
  /** Cancel, write the manifest, close the journal; answered by `closed`. */
  | { type: 'close' }
  | { type: 'source-answer'; answer: SourceAnswer };

export interface SessionStatus {
  state: BatchState;
  counts: BatchCounts;
  pagesPerSecond: number;
  etaMs?: number;
  manifest?: string;
  /** In an update: new, changed, unchanged and gone pages so far. */
  changes?: Record<PageChange, number>;
}

export type SessionUpdate =
  /** The batch is open: every row as it stands (a resumed batch has outcomes already). */
  | { type: 'opened'; rows: BatchRow[]; status: SessionStatus }
  | { type: 'rows'; rows: BatchRow[]; status: SessionStatus }
  /** Opening or running failed as a whole (a folder holding another batch, a disk that filled up). */
  | { type: 'failed'; message: string; status?: SessionStatus }
  | { type: 'retried'; count: number; rows: BatchRow[]; status: SessionStatus }
  | { type: 'closed' }
  | { type: 'source-load'; ask: SourceAsk }
  | { type: 'source-cancel'; id: number };
