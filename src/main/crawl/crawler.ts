// A crawl is a batch that grows: from a start URL, breadth-first within a scope, each page written
// as the batch writes its pages (same queue, journal, manifest, resume, names, images, progress)
// and its links (see links.ts) added to the batch, one level deeper, until --max-depth or
// --max-pages. Sitemaps — those robots.txt lists, and /sitemap.xml — add the pages links do not
// reach. Each URL's depth is kept in the work folder, so a resumed or updated crawl goes on
// counting from where its pages stood.
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchRow } from '../../shared/batch';
import { CRAWL_DEFAULTS } from '../../shared/crawl';
import type { ConvertedPage } from '../../shared/page';
import { WORK_DIR } from '../batch/atomic-files';
import { RobotsRules } from '../batch/robots';
import { BatchRunner, type BatchSummary, type RunnerOptions } from '../batch/runner';
import { readSitemap } from '../batch/sitemap';
import { normaliseUrl } from '../batch/url-list';
import { pageLinks } from './links';
import { CrawlScope, type ScopeOptions } from './scope';

const DEPTHS_FILE = 'crawl-depths.jsonl';
/** What a crawl was asked, kept so that a resume or an update without them crawls the same way. */
const SETTINGS_FILE = 'crawl.json';

/** The crawl's own options as its folder keeps them. */
export type SavedCrawl = Pick<CrawlOptions, 'start' | 'maxDepth' | 'maxPages' | 'prefix' | 'include' | 'exclude' | 'sitemaps'>;

/** The crawl a folder holds (its start and scope), if it holds one. */
export async function savedCrawl(outDir: string): Promise<SavedCrawl | undefined> {
  try {
    const saved = JSON.parse(await readFile(join(outDir, WORK_DIR, SETTINGS_FILE), 'utf8')) as SavedCrawl;
    return typeof saved?.start === 'string' ? saved : undefined;
  } catch {
    return undefined;
  }
}
/** Sitemaps read in all (an index and its children). */
const MAX_SITEMAPS = 50;

export interface CrawlOptions extends Omit<RunnerOptions, 'onPage' | 'robotsRules'>, ScopeOptions {
  /** Where the crawl starts (depth 0). */
  start: string;
  /** Links are followed this many steps from the start at most (sitemap pages count as one step). */
  maxDepth?: number;
  /** URLs taken into the crawl at most (pages skipped by robots.txt and failures included). */
  maxPages?: number;
  /** Read the sitemaps robots.txt lists and /sitemap.xml (default true). */
  sitemaps?: boolean;
  /** What the crawl found out before it started (sitemaps read, or that could not be). */
  onNotice?: (text: string) => void;
}

export interface CrawlSummary extends BatchSummary {
  /** URLs robots.txt kept the crawl from loading. */
  robotsSkipped: number;
  /** Links were left out because the crawl had taken `maxPages` URLs. */
  capped: boolean;
}

/** Links kept for pages that may come nearer the start (about 100 MB at most). */
const MAX_KEPT_LINKS = 1_000_000;

export class CrawlError extends Error {
  override readonly name = 'CrawlError';
}

export class Crawler {
  private readonly depths = new Map<string, number>();
  private readonly maxDepth: number;
  private readonly maxPages: number;
  private runner!: BatchRunner;
  private capped = false;
  /** Links of pages followed at depth 2 or more, in scope (see reach). */
  private readonly linksOf = new Map<string, readonly string[]>();
  private keptLinks = 0;

  private constructor(
    private readonly options: CrawlOptions,
    private readonly scope: CrawlScope,
    private readonly depthsPath: string,
  ) {
    this.maxDepth = options.maxDepth ?? CRAWL_DEFAULTS.maxDepth;
    this.maxPages = options.maxPages ?? CRAWL_DEFAULTS.maxPages;
  }

  /**
   * Reads robots.txt and the sitemaps, and opens the batch in `options.outDir` (new, resumed, or
   * updated). A resume or an update takes the start and scope the folder's crawl was given, for
   * what `options` leaves out.
   */
  static async open(given: CrawlOptions): Promise<Crawler> {
    const saved = given.resume || given.update ? await savedCrawl(given.outDir) : undefined;
    const options: CrawlOptions = { ...saved, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined && value !== '')) } as CrawlOptions;
    const start = normaliseUrl(options.start);
    if ('reason' in start) throw new CrawlError(`the start URL: ${start.reason}`);
    const scope = new CrawlScope(start.url, options);
    const crawler = new Crawler(options, scope, join(options.outDir, WORK_DIR, DEPTHS_FILE));
    await crawler.loadDepths();
    const robots = options.robots === false ? undefined : new RobotsRules(options.scrape?.userAgent);
    const seeds = [start.url, ...(options.sitemaps === false ? [] : await crawler.sitemapUrls(start.url, robots))].filter((url) => scope.has(url) || url === start.url);
    crawler.runner = await BatchRunner.open([], { ...options, robotsRules: robots, onPage: (row, page) => crawler.follow(row, page) });
    const { prefix, include, exclude, sitemaps } = options;
    const keep: SavedCrawl = { start: start.url, maxDepth: crawler.maxDepth, maxPages: crawler.maxPages, prefix, include, exclude, sitemaps };
    await writeFile(join(options.outDir, WORK_DIR, SETTINGS_FILE), `${JSON.stringify(keep)}\n`).catch(() => undefined);
    // A resumed or updated crawl has its URLs: the start and the sitemaps add only what is new.
    const known = new Set(crawler.runner.rows.map((row) => row.url));
    const unknown = seeds.filter((url) => !known.has(url));
    const fresh = unknown.slice(0, Math.max(0, crawler.maxPages - known.size));
    crawler.capped = fresh.length < unknown.length;
    await crawler.record(fresh.map((url) => [url, url === start.url ? 0 : 1]));
    await crawler.runner.add(fresh);
    return crawler;
  }

  get batch(): BatchRunner {
    return this.runner;
  }

  async run(): Promise<CrawlSummary> {
    const summary = await this.runner.run();
    return { ...summary, robotsSkipped: this.runner.rows.filter((row) => row.status === 'failed' && row.error?.code === 'robots').length, capped: this.capped };
  }

  /** The links of a page that will be written: those in scope, new, and not too deep, join the batch. */
  private async follow(row: BatchRow, page: ConvertedPage): Promise<void> {
    const links: string[] = [];
    for (const link of pageLinks(page)) {
      const normalised = normaliseUrl(link);
      if ('url' in normalised && this.scope.has(normalised.url)) links.push(normalised.url);
    }
    const depth = this.depths.get(row.url) ?? 0;
    // A page may come nearer the start later (see reach): its links are kept for then, within a bound.
    if (depth >= 2 && this.keptLinks + links.length <= MAX_KEPT_LINKS) {
      this.linksOf.set(row.url, links);
      this.keptLinks += links.length;
    }
    await this.reach([[links, depth]]);
  }

  /**
   * Links found `depth + 1` steps from the start join the crawl, or come nearer when they were
   * recorded deeper. Pages load many at once, so the crawl is breadth-first only roughly: a sitemap
   * page (depth 1) may link a section before the start page does, and the section, then its pages,
   * would count a step too many and fall past --max-depth. A page followed already that comes
   * nearer brings its own links nearer in turn.
   */
  private async reach(start: Array<[readonly string[], number]>): Promise<void> {
    const fresh: string[] = [];
    const recorded: Array<[string, number]> = [];
    const pending = [...start];
    while (pending.length > 0) {
      const [links, depth] = pending.pop()!;
      if (depth >= this.maxDepth) continue;
      for (const url of links) {
        const known = this.depths.get(url);
        if (known !== undefined && known <= depth + 1) continue;
        if (known === undefined) {
          if (this.depths.size >= this.maxPages) {
            this.capped = true;
            continue;
          }
          fresh.push(url);
        }
        this.depths.set(url, depth + 1);
        recorded.push([url, depth + 1]);
        const followed = this.linksOf.get(url);
        if (followed) pending.push([followed, depth + 1]);
      }
    }
    if (recorded.length === 0) return;
    await this.record(recorded);
    if (fresh.length > 0) await this.runner.add(fresh);
  }

  private async sitemapUrls(start: string, robots: RobotsRules | undefined): Promise<string[]> {
    const listed = robots ? await robots.sitemaps(start) : [];
    const sitemaps = [...new Set([...listed, `${new URL(start).origin}/sitemap.xml`])];
    const urls: string[] = [];
    for (const sitemap of sitemaps) {
      try {
        const read = await readSitemap(sitemap, { userAgent: this.options.scrape?.userAgent, timeoutMs: this.options.timeoutMs, maxSitemaps: MAX_SITEMAPS });
        const inScope = read.urls.filter((url) => this.scope.has(url));
        urls.push(...inScope);
        this.options.onNotice?.(`${sitemap}: ${inScope.length} of ${read.urls.length} URLs in scope`);
      } catch (error) {
        // /sitemap.xml is only a guess: its absence is no news.
        if (listed.includes(sitemap)) this.options.onNotice?.(`${sitemap}: ${(error as Error).message}`);
      }
    }
    return urls;
  }

  private async loadDepths(): Promise<void> {
    const text = await readFile(this.depthsPath, 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      try {
        const [url, depth] = JSON.parse(line) as [string, number];
        if (typeof url === 'string' && Number.isInteger(depth)) this.depths.set(url, depth);
      } catch {
        // a line torn by a kill
      }
    }
  }

  /** Depths are recorded before their URLs join the batch (a URL without one counts as the start's). */
  private async record(entries: Array<[string, number]>): Promise<void> {
    for (const [url, depth] of entries) if (!this.depths.has(url) || this.depths.get(url)! > depth) this.depths.set(url, depth);
    if (entries.length === 0) return;
    await appendFile(this.depthsPath, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  }
}
