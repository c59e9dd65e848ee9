// The Scraper reads and converts each page where a runaway can be stopped: a page that needs more
// memory than a page may have fails alone with a clear reason, and the next page converts; a PDF
// that inflates past its memory cap is stopped, and the next PDF reads.
import { afterAll, describe, expect, it } from 'vitest';
import { PagePool } from '../../../src/main/isolation/page-pool';
import { PdfPool } from '../../../src/main/isolation/pdf-pool';
import { Scraper } from '../../../src/main/services/scraper';
import { buildPdf, inflationBombPdf } from '../../fixtures/pdf';

const pages = new PagePool({ maxHeapMb: 48, size: 1 });
const pdfs = new PdfPool({ maxMemoryMb: 200, size: 1 });
const scraper = new Scraper({}, { pages, pdfs });
afterAll(async () => {
  await Promise.all([pages.close(), pdfs.close(), scraper.close()]);
});

const html = (text: string) => new TextEncoder().encode(text);

describe('isolated pages', () => {
  it('fails a page that needs more memory than a page may use, alone, and converts the next', async () => {
    // 300,000 paragraphs: fine under the default heap, far too much for 48 MB.
    const poison = await scraper.scrapeBytes(html('<p>x</p>'.repeat(300_000)), { url: 'poison.html', contentType: 'text/html' });
    expect(poison.ok).toBe(false);
    expect(!poison.ok && poison.error).toEqual({ code: 'budget', message: 'the page needs more memory than the 48 MB a page may use, and was stopped' });
    const next = await scraper.scrapeBytes(html('<h1>Next</h1><p>fine</p>'), { url: 'next.html', contentType: 'text/html' });
    expect(next.ok).toBe(true);
    expect(next.ok && next.result.markdown).toBe('# Next\n\nfine\n');
    expect(pages.started).toBe(2);
  }, 60_000);

  it('stops a PDF that inflates past its memory cap, and reads the next PDF', async () => {
    const bomb = inflationBombPdf(400);
    expect(bomb.byteLength).toBeLessThan(20_000);
    const stopped = await scraper.scrapeBytes(bomb, { url: 'bomb.pdf', contentType: 'application/pdf' });
    expect(stopped.ok).toBe(false);
    expect(!stopped.ok && stopped.error).toEqual({ code: 'budget', message: 'the PDF needs more memory than the 200 MB a PDF may use, and was stopped' });
    const pdf = buildPdf({ pages: [[{ text: 'A fine PDF', size: 12, x: 72, y: 700 }]] });
    const read = await scraper.scrapeBytes(pdf, { url: 'fine.pdf', contentType: 'application/pdf' });
    expect(read.ok ? undefined : read.error.message).toBeUndefined();
    expect(read.ok).toBe(true);
    expect(read.ok && read.result.markdown).toContain('A fine PDF');
    expect(pdfs.started).toBe(2);
    // Two PDF processes start here, each loading pdf.js (through tsx, in tests): slow on a busy machine.
  }, 120_000);

  it('cancels a conversion that is running by stopping its worker', async () => {
    const controller = new AbortController();
    const pending = scraper.scrapeBytes(html('<p>x</p>'.repeat(100_000)), { url: 'slow.html', contentType: 'text/html' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const page = await pending;
    expect(page.ok).toBe(false);
    expect(!page.ok && page.error.code).toBe('cancelled');
  });
});
