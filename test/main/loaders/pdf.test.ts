// PDFs to Markdown: the layout rules on positioned runs, hand-written PDFs (no Chromium needed),
// and a PDF printed by Chromium from an HTML report (headings, wrapped and hyphenated lines, a
// table, a page break), loaded over HTTP and from a file.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLines, joinLines, layoutBlocks, type TextRun } from '../../../src/main/loaders/pdf-layout';
import { CHROMIUM_ARGS } from '../../../src/main/loaders/render-playwright';
import { Scraper } from '../../../src/main/services/scraper';
import { buildPdf } from '../../fixtures/pdf';
import { startTestServer, type TestServer } from '../../fixtures/server';
import { CHROMIUM_PATH, HAS_CHROMIUM, noteMissingChromium } from '../helpers/chromium';

const run = (text: string, x: number, y: number, size = 12, endOfLine = false): TextRun => ({ text, x, y, width: text.length * size * 0.5, size, endOfLine });

describe('joinLines', () => {
  it('undoes hyphenation before a lower-case letter, with any hyphen character', () => {
    expect(joinLines('extra-', 'ordinary')).toBe('extraordinary');
    expect(joinLines('hyphen\u2010', 'ated')).toBe('hyphenated');
    expect(joinLines('soft\u00ad', 'ware')).toBe('software');
  });

  it('keeps a hyphen before a capital or digit, and a space between plain lines', () => {
    expect(joinLines('Jean-', 'Paul')).toBe('Jean-Paul');
    expect(joinLines('COVID-', '19')).toBe('COVID-19');
    expect(joinLines('end of a line', 'next line')).toBe('end of a line next line');
    expect(joinLines('a dash -', 'here')).toBe('a dash - here');
  });
});

describe('layoutBlocks', () => {
  it('joins the lines of a paragraph, splits paragraphs at larger gaps, and finds headings by size', () => {
    const page = [
      run('Big Title', 72, 720, 24, true),
      run('First paragraph line one, which', 72, 690),
      run('continues on line two.', 72, 676),
      run('Second paragraph after a gap.', 72, 650),
      run('Sub heading', 72, 620, 16),
      run('Body again, with enough words to be the body size.', 72, 600),
    ];
    expect(layoutBlocks([page])).toEqual([
      [
        { kind: 'heading', level: 1, text: 'Big Title' },
        { kind: 'paragraph', level: 0, text: 'First paragraph line one, which continues on line two.' },
        { kind: 'paragraph', level: 0, text: 'Second paragraph after a gap.' },
        { kind: 'heading', level: 2, text: 'Sub heading' },
        { kind: 'paragraph', level: 0, text: 'Body again, with enough words to be the body size.' },
      ],
    ]);
  });

  it('puts runs on one baseline into one line, with spaces only where there is a gap, until an end of line', () => {
    const page = [run('Pro', 72, 700), run('duct', 90, 700), run('Units', 150, 700, 12, true), run('Sprocket', 72, 700)];
    expect(groupLines(page).map((line) => line.text)).toEqual(['Product Units', 'Sprocket']);
  });

  it('opens a paragraph at a first-line indent but not at a hanging indent', () => {
    const indented = [run('Indented start of one', 90, 700), run('paragraph, then text.', 72, 686), run('Another indented one.', 90, 672)];
    expect(layoutBlocks([indented])[0].map((b) => b.text)).toEqual(['Indented start of one paragraph, then text.', 'Another indented one.']);
    const hanging = [run('• a list item that', 72, 700), run('wraps under itself.', 84, 686)];
    expect(layoutBlocks([hanging])[0].map((b) => b.text)).toEqual(['• a list item that wraps under itself.']);
  });
});

let server: TestServer;
const scraper = new Scraper({ timeoutMs: 20_000 });
let directory: string;

beforeAll(async () => {
  server = await startTestServer();
  directory = await mkdtemp(join(tmpdir(), 'openscraper-pdf-'));
});
afterAll(async () => {
  await scraper.close();
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('hand-written PDFs', () => {
  const letter = buildPdf({
    info: { Title: 'Quarterly Letter', Author: 'Grace Hopper' },
    pages: [
      [
        { text: 'Dear Reader', size: 20, x: 72, y: 720 },
        { text: 'The first page has a para-', size: 12, x: 72, y: 690 },
        { text: 'graph split over two lines.', size: 12, x: 72, y: 676 },
      ],
      [{ text: 'The second page closes the letter.', size: 12, x: 72, y: 720 }],
    ],
  });

  it('comes out as a heading and paragraphs, hyphenation undone, no rule at the page break, metadata read', async () => {
    server.put('/letter.pdf', { contentType: 'application/pdf', body: letter });
    const page = await scraper.scrape(server.url('/letter.pdf'), { convert: { frontMatter: true } });
    expect(page).toMatchObject({ ok: true, contentType: 'application/pdf', status: 200, title: 'Quarterly Letter' });
    expect(page.metadata.author).toBe('Grace Hopper');
    expect(page.markdown).toBe(
      `---\ntitle: "Quarterly Letter"\nauthor: "Grace Hopper"\nsource: "${server.url('/letter.pdf')}"\n---\n\n# Dear Reader\n\nThe first page has a paragraph split over two lines.\n\nThe second page closes the letter.\n`,
    );
  });

  it('is found by content in a local file whatever its name', async () => {
    const path = join(directory, 'letter.html');
    await writeFile(path, letter);
    const page = await scraper.scrape(path);
    expect(page).toMatchObject({ ok: true, contentType: 'application/pdf' });
    expect(page.finalUrl).toMatch(/^file:\/\/.*letter\.html$/);
    expect(page.markdown).toContain('The second page closes the letter.');
  });

  it('refuses an encrypted PDF with a clear reason', async () => {
    server.put('/locked.pdf', { contentType: 'application/pdf', body: buildPdf({ pages: [[{ text: 'Secret', size: 12, x: 72, y: 720 }]], encrypted: true }) });
    const page = await scraper.scrape(server.url('/locked.pdf'));
    expect(page).toMatchObject({ ok: false, error: { code: 'pdf', message: 'the PDF is encrypted and needs a password to open' } });
  });

  it('refuses a truncated PDF with a clear reason', async () => {
    const path = join(directory, 'truncated.pdf');
    await writeFile(path, letter.subarray(0, Math.floor(letter.length / 3)));
    const page = await scraper.scrape(path);
    expect(page.ok).toBe(false);
    expect(page.error?.code).toBe('pdf');
    expect(page.error?.message).toMatch(/^the PDF is damaged or not a PDF/);
  });

  it('warns about a PDF without any text', async () => {
    const path = join(directory, 'blank.pdf');
    await writeFile(path, buildPdf({ pages: [[]] }));
    const page = await scraper.scrape(path);
    expect(page.ok).toBe(true);
    expect(page.markdown.trim()).toBe('');
    expect(page.warnings.map((w) => w.code)).toEqual(['no-text']);
  });
});

noteMissingChromium('the Chromium-printed PDF tests');

describe.skipIf(!HAS_CHROMIUM)('a PDF printed by Chromium', () => {
  let printed: Buffer;

  beforeAll(async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.setContent(readFileSync(join(import.meta.dirname, '../../fixtures/web/report.html'), 'utf8'));
      printed = await page.pdf({ format: 'A5' });
    } finally {
      await browser.close();
    }
    server.put('/report.pdf', { contentType: 'application/pdf', body: printed });
  });

  it('comes out as Markdown paragraphs with its headings and its table in reading order', async () => {
    const page = await scraper.scrape(server.url('/report.pdf'));
    expect(page.ok).toBe(true);
    expect(page.title).toBe('Widget Report 2025');
    const md = page.markdown;
    expect(md).toMatch(/^# Annual Widget Report\n\n/);
    // The wrapped first paragraph is one paragraph again.
    expect(md).toContain('\n\nThis report describes the production of widgets in the northern factory during the last fiscal year. The sentences are long enough to wrap over several lines of the printed page.\n\n');
    // The narrow paragraph breaks its long word at soft hyphens; the word comes back whole.
    expect(md).toContain('\n\nAntidisestablishmentarianism ends here.\n\n');
    expect(md).toContain('\n\n## Production figures\n\n');
    // The table's header cells are bold: the first row becomes the header.
    expect(md).toContain('\n\n| Product | Units | Price |\n| --- | --- | --- |\n| Sprocket | 1200 | 3.50 |\n| Gizmo | 800 | 7.25 |\n\n');
    expect(md).not.toContain('***');
    const order = ['## Production figures', '| Product', 'A closing paragraph after the table.', '## Second page', 'Text on the second page.'];
    const positions = order.map((text) => md.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('refuses the same PDF cut in half', async () => {
    server.put('/report-cut.pdf', { contentType: 'application/pdf', body: printed.subarray(0, printed.length >> 1) });
    const page = await scraper.scrape(server.url('/report-cut.pdf'));
    expect(page).toMatchObject({ ok: false, error: { code: 'pdf' } });
  });
});

describe.skipIf(!HAS_CHROMIUM)('a docs page printed by Chromium with its header and footer', () => {
  const source = readFileSync(join(import.meta.dirname, '../../fixtures/web/docs-page.html'), 'utf8');
  let markdown: string;

  beforeAll(async () => {
    server.put('/docs/numeric-types.html', { contentType: 'text/html; charset=utf-8', body: Buffer.from(source) });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    let printed: Buffer;
    try {
      const page = await browser.newPage();
      await page.goto(server.url('/docs/numeric-types.html'));
      // The date and title at the top of every page, the URL and "n/m" at the bottom.
      printed = await page.pdf({ format: 'A5', displayHeaderFooter: true, margin: { top: '1.5cm', bottom: '1.5cm', left: '1cm', right: '1cm' } });
    } finally {
      await browser.close();
    }
    server.put('/docs/numeric-types.pdf', { contentType: 'application/pdf', body: printed });
    const result = await scraper.scrape(server.url('/docs/numeric-types.pdf'));
    expect(result.ok).toBe(true);
    markdown = result.markdown;
  });

  it('has its headings, by size and (at body size) by weight, in order', () => {
    const headings = markdown.split('\n').filter((line) => line.startsWith('#'));
    const expected = ['# 8.1. Numeric Types'];
    for (let section = 1; section <= 3; section++) {
      expected.push(`## 8.1.${section}. Section ${section}`);
      for (let sub = 1; sub <= 2; sub++) expected.push(`### Details ${section}.${sub}`);
    }
    expect(headings).toEqual(expected);
  });

  it('has none of the printed headers and footers', () => {
    expect(markdown).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{2,4},/);
    expect(markdown).not.toContain(server.url('/docs/numeric-types.html'));
    expect(markdown).not.toMatch(/^\d+\/\d+$/m);
    // The title is printed at the top of every page; the document has it once, as its heading.
    expect(markdown.split('8.1. Numeric Types').length - 1).toBe(1);
  });

  it('keeps each paragraph whole across page breaks, with no rule between pages', () => {
    const paragraphs = [...source.matchAll(/<p>([^<]+)<\/p>/g)].map((match) => match[1]);
    expect(paragraphs.length).toBeGreaterThan(10);
    for (const paragraph of paragraphs) expect(`${markdown}\n`).toContain(`\n\n${paragraph}\n\n`);
    expect(markdown).not.toContain('***');
  });

  it('has its table as a table, header row first', () => {
    expect(markdown).toContain(
      '| Name | Storage Size | Description | Range |\n| --- | --- | --- | --- |\n| smallint | 2 bytes | small-range integer | -32768 to +32767 |\n' +
        '| integer | 4 bytes | typical choice for integer | -2147483648 to +2147483647 |\n| bigint | 8 bytes | large-range integer | -9223372036854775808 to +9223372036854775807 |',
    );
  });
});
