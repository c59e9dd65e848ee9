// "Always keep this on example.com": elements the user keeps on every page of a site, by the path
// the core reports (`RemovedNode.path`). A path names an element only where the page has that very
// structure (see elementAtPath), so on a page built differently it keeps nothing. Shared by the
// app (single pages) and the batch runner.

/** Paths to keep, by site (see siteOf). */
export type SiteKeeps = Record<string, readonly string[]>;

/**
 * The site a web page belongs to: its host name, lower-cased, without a leading "www." (the same
 * pages are served with and without it); null for anything that is not an http(s) URL.
 */
export function siteOf(url: string | undefined): string | null {
  if (url === undefined || !/^https?:\/\//i.test(url) || !URL.canParse(url)) return null;
  const host = new URL(url).hostname.toLowerCase();
  return host === '' ? null : host.replace(/^www\./, '');
}

/** The paths to keep on the page at `url`, added to `paths` (no duplicates). */
export function keepPathsFor(url: string | undefined, siteKeeps: SiteKeeps | undefined, paths: readonly string[] = []): string[] {
  const site = siteOf(url);
  const extra = site !== null && siteKeeps !== undefined && Object.hasOwn(siteKeeps, site) ? siteKeeps[site] : [];
  return extra.length === 0 ? [...paths] : [...new Set([...paths, ...extra])];
}
