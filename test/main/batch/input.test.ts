// What a batch reads its URLs from: lists with comments and notes, CSV with a url column and
// quoted fields, sitemaps (urlset, index, gzip, CDATA, entities, foreign <image:loc>), local files.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBatchInput } from '../../../src/main/batch/input';
import { decodeListBytes, parseSitemapXml, readSitemap, SitemapError } from '../../../src/main/batch/sitemap';
import { normaliseUrl, parseCsv, parseUrlList, UrlCollector } from '../../../src/main/batch/url-list';
import { type Site, startSite } from './helpers/site';

describe('URL lists', () => {
  it('normalises URLs so equal pages are found equal', () => {
    expect(normaliseUrl('  HTTPS://Example.COM:443/a/../b?q=1#frag ')).toEqual({ url: 'https://example.com/b?q=1' });
    expect(normaliseUrl('example.org/page')).toEqual({ url: 'https://example.org/page' });
    expect(normaliseUrl('ftp://example.org/')).toEqual({ reason: 'ftp: addresses are not loaded (only http and https)' });
    expect(normaliseUrl('just words')).toEqual({ reason: 'not a URL' });
    expect(normaliseUrl('file:///etc/passwd')).toMatchObject({ reason: expect.stringContaining('file:') });
  });

  it('reads one URL per line, skipping blanks and comments, keeping the first of duplicates', () => {
    const list = parseUrlList('\ufeff# my list\nhttps://a.example/1\n\n  https://a.example/2   a note\nhttps://A.example/1#top\n// not one\nhttps://a.example/3\r\n');
    expect(list.urls).toEqual(['https://a.example/1', 'https://a.example/2', 'https://a.example/3']);
    expect(list.duplicates).toBe(1);
    expect(list.rejected).toEqual([{ line: 6, text: '// not one', reason: 'not a URL' }]);
  });

  it('reads CSV and TSV by their url column, quoted fields included', () => {
    const csv = 'title,URL,notes\n"Hello, world",https://a.example/1,"multi\nline"\nSecond,https://a.example/2,\n# comment,x\nBad,nope,\n';
    const list = parseUrlList(csv, { name: 'pages.csv' });
    expect(list.urls).toEqual(['https://a.example/1', 'https://a.example/2']);
    expect(list.rejected).toEqual([{ line: 5, text: 'nope', reason: 'not a URL' }]);
    expect(parseUrlList('url\tname\nhttps://b.example/\tB\n', { name: 'x.tsv' }).urls).toEqual(['https://b.example/']);
    // Without a header, the cell that is a URL.
    expect(parseUrlList('one,https://c.example/1\ntwo,https://c.example/2\n', { format: 'csv' }).urls).toEqual(['https://c.example/1', 'https://c.example/2']);
    expect(parseCsv('a,"b ""q"" c",d\r\n1,2,3', ',')).toEqual([
      ['a', 'b "q" c', 'd'],
      ['1', '2', '3'],
    ]);
  });

  it('stops at the limit, counting the URLs past it apart, and keeps only a sample of rejected lines', () => {
    const collector = new UrlCollector(3);
    const list = parseUrlList(`${Array.from({ length: 5 }, (_, i) => `https://d.example/${i}`).join('\n')}\n${'bad\n'.repeat(500)}`, { collector });
    expect(collector.urls).toHaveLength(3);
    expect(list.overLimit).toBe(2);
    expect(collector.rejected).toHaveLength(200);
    expect(list.rejectedTotal).toBe(500);
    expect(collector.rejected[0]).toEqual({ line: 6, text: 'bad', reason: 'not a URL' });
  });
});

describe('sitemaps', () => {
  let site: Site;
  let dir: string;
  beforeAll(async () => {
    site = await startSite();
    dir = await mkdtemp(join(tmpdir(), 'openscraper-sitemap-'));
  });
  afterAll(async () => {
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads <loc> of pages, not of images; entities and CDATA decoded; comments ignored', async () => {
    const xml = `<?xml version="1.0"?><!-- <loc>https://e.example/commented</loc> -->
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <url><loc> https://e.example/a?x=1&amp;y=&#50; </loc><image:image><image:loc>https://e.example/pic.png</image:loc></image:image></url>
        <url><loc><![CDATA[https://e.example/b?x=1&y=2]]></loc><lastmod>2024-01-01</lastmod></url>
      </urlset>`;
    expect(await parseSitemapXml(xml)).toEqual({ kind: 'urlset', locs: ['https://e.example/a?x=1&y=2', 'https://e.example/b?x=1&y=2'] });
    expect(await parseSitemapXml('<sm:sitemapindex xmlns:sm="x"><sm:sitemap><sm:loc>https://e.example/s1.xml</sm:loc></sm:sitemap></sm:sitemapindex>')).toEqual({ kind: 'index', locs: ['https://e.example/s1.xml'] });
    await expect(parseSitemapXml('<html><body>no</body></html>')).rejects.toThrow(SitemapError);
  });

  it('reads 160,000 unclosed <loc> and repeated unclosed comments without a pattern that backtracks', async () => {
    // These took 94 s each with a regular expression over the document; the streaming parser reads
    // each character once (and recovers from the mismatched end tag as XML parsers do).
    const unclosed = await parseSitemapXml(`<urlset>${'<loc>x'.repeat(160_000)}</urlset>`);
    expect(unclosed.kind).toBe('urlset');
    expect(unclosed.locs.length).toBeLessThanOrEqual(1);
    expect(await parseSitemapXml(`<urlset><url><loc>https://e.example/a</loc></url>${'<!--'.repeat(100_000)}</urlset>`)).toEqual({ kind: 'urlset', locs: ['https://e.example/a'] });
  });

  it('never expands entities a DTD declares (billion laughs)', async () => {
    const lol = '<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>';
    const parsed = await parseSitemapXml(`${lol}<urlset><url><loc>https://e.example/&c;</loc></url><url><loc>https://e.example/ok</loc></url></urlset>`);
    expect(parsed.locs).toContain('https://e.example/ok');
    expect(parsed.locs.join('')).not.toContain('aaaaaaaaaa');
  });

  it('refuses a local sitemap over the limit, as it refuses a download, and gzip that inflates past it', async () => {
    const path = join(dir, 'big.xml');
    await writeFile(path, `<urlset>${'<url><loc>https://e.example/x</loc></url>'.repeat(2000)}</urlset>`);
    await expect(readBatchInput({ kind: 'path', path }, { maxBytes: 50_000 })).rejects.toThrow(/larger than 48\.8 KiB/);
    expect(() => decodeListBytes(gzipSync(Buffer.alloc(200_000, 0x20)), 50_000)).toThrow(/larger than 48\.8 KiB once decompressed/);
  });

  it('reports URLs over the batch limit as such, and counts every line that is not a URL', async () => {
    const lines = [...Array.from({ length: 5 }, (_, i) => `https://f.example/${i}`), ...Array.from({ length: 300 }, () => 'not a url')];
    const input = await readBatchInput({ kind: 'text', text: lines.join('\n') });
    expect(input.urls).toHaveLength(5);
    expect(input.rejectedTotal).toBe(300);
    expect(input.rejected).toHaveLength(200);
  });

  it('follows an index (gzipped children too), reads each sitemap once, and reports a missing child', async () => {
    const list = await readSitemap(site.url('/sitemap.xml'));
    expect(list.sitemaps).toEqual([site.url('/sitemap.xml'), site.url('/sitemap-1.xml'), site.url('/sitemap-2.xml.gz')]);
    expect(list.urls).toHaveLength(100);
    expect(list.urls[0]).toBe(site.url('/p/100?a=1&b=2'));
    expect(list.errors).toEqual([{ url: site.url('/sitemap-missing.xml'), message: 'the server answered HTTP 404' }]);
    await expect(readSitemap(site.url('/nope.xml'))).rejects.toThrow('the server answered HTTP 404');
    await expect(readSitemap(site.url('/p/1'))).rejects.toThrow('not a sitemap');
  });

  it('refuses a gzip bomb at the size limit', () => {
    const bomb = gzipSync(Buffer.alloc(2 * 1024 * 1024, ' '));
    expect(() => decodeListBytes(bomb, 1024 * 1024)).toThrow(/larger than 1 MiB once decompressed/);
  });

  it('reads local files: a gzipped list, a sitemap file naming remote children, or text holding one sitemap URL', async () => {
    const listFile = join(dir, 'urls.txt.gz');
    await writeFile(listFile, gzipSync('https://f.example/1\nhttps://f.example/2\n'));
    expect((await readBatchInput({ kind: 'path', path: listFile })).urls).toEqual(['https://f.example/1', 'https://f.example/2']);
    const index = join(dir, 'sitemap.xml');
    await writeFile(index, `<sitemapindex><sitemap><loc>${site.url('/sitemap-1.xml')}</loc></sitemap></sitemapindex>`);
    expect((await readBatchInput({ kind: 'path', path: index })).urls).toHaveLength(50);
    const pasted = await readBatchInput({ kind: 'text', text: `  ${site.url('/sitemap-2.xml.gz')}\n` });
    expect(pasted.sitemaps).toEqual([site.url('/sitemap-2.xml.gz')]);
    expect(pasted.urls).toHaveLength(50);
  });
});
