// A batch run for the app, as messages: the commands the app sends, and the updates the run sends
// back (changed rows coalesced, at most every 100 ms, so 10,000 URLs never flood the app). The same
// shapes whether the run is in a worker thread or in the main thread.
import type { BatchCounts, BatchRow, BatchSettings, BatchState } from '../../shared/batch';
import type { ScrapeError, ScrapeOptions } from '../../shared/page';
import type { SiteKeeps } from '../../shared/site-keeps';

export interface SessionStart {
  outDir: string;
  urls: string[];
  resume: boolean;
  settings: Partial<BatchSettings>;
  scrape: ScrapeOptions;
  /** Elements kept on every page of a site, added to `scrape.convert.keep` page by page. */
  siteKeeps?: SiteKeeps;
  /** Rendering happens in the app (its hidden window), asked for by `render` messages. */
  renderInApp: boolean;
}

export type SessionCommand =
  | { type: 'start'; start: SessionStart }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel' }
  | { type: 'retry'; indices?: number[] }
  /** Cancel, write the manifest, close the journal; answered by `closed`. */
  | { type: 'close' }
  | { type: 'rendered'; id: number; result?: RenderReply; error?: ScrapeError };

export interface RenderReply {
  html: string;
  finalUrl: string;
  status?: number;
  contentType?: string;
}

export interface RenderAsk {
  timeoutMs: number;
  waitFor?: string;
  extraWaitMs?: number;
  userAgent?: string;
}

export interface SessionStatus {
  state: BatchState;
  counts: BatchCounts;
  pagesPerSecond: number;
  etaMs?: number;
  manifest?: string;
}

export type SessionUpdate =
  /** The batch is open: every row as it stands (a resumed batch has outcomes already). */
  | { type: 'opened'; rows: BatchRow[]; status: SessionStatus }
  | { type: 'rows'; rows: BatchRow[]; status: SessionStatus }
  /** Opening or running failed as a whole (a folder holding another batch, a disk that filled up). */
  | { type: 'failed'; message: string; status?: SessionStatus }
  | { type: 'retried'; count: number }
  | { type: 'closed' }
  | { type: 'render'; id: number; url: string; ask: RenderAsk }
  | { type: 'render-cancel'; id: number };
