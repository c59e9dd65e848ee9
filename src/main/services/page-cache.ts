// The HTML of recently loaded pages, kept in main so a "keep" toggle re-converts without the
// renderer sending megabytes back. Least recently used pages go first; the total is bounded.
import { randomUUID } from 'node:crypto';

export interface CachedPage {
  html: string;
  /** The URL links were resolved against at load time (reused on re-conversion). */
  url?: string;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly maxPages = 4,
    private readonly maxChars = 256 * 1024 * 1024,
  ) {}

  put(page: CachedPage): string {
    const id = randomUUID();
    this.pages.set(id, page);
    this.evict();
    return id;
  }

  get(id: string): CachedPage | undefined {
    const page = this.pages.get(id);
    if (page) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.pages.delete(id);
      this.pages.set(id, page);
    }
    return page;
  }

  get size(): number {
    return this.pages.size;
  }

  private evict(): void {
    let total = 0;
    for (const page of this.pages.values()) total += page.html.length;
    for (const [id, page] of this.pages) {
      if (this.pages.size <= 1 || (this.pages.size <= this.maxPages && total <= this.maxChars)) break;
      this.pages.delete(id);
      total -= page.html.length;
    }
  }
}
