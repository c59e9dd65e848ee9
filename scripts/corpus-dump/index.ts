// Dumps every corpus page's full outputs — Markdown, cleaned HTML, removal records, metadata,
// warnings, stats without timings, source facts — through every front, so a restructuring can be
// shown to change nothing: dump before, dump after, compare.
//
//   npx tsx scripts/corpus-dump/index.ts --corpus ../shared/corpus --out /tmp/dump-before
//   npx tsx scripts/corpus-dump/index.ts --compare /tmp/dump-before /tmp/dump-after
//
// Fronts (--modes, all by default):
//   lib      the library: new Scraper().scrape(file), default options and with front matter + source locations
//   cli      the built CLI (dist/lib/cli.js, built when stale): --json, and --json with other options
//   app      the app's services (the web bridge's handlers): page:load of the path as typed, of the
//            file's bytes and of its decoded HTML, then page:convert keeping the first removals
//   batch    the built CLI's batch over a local HTTP server: every written file and the manifest
//   spec     convert() on every CommonMark and GFM spec example's HTML
// Pages: html/*.html.gz of every corpus set (aeb, trafilatura, or the folder given); --limit N per set.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { convert } from '../../src/shared/core';
import { Scraper } from '../../src/main/services/scraper';
import { createServices } from '../../src/main/services/handlers';
import { buildPdf } from '../../test/fixtures/pdf';
import { builtCli } from '../soak/built-cli';
import { digest, normalisePage, normaliseResult, stableJson } from './normalise';

const ROOT = resolve(import.meta.dirname, '../..');
const MODES = ['lib', 'cli', 'app', 'batch', 'spec'] as const;
type Mode = (typeof MODES)[number];

interface CorpusFile {
  /** `<set>-<id>`: unique over the sets, and the dump's file name. */
  name: string;
  path: string;
}

function say(line: string): void {
  process.stderr.write(`corpus-dump: ${line}\n`);
}

/** Every html/*.html.gz (or .html) under the corpus, written out plain into `dir`. */
function extractPages(corpus: string, dir: string, limit: number | undefined): CorpusFile[] {
  const sets = existsSync(join(corpus, 'html')) ? [corpus] : readdirSync(corpus).map((name) => join(corpus, name)).filter((path) => existsSync(join(path, 'html')));
  const files: CorpusFile[] = [];
  for (const set of sets.sort()) {
    const setName = set.split(/[/\\]/).pop()!;
    const names = readdirSync(join(set, 'html')).filter((name) => /\.html(\.gz)?$/.test(name)).sort();
    for (const name of names.slice(0, limit ?? names.length)) {
      const raw = readFileSync(join(set, 'html', name));
      const bytes = name.endsWith('.gz') ? gunzipSync(raw) : raw;
      const id = `${setName}-${name.replace(/\.html(\.gz)?$/, '')}`;
      const path = join(dir, `${id}.html`);
      writeFileSync(path, bytes);
      files.push({ name: id, path });
    }
  }
  return files;
}

/**
 * Beyond the corpus: the project's own HTML fixtures, small PDFs (one with two pages and metadata,
 * one encrypted), a file of another type and a missing file — so failures are dumped too.
 */
function extraPages(dir: string): CorpusFile[] {
  const files: CorpusFile[] = [];
  const fixtures = join(ROOT, 'test/fixtures');
  for (const entry of readdirSync(fixtures, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const name = `fixture-${relative(fixtures, join(entry.parentPath, entry.name)).replace(/[/\\]/g, '-').replace(/\.html$/, '')}`;
    const path = join(dir, `${name}.html`);
    writeFileSync(path, readFileSync(join(entry.parentPath, entry.name)));
    files.push({ name, path });
  }
  const line = (text: string, size: number, y: number) => ({ text, size, x: 72, y });
  const pdfs: Array<[string, Buffer]> = [
    ['pdf-report', buildPdf({ pages: [[line('Quarterly report', 24, 700), line('Revenue grew in every region.', 12, 660)], [line('Outlook', 18, 700), line('Next year looks steady.', 12, 670)]], info: { Title: 'Report', Author: 'A. Writer' } })],
    ['pdf-encrypted', buildPdf({ pages: [[line('Secret', 12, 700)]], encrypted: true })],
  ];
  for (const [name, bytes] of pdfs) {
    const path = join(dir, `${name}.pdf`);
    writeFileSync(path, bytes);
    files.push({ name, path });
  }
  const text = join(dir, 'other-type.json');
  writeFileSync(text, '{"not":"html"}');
  files.push({ name: 'other-type', path: text });
  files.push({ name: 'missing', path: join(dir, 'missing.html') });
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

function run(command: string, args: string[], cwd = ROOT): Promise<{ code: number; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code: code ?? 1, stderr }));
  });
}

class Dump {
  constructor(
    readonly out: string,
    readonly replacements: ReadonlyArray<[string, string]>,
  ) {}

  write(relativePath: string, value: unknown): void {
    const path = join(this.out, relativePath);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, typeof value === 'string' ? this.clean(value) : stableJson(value, this.replacements));
  }

  readonly clean = (text: string): string => {
    let result = text;
    for (const [from, to] of this.replacements) result = result.split(from).join(to);
    return result;
  }
}

async function dumpLibrary(files: CorpusFile[], dump: Dump): Promise<void> {
  const variants: Array<[string, ConstructorParameters<typeof Scraper>[0]]> = [
    ['default', {}],
    ['front-matter', { convert: { frontMatter: true, sourceLocations: true } }],
  ];
  for (const [variant, options] of variants) {
    const scraper = new Scraper(options);
    for (const file of files) {
      const page = (await scraper.scrape(file.path)) as unknown as Record<string, unknown>;
      dump.write(`lib/${variant}/${file.name}.json`, normalisePage(page, dump.clean));
      // A failed page has no cleaned HTML: written as empty.
      if (variant === 'default') dump.write(`lib/${variant}/${file.name}.cleaned.html`, String((page.result as Record<string, unknown> | undefined)?.cleanedHtml ?? page.cleanedHtml ?? ''));
    }
    await scraper.close();
    say(`lib ${variant}: ${files.length} pages`);
  }
}

async function dumpCli(files: CorpusFile[], dump: Dump, work: string): Promise<void> {
  const cli = builtCli(ROOT, say);
  const variants: Array<[string, string[]]> = [
    ['json', ['--json']],
    ['options', ['--json', '--front-matter', '--no-boilerplate', '--data-images', 'keep', '--keep-rule', 'share-bar']],
  ];
  for (const [variant, flags] of variants) {
    const outDir = join(work, `cli-${variant}`);
    mkdirSync(outDir, { recursive: true });
    // In chunks, so no argument list grows too long; one file per input in the folder.
    for (let start = 0; start < files.length; start += 100) {
      const chunk = files.slice(start, start + 100);
      const chunkDir = join(outDir, String(start));
      const { code, stderr } = await run(process.execPath, [cli, ...flags, '-o', `${chunkDir}/`, ...chunk.map((file) => file.path)]);
      if (code !== 0 && code !== 1) throw new Error(`the CLI failed (${code}): ${stderr.slice(0, 500)}`);
      dump.write(`cli/${variant}/stderr-${String(start).padStart(4, '0')}.txt`, `exit status ${code}\n${stderr}`);
      for (const file of chunk) {
        // A failed input has no file in the folder: stderr (above) says why.
        const output = join(chunkDir, `${file.name}.json`);
        if (!existsSync(output)) continue;
        const page = JSON.parse(readFileSync(output, 'utf8')) as Record<string, unknown>;
        dump.write(`cli/${variant}/${file.name}.json`, { input: page.input, ...normalisePage(page, dump.clean) });
      }
    }
    say(`cli ${variant}: ${files.length} pages`);
  }
}

async function dumpApp(files: CorpusFile[], dump: Dump): Promise<void> {
  const services = createServices({ mode: 'web', chooseSavePath: async () => undefined });
  const { handlers } = services;
  try {
    // What page:load answers: the page and its id (the page's fields on the answer itself, before the Page shape).
    const load = async (input: Parameters<typeof handlers['page:load']>[0]['input'], i: number) => {
      const answer = (await handlers['page:load']({ requestId: `dump-${i}`, input })) as unknown as Record<string, unknown>;
      return { page: (answer.page ?? answer) as Record<string, unknown>, pageId: answer.pageId as string | undefined };
    };
    for (const [i, file] of files.entries()) {
      const typed = await load({ kind: 'url', url: file.path }, i);
      dump.write(`app/typed/${file.name}.json`, normalisePage(typed.page, dump.clean));
      if (!existsSync(file.path)) continue;
      const bytes = readFileSync(file.path);
      const dropped = await load({ kind: 'file', name: relative(join(file.path, '..'), file.path), base64: bytes.toString('base64') }, i);
      dump.write(`app/file/${file.name}.json`, normalisePage(dropped.page, dump.clean));
      if (file.path.endsWith('.html')) {
        const pasted = await load({ kind: 'html', html: new TextDecoder().decode(bytes), name: file.name }, i);
        dump.write(`app/html/${file.name}.json`, normalisePage(pasted.page, dump.clean));
      }
      // Keep the first three removals, as the app's "keep" buttons would.
      const removed = (normalisePage(dropped.page, dump.clean).removed as Array<{ path: string }> | undefined) ?? [];
      if (dropped.pageId) {
        const reconverted = await handlers['page:convert']({ requestId: `dump-c${i}`, pageId: dropped.pageId, options: { keep: { paths: removed.slice(0, 3).map((r) => r.path) } } });
        dump.write(`app/keep/${file.name}.json`, reconverted.ok ? normaliseResult(reconverted.result as unknown as Record<string, unknown>, dump.clean) : reconverted);
      }
    }
  } finally {
    await services.close();
  }
  say(`app: ${files.length} pages (file, pasted HTML, keep)`);
}

async function dumpBatch(files: CorpusFile[], dump: Dump, work: string): Promise<void> {
  const cli = builtCli(ROOT, say);
  const served = (file: CorpusFile) => `/${relative(join(file.path, '..'), file.path)}`;
  const byPath = new Map(files.map((file) => [served(file), file.path]));
  const types: Record<string, string> = { html: 'text/html', pdf: 'application/pdf', json: 'application/json' };
  const server = createServer((request, response) => {
    const path = byPath.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path || !existsSync(path)) {
      response.writeHead(404).end();
      return;
    }
    // No charset: the bytes and their <meta> decide, as on many real servers.
    response.writeHead(200, { 'content-type': types[path.split('.').pop()!] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const outDir = join(work, 'batch');
  const list = join(work, 'urls.txt');
  writeFileSync(list, `${files.map((file) => `${origin}${served(file)}`).join('\n')}\n`);
  try {
    const { code, stderr } = await run(process.execPath, [cli, 'batch', list, '-o', outDir, '--name-template', '{index} {title}', '--front-matter', '--cleaned-html', '--delay', '0', '--retries', '0']);
    if (code !== 0 && code !== 1) throw new Error(`the batch failed (${code}): ${stderr.slice(0, 500)}`);
  } finally {
    server.close();
  }
  const batchDump = new Dump(join(dump.out, 'batch'), [[origin, 'http://corpus.test'], ...dump.replacements]);
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const rel = relative(outDir, path);
    if (rel.startsWith('.openscraper-batch')) continue;
    if (rel === 'index.json') {
      const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> & { pages: Array<Record<string, unknown>> };
      const { created: _c, updated: _u, ...header } = manifest;
      batchDump.write('index.json', { ...header, pages: manifest.pages.map(({ ms: _ms, ...row }) => row) });
    } else if (rel.endsWith('.html')) batchDump.write(`${rel}.json`, digest(readFileSync(path, 'utf8'), batchDump.clean));
    else batchDump.write(rel, readFileSync(path, 'utf8'));
  }
  say(`batch: ${files.length} URLs`);
}

function dumpSpec(corpus: string, dump: Dump): void {
  const dir = join(corpus, 'markdown-spec');
  const sets = ['commonmark-spec.json', 'gfm-spec.json', 'gfm-extensions.json'].filter((name) => existsSync(join(dir, name)));
  let count = 0;
  for (const name of sets) {
    const examples = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Array<{ number: number; html: string }>;
    const results = examples.map((example) => ({ number: example.number, ...normaliseResult(convert(example.html, { url: 'https://example.com/spec/' }) as unknown as Record<string, unknown>) }));
    dump.write(`spec/${name}`, results);
    count += examples.length;
  }
  say(`spec: ${count} examples`);
}

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** Compares two dumps file by file; exit status 0 only when every file is byte-identical. */
function compare(before: string, after: string): number {
  const a = listFiles(before);
  const b = listFiles(after);
  const inB = new Set(b);
  const inA = new Set(a);
  const missing = a.filter((file) => !inB.has(file));
  const added = b.filter((file) => !inA.has(file));
  const differing = a.filter((file) => inB.has(file) && !readFileSync(join(before, file)).equals(readFileSync(join(after, file))));
  const identical = a.length - missing.length - differing.length;
  const byMode = new Map<string, number>();
  for (const file of a) byMode.set(file.split(/[/\\]/)[0], (byMode.get(file.split(/[/\\]/)[0]) ?? 0) + 1);
  process.stdout.write(`${a.length} files before (${[...byMode].map(([mode, n]) => `${mode} ${n}`).join(', ')}), ${b.length} after\n`);
  process.stdout.write(`identical: ${identical}; differing: ${differing.length}; only before: ${missing.length}; only after: ${added.length}\n`);
  for (const [label, list] of [['differs', differing], ['only before', missing], ['only after', added]] as const) {
    for (const file of list.slice(0, 20)) process.stdout.write(`  ${label}: ${file}\n`);
    if (list.length > 20) process.stdout.write(`  … ${list.length - 20} more\n`);
  }
  return differing.length + missing.length + added.length === 0 ? 0 : 1;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      corpus: { type: 'string', default: '../shared/corpus' },
      out: { type: 'string' },
      modes: { type: 'string', default: MODES.join(',') },
      limit: { type: 'string' },
      compare: { type: 'boolean', default: false },
    },
  });
  if (values.compare) {
    if (positionals.length !== 2) throw new Error('--compare takes two dump folders');
    return compare(resolve(positionals[0]), resolve(positionals[1]));
  }
  if (!values.out) throw new Error('--out <folder> is required (outside the repository)');
  const out = resolve(values.out);
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty`);
  const corpus = resolve(ROOT, values.corpus);
  if (!existsSync(corpus)) {
    say(`no corpus at ${corpus}: nothing to dump`);
    return 0;
  }
  const modes = values.modes.split(',').map((mode) => mode.trim()) as Mode[];
  for (const mode of modes) if (!(MODES as readonly string[]).includes(mode)) throw new Error(`unknown mode ${mode} (${MODES.join(', ')})`);
  const work = mkdtempSync(join(tmpdir(), 'openscraper-dump-'));
  try {
    const pagesDir = join(work, 'pages');
    mkdirSync(pagesDir);
    const files = [...extractPages(corpus, pagesDir, values.limit === undefined ? undefined : Number(values.limit)), ...extraPages(pagesDir)];
    say(`${files.length} pages from ${corpus}`);
    const replacements: Array<[string, string]> = [
      [new URL(`file://${pagesDir}/`).href, 'file:///PAGES/'],
      [pagesDir, '/PAGES'],
    ];
    const dump = new Dump(out, replacements);
    mkdirSync(out, { recursive: true });
    if (modes.includes('lib')) await dumpLibrary(files, dump);
    if (modes.includes('cli')) await dumpCli(files, dump, work);
    if (modes.includes('app')) await dumpApp(files, dump);
    if (modes.includes('batch')) await dumpBatch(files, dump, work);
    if (modes.includes('spec')) dumpSpec(corpus, dump);
    const total = listFiles(out).reduce((sum, file) => sum + statSync(join(out, file)).size, 0);
    say(`wrote ${listFiles(out).length} files (${(total / 1024 / 1024).toFixed(1)} MB) to ${out}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    say(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 2;
  },
);
