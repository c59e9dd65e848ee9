// Learning each site's template within one batch or crawl. The first pages of a site are converted
// as they are and sampled (their block fingerprints, and their HTML while few are held); once
// SAMPLE_PAGES of them are in, or the run ends, the blocks on most of them are the site's template
// and every later page of the site is converted with it (rule "site-template"). Sampled pages
// already written are converted again from their HTML and rewritten at the end. The templates are
// kept in the work folder, so an update converts with the same template and unchanged pages stay
// unchanged.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { learnSiteTemplate, pageFingerprints, type SiteTemplate } from '../../shared/core';
import type { Warning } from '../../shared/core/types';
import type { ConvertedPage, SourceFacts } from '../../shared/page';
import { siteOf } from '../../shared/site-keeps';
import { WORK_DIR, writeAtomic } from './atomic-files';

/** Pages of a site sampled before its template is decided. */
export const SAMPLE_PAGES = 50;
/** Sampled pages whose HTML is held (for rewriting) across all sites at once: memory stays bounded. */
const MAX_HELD_PAGES = 400;
const TEMPLATES_FILE = 'site-templates.json';

/** What a page's conversion again needs: where it came from, its HTML, what loading warned about. */
export interface PageSourceHtml {
  source: SourceFacts;
  originalHtml: string;
  /** The result's warnings (those of loading are kept). */
  warnings: readonly Warning[];
}

interface Held extends PageSourceHtml {
  index: number;
  /** The Markdown written for it. */
  markdown: string;
}

interface SiteState {
  fingerprints: string[][];
  held: Held[];
  /** Decided: the template, or null when the site has none (too few pages, nothing repeated). */
  template?: SiteTemplate | null;
}

/** Converts a page's HTML again with a template (the runner's conversion options). */
export type Reconvert = (page: PageSourceHtml, template: SiteTemplate) => Promise<ConvertedPage>;

export interface Rewrite {
  index: number;
  page: ConvertedPage;
}

export class TemplateLearner {
  private readonly sites = new Map<string, SiteState>();
  private held = 0;

  private constructor(
    private readonly root: string,
    private readonly reconvert: Reconvert,
  ) {}

  /** The learner of the batch in `root`, with the templates a run before decided. */
  static async open(root: string, reconvert: Reconvert): Promise<TemplateLearner> {
    const learner = new TemplateLearner(root, reconvert);
    try {
      const stored = JSON.parse(await readFile(join(root, WORK_DIR, TEMPLATES_FILE), 'utf8')) as Record<string, SiteTemplate | null>;
      for (const [site, template] of Object.entries(stored)) learner.sites.set(site, { fingerprints: [], held: [], template });
    } catch {
      // none yet
    }
    return learner;
  }

  /** The template to convert a page at `url` with: undefined while the site's is being learned or when it has none. */
  templateFor(url: string): SiteTemplate | undefined {
    const site = siteOf(url);
    return site === null ? undefined : (this.sites.get(site)?.template ?? undefined);
  }

  /**
   * A page converted with `used` (the template when the fetch started, if any). Returns the page to
   * write: sampled as it is while the site's template is learned, converted again when the template
   * was decided meanwhile.
   */
  async take(index: number, url: string, page: ConvertedPage, used: SiteTemplate | undefined): Promise<ConvertedPage> {
    const site = siteOf(page.source.finalUrl ?? url) ?? siteOf(url);
    if (site === null || used !== undefined) return page;
    let state = this.sites.get(site);
    if (!state) this.sites.set(site, (state = { fingerprints: [], held: [] }));
    if (state.template === undefined) {
      state.fingerprints.push(safeFingerprints(page.originalHtml));
      if (state.fingerprints.length < SAMPLE_PAGES) {
        if (this.held < MAX_HELD_PAGES) {
          state.held.push({ index, source: page.source, originalHtml: page.originalHtml, warnings: page.result.warnings, markdown: page.result.markdown });
          this.held++;
        }
        return page;
      }
      await this.decide(site, state);
    }
    return state.template ? ((await this.reconvertSafely({ ...page, warnings: page.result.warnings }, state.template)) ?? page) : page;
  }

  /**
   * The run ended: sites still learning decide with the pages they have. Returns the sampled pages
   * to convert again and rewrite (those the template changes), and forgets them.
   */
  async finish(): Promise<Rewrite[]> {
    const rewrites: Rewrite[] = [];
    for (const [site, state] of this.sites) {
      if (state.template === undefined && state.fingerprints.length > 0) await this.decide(site, state);
      if (state.template) {
        for (const held of state.held) {
          const again = await this.reconvertSafely(held, state.template);
          if (again && again.result.markdown !== held.markdown) rewrites.push({ index: held.index, page: again });
        }
      }
      this.held -= state.held.length;
      state.held = [];
    }
    return rewrites;
  }

  private async decide(site: string, state: SiteState): Promise<void> {
    const template = learnSiteTemplate(site, state.fingerprints);
    state.template = template && Object.keys(template.blocks).length > 0 ? template : null;
    state.fingerprints = [];
    await this.save();
  }

  /** Undefined when it cannot be (over the budget a second time): the page stays as it was converted. */
  private async reconvertSafely(page: PageSourceHtml, template: SiteTemplate): Promise<ConvertedPage | undefined> {
    try {
      return await this.reconvert(page, template);
    } catch {
      return undefined;
    }
  }

  private async save(): Promise<void> {
    const decided = Object.fromEntries([...this.sites].filter(([, state]) => state.template !== undefined).map(([site, state]) => [site, state.template]));
    await writeAtomic(this.root, join(this.root, WORK_DIR, TEMPLATES_FILE), `${JSON.stringify(decided)}\n`, true).catch(() => undefined);
  }
}

function safeFingerprints(html: string): string[] {
  try {
    return pageFingerprints(html);
  } catch {
    return [];
  }
}
