// The npm package as another project sees it: `import { convert, Scraper } from 'openscraper'` from
// a different folder, resolved through package.json "exports" to the built JavaScript and types.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
let consumer: string;

beforeAll(() => {
  // CI builds first; locally, build the library when it is missing.
  if (!existsSync(join(root, 'dist/lib/index.js'))) execFileSync(process.execPath, ['scripts/build-lib.mjs'], { cwd: root, stdio: 'ignore' });
  consumer = mkdtempSync(join(tmpdir(), 'openscraper-consumer-'));
  mkdirSync(join(consumer, 'node_modules'));
  symlinkSync(root, join(consumer, 'node_modules/openscraper'), 'dir');
  writeFileSync(join(consumer, 'package.json'), '{"type":"module"}');
}, 120_000);

afterAll(() => rmSync(consumer, { recursive: true, force: true }));

describe('the openscraper package', () => {
  it('exports convert() to another project, with the removed <nav> and its rule and reason', () => {
    writeFileSync(
      join(consumer, 'use.js'),
      `import { convert } from 'openscraper';
       const result = convert('<nav><a href="/">Home</a></nav><h1>T</h1>', { url: 'https://e.com/' });
       console.log(JSON.stringify({ markdown: result.markdown, removed: result.removed.map(({ ruleId, reason, tag }) => ({ ruleId, reason, tag })) }));`,
    );
    const output = JSON.parse(execFileSync(process.execPath, ['use.js'], { cwd: consumer, encoding: 'utf8' }));
    expect(output).toEqual({ markdown: '# T\n', removed: [{ ruleId: 'nav', reason: '<nav> is site navigation', tag: 'nav' }] });
  });

  it('exports the Scraper, whose Page is converted or failed, at run time', () => {
    writeFileSync(
      join(consumer, 'scrape.js'),
      `import { Scraper } from 'openscraper';
       const scraper = new Scraper();
       const ok = await scraper.scrapeBytes(new TextEncoder().encode('<title>T</title><nav>menu</nav><p>Body.</p>'), { url: 'page.html' });
       const bad = await scraper.scrapeBytes(new TextEncoder().encode('%PDF-1.4 nothing'), { url: 'broken.pdf' });
       await scraper.close();
       console.log(JSON.stringify({ ok: { source: ok.source, markdown: ok.result.markdown, title: ok.result.metadata.title }, bad: { ok: bad.ok, code: bad.error.code } }));`,
    );
    const output = JSON.parse(execFileSync(process.execPath, ['scrape.js'], { cwd: consumer, encoding: 'utf8' }));
    expect(output).toEqual({
      ok: { source: { url: 'page.html', finalUrl: 'page.html', contentType: 'text/html', encoding: { name: 'utf-8', source: 'detector' }, rendered: false }, markdown: 'Body.\n', title: 'T' },
      bad: { ok: false, code: 'pdf' },
    });
  });

  it('ships types that a TypeScript project resolving like Node (nodenext) type-checks against', () => {
    // Right use compiles; wrong use (a failed page read as converted, a timeout as text) does not.
    writeFileSync(
      join(consumer, 'right.ts'),
      `import { convert, Scraper, SCRAPE_DEFAULTS, type ConvertResult, type Page } from 'openscraper';
       const result: ConvertResult = convert('<h1>T</h1>', { url: 'https://e.com/', keep: { rules: ['nav'] } });
       const scraper = new Scraper({ timeoutMs: 5_000, convert: { frontMatter: true } });
       const page: Page = await scraper.scrape('page.html', { render: false });
       const text: string = page.ok ? page.result.markdown + page.source.url : page.error.code;
       const timeout: number = SCRAPE_DEFAULTS.timeoutMs;
       console.log(result.removed.length, text, timeout);`,
    );
    writeFileSync(
      join(consumer, 'wrong.ts'),
      `import { Scraper } from 'openscraper';
       const page = await new Scraper().scrape('page.html');
       console.log(page.result.markdown);
       new Scraper({ timeoutMs: 'soon' });`,
    );
    // One compile of both (skipLibCheck spares checking zod's and parse5's own declarations: ours
    // are read all the same, and a type that failed to resolve would be \`any\` and let wrong.ts pass).
    const options = { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: true, types: [] };
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['right.ts', 'wrong.ts'] }));
    let output = '';
    try {
      execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: consumer, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout);
    }
    const errors = [...output.matchAll(/^(\w+)\.ts\(\d+,\d+\): error (TS\d+)/gm)].map((match) => `${match[1]} ${match[2]}`);
    expect(errors).toEqual(['wrong TS2339', 'wrong TS2322']);
  }, 60_000);
});
