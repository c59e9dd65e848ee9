// The Scraper's contract apart from any network: what an input means, local files, bytes in hand,
// bad options, and that nothing a caller passes makes it throw.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../../src/main/services/scrape-target';
import { Scraper } from '../../../src/main/services/scraper';
import { buildPdf } from '../../fixtures/pdf';
import { charsetPage, CHARSET_SAMPLES } from '../../fixtures/server';

let directory: string;
const scraper = new Scraper();

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'openscraper-scraper-'));
});
afterAll(async () => {
  await scraper.close();
  await rm(directory, { recursive: true, force: true });
});

describe('resolveTarget', () => {
  it('tells URLs from paths', () => {
    expect(resolveTarget('https://example.com/a?b#c')).toEqual({ kind: 'web', url: 'https://example.com/a?b#c' });
    expect(resolveTarget('HTTP://Example.com')).toEqual({ kind: 'web', url: 'http://example.com/' });
    expect(resolveTarget('file:///tmp/x.html')).toEqual({ kind: 'file', url: 'file:///tmp/x.html' });
    expect(resolveTarget('pages/x.html')).toEqual({ kind: 'file', url: pathToFileURL(join(process.cwd(), 'pages/x.html')).href });
  });

  it('refuses other schemes, empty input, and hints at https for a bare host name', () => {
    expect(() => resolveTarget('ftp://example.com/x')).toThrow('ftp: addresses are not supported');
    expect(() => resolveTarget('javascript:alert(1)')).toThrow('javascript: addresses are not supported');
    expect(() => resolveTarget('  ')).toThrow('the input is empty');
    expect(() => resolveTarget('example.com/page')).toThrow('for a web page, write https://example.com/page');
    // A missing file named like a host with a file ending is just a missing file.
    expect(resolveTarget('missing.html').kind).toBe('file');
  });
});

describe('Scraper', () => {
  it('never throws: every bad input is a failed Page with a code and one line', async () => {
    const cases: Array<[string, Parameters<Scraper['scrape']>[1], string]> = [
      ['', {}, 'invalid-input'],
      ['ftp://example.com/', {}, 'invalid-input'],
      ['example.com', {}, 'not-found'],
      [join(directory, 'missing.html'), {}, 'not-found'],
      [directory, {}, 'invalid-input'],
      ['https://example.com/', { timeoutMs: -5 }, 'invalid-input'],
      ['https://example.com/', { userAgent: 'two\nlines' }, 'invalid-input'],
      ['https://example.com/', { baseUrl: 'not a url' }, 'invalid-input'],
      ['https://example.com/', { signal: AbortSignal.abort() }, 'cancelled'],
    ];
    for (const [input, options, code] of cases) {
      const page = await scraper.scrape(input, options);
      expect(page, `${input} ${JSON.stringify(options)}`).toMatchObject({ ok: false, url: input, markdown: '', error: { code } });
      expect(page.error?.message).toMatch(/^[^\n]+$/);
    }
  });

  it('reads local HTML in its declared or detected encoding, keeping relative links relative', async () => {
    const path = join(directory, 'russian.htm');
    await writeFile(path, charsetPage('windows-1251', 'none').body);
    const page = await scraper.scrape(path);
    expect(page).toMatchObject({ ok: true, contentType: 'text/html', encoding: { name: 'windows-1251', source: 'detector' } });
    expect(page.markdown).toContain(CHARSET_SAMPLES['windows-1251'].text);

    const linked = join(directory, 'links.html');
    await writeFile(linked, '<p><a href="other.html">Other page</a></p>');
    expect((await scraper.scrape(linked)).markdown).toContain('[Other page](other.html)');
    expect((await scraper.scrape(linked, { baseUrl: 'https://example.com/docs/' })).markdown).toContain('[Other page](https://example.com/docs/other.html)');
  });

  it('tells each stage of a load as it starts, and what is kept by path', async () => {
    const path = join(directory, 'stages.html');
    await writeFile(path, '<footer><nav><a href="/a">About</a></nav><p>Fine print</p></footer><main><p>Story</p></main>');
    const stages: string[] = [];
    const page = await scraper.scrape(path, { onProgress: (progress) => stages.push(progress.stage), convert: { keep: { paths: ['body > footer'] } } });
    expect(stages).toEqual(['fetch', 'parse', 'clean', 'markdown']);
    expect(page.markdown).toContain('[About](/a)');
    expect(page.kept?.map((node) => node.path)).toEqual(['body > footer']);
  });

  it('refuses local files that are not HTML or PDF, and files over the size limit', async () => {
    const text = join(directory, 'notes.txt');
    await writeFile(text, 'Plain notes, not a page.');
    expect((await scraper.scrape(text)).error?.code).toBe('unsupported-type');
    const big = join(directory, 'big.html');
    await writeFile(big, `<p>${'x'.repeat(5000)}</p>`);
    expect((await scraper.scrape(big, { maxBytes: 1000 })).error?.code).toBe('too-large');
  });

  it('converts bytes in hand: HTML sniffed and decoded, PDF recognised', async () => {
    const html = await scraper.scrapeBytes(charsetPage('shift_jis', 'none').body);
    expect(html).toMatchObject({ ok: true, url: '-', encoding: { name: 'shift_jis' } });
    expect(html.markdown).toContain(CHARSET_SAMPLES.shift_jis.text);
    const pdf = await scraper.scrapeBytes(buildPdf({ pages: [[{ text: 'Bytes of a PDF.', size: 12, x: 72, y: 700 }]] }), { url: 'dropped.pdf' });
    expect(pdf).toMatchObject({ ok: true, url: 'dropped.pdf', contentType: 'application/pdf', markdown: 'Bytes of a PDF.\n' });
    const tooBig = await scraper.scrapeBytes(new Uint8Array(2000), {}, { maxBytes: 1000 });
    expect(tooBig.error?.code).toBe('too-large');
  });

  it('applies the constructor\'s options, with call options on top', async () => {
    const withDefaults = new Scraper({ convert: { frontMatter: true, rules: { boilerplate: false } } });
    const path = join(directory, 'page.html');
    await writeFile(path, '<title>Defaults</title><nav>Site menu</nav><p>Body text of the page.</p>');
    const page = await withDefaults.scrape(path);
    expect(page.markdown).toMatch(/^---\ntitle: "Defaults"\n---\n/);
    expect(page.markdown).toContain('Site menu');
    const overridden = await withDefaults.scrape(path, { convert: { frontMatter: false } });
    expect(overridden.markdown.startsWith('---')).toBe(false);
    expect(overridden.markdown).toContain('Site menu');
    await withDefaults.close();
  });
});
