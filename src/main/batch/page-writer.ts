// Writes one converted page of a batch: a name no other page has (from the template, made safe and
// unique), claimed in the journal before anything is written, then the images, the cleaned HTML
// and the Markdown last (its presence means the page is complete) — each atomically, never over a
// file already there unless the batch may overwrite.
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { BatchRow, BatchSettings } from '../../shared/batch';
import type { ConvertedPage } from '../../shared/page';
import { NameTakenError, writeAtomic } from './atomic-files';
import { localiseImages } from './images';
import { insideRoot, NameRegistry, namesFor, renderName, type ReservedName } from './names';

/** Where a page's name is kept: the journal-backed state. */
export interface NameClaims {
  /** A name claimed for this page by a run that did not finish it. */
  claimOf(index: number): string | undefined;
  /** Records the name before the files are written. */
  claim(index: number, base: string): Promise<void>;
  /** Every name the batch gave so far. */
  readonly claimedNames: readonly string[];
}

export interface WrittenPage {
  /** `folder/stem`, relative to the batch folder, without extension. */
  base: string;
  /** Size of the Markdown file, in bytes. */
  bytes: number;
  images?: BatchRow['images'];
}

export type WriterSettings = Pick<BatchSettings, 'nameTemplate' | 'overwrite' | 'cleanedHtml' | 'images' | 'timeoutMs'>;

/** A file of that name appeared meanwhile (another program): the next free name is tried, this many times. */
const MAX_NAME_RETRIES = 5;

export class PageWriter {
  private readonly names: NameRegistry;
  /** `{date}` in names: the day the batch ran. */
  private readonly date = new Date();

  constructor(
    private readonly root: string,
    private readonly settings: WriterSettings,
    private readonly claims: NameClaims,
    /** The batch's size now ({index} is padded to its width). */
    private readonly total: () => number,
    private readonly userAgent?: string,
  ) {
    this.names = new NameRegistry(root, { overwrite: settings.overwrite, withHtml: settings.cleanedHtml, withAssets: settings.images });
    for (const base of claims.claimedNames) this.names.claim(base);
  }

  async write(row: BatchRow, page: ConvertedPage, signal: AbortSignal): Promise<WrittenPage> {
    const { folders, stem } = renderName(this.settings.nameTemplate, {
      url: row.url,
      finalUrl: page.source.finalUrl,
      title: page.result.metadata.title,
      index: row.index,
      total: this.total(),
      date: this.date,
    });
    const claimed = this.claims.claimOf(row.index);
    // A previous run claimed this name and was killed before finishing: its files are ours to replace.
    let name = claimed !== undefined ? namesFor(claimed) : await this.names.reserve(folders, stem);
    const replace = claimed !== undefined || this.settings.overwrite;
    for (let tries = 0; ; tries++) {
      await this.claims.claim(row.index, name.base);
      try {
        return { base: name.base, ...(await this.writeFiles(name, page, replace, signal)) };
      } catch (error) {
        if (!(error instanceof NameTakenError) || tries >= MAX_NAME_RETRIES) throw error;
        name = await this.names.reserve(folders, stem);
      }
    }
  }

  /** Writes a page again in place, under the name its row has (its template learned after it was written). */
  async rewrite(row: BatchRow, page: ConvertedPage, signal: AbortSignal): Promise<WrittenPage> {
    if (row.file === undefined) throw new Error('the page has no file to rewrite');
    const name = namesFor(row.file.replace(/\.md$/i, ''));
    return { base: name.base, ...(await this.writeFiles(name, page, true, signal)) };
  }

  /** Images, then the cleaned HTML, then the Markdown (last: its presence means the page is complete). */
  private async writeFiles(name: ReservedName, page: ConvertedPage, replace: boolean, signal: AbortSignal): Promise<Omit<WrittenPage, 'base'>> {
    const { root } = this;
    let markdown = page.result.markdown;
    let images: BatchRow['images'];
    if (this.settings.images) {
      const result = await localiseImages(markdown, { root, assetsDir: insideRoot(root, name.assets), assetsName: basename(name.assets), signal, timeoutMs: this.settings.timeoutMs, userAgent: this.userAgent });
      markdown = result.markdown;
      if (result.saved + result.failed > 0) images = { saved: result.saved, failed: result.failed };
    }
    const written: string[] = [];
    try {
      if (this.settings.cleanedHtml) {
        await writeAtomic(root, insideRoot(root, name.html), page.result.cleanedHtml, replace);
        written.push(insideRoot(root, name.html));
      }
      await writeAtomic(root, insideRoot(root, name.markdown), markdown, replace);
    } catch (error) {
      if (error instanceof NameTakenError) for (const path of written) await rm(path, { force: true });
      throw error;
    }
    return { bytes: Buffer.byteLength(markdown), images };
  }
}
