// The docs guard: documentation built by generators other than the news sites the rules were
// tuned on, read from Debian's documentation packages (scripts/eval/docs-guard-install.sh installs
// them; nothing of them is copied into the repository). The truth of a page is the text inside the
// generator's own content region (Sphinx's role=main, javadoc's <main>, …): a converter that keeps
// the content keeps all of it. Reported: the share of that text kept, and of its tables' cells.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { convert } from '../../src/shared/core';
import type { ConvertOptions } from '../../src/shared/core/types';
import { decodeHtmlBytes } from '../../src/main/loaders/files';
import { shingles, tokenize } from './metric';
import { readabilityTurndown } from './peers';
import { htmlToPlainText, markdownToPlainText, treeText } from './plain-text';
import { formatTable, percent } from './table';

type HtmlElement = DefaultTreeAdapterTypes.Element;
type HtmlNode = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.ParentNode;

export interface Generator {
  name: string;
  /** The Debian package that ships these pages. */
  packageName: string;
  /** Folders (under the documentation root) whose pages are candidates. */
  dirs: readonly string[];
  /** The generator's own content region, or null when the page is not one of its content pages. */
  region(document: DefaultTreeAdapterTypes.Document): HtmlElement | null;
}

const attr = (el: HtmlElement, name: string) => el.attrs.find((a) => a.name === name)?.value ?? null;
const hasClass = (el: HtmlElement, token: string) => (attr(el, 'class') ?? '').split(/\s+/).includes(token);

function find(root: HtmlNode, test: (el: HtmlElement) => boolean): HtmlElement | null {
  const stack: HtmlNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node && test(node)) return node;
    if ('childNodes' in node) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  return null;
}

function findAll(root: HtmlNode, test: (el: HtmlElement) => boolean): HtmlElement[] {
  const found: HtmlElement[] = [];
  const stack: HtmlNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node && test(node)) found.push(node);
    if ('childNodes' in node) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  return found;
}

const byId = (id: string) => (doc: HtmlNode) => find(doc, (el) => attr(el, 'id') === id);

export const GENERATORS: readonly Generator[] = [
  { name: 'Sphinx', packageName: 'sphinx-doc', dirs: ['sphinx-doc/html'], region: (doc) => find(doc, (el) => hasClass(el, 'body') && attr(el, 'role') === 'main') },
  {
    name: 'Sphinx (Django theme)',
    packageName: 'python-django-doc',
    dirs: ['python-django-doc/html'],
    region: (doc) => {
      const main = byId('yui-main')(doc);
      return main === null ? null : find(main, (el) => hasClass(el, 'yui-g'));
    },
  },
  { name: 'MkDocs', packageName: 'mkdocs-doc', dirs: ['mkdocs/html'], region: (doc) => find(doc, (el) => attr(el, 'role') === 'main') },
  { name: 'Node.js doc tool', packageName: 'nodejs-doc', dirs: ['nodejs/api'], region: byId('apicontent') },
  { name: 'AsciiDoc (Git)', packageName: 'git-doc', dirs: ['git-doc'], region: byId('content') },
  { name: 'javadoc (OpenJDK 17)', packageName: 'openjdk-17-doc', dirs: ['openjdk-17-doc/api'], region: (doc) => find(doc, (el) => el.tagName === 'main') },
  {
    name: 'rustdoc',
    packageName: 'rust-doc',
    dirs: ['rust-doc/html/std', 'rust-doc/html/core', 'rust-doc/html/alloc'],
    region: (doc) => find(doc, (el) => el.tagName === 'section' && attr(el, 'id') === 'main-content'),
  },
  {
    name: 'mdBook (Rust books)',
    packageName: 'rust-doc',
    dirs: ['rust-doc/html/book', 'rust-doc/html/reference', 'rust-doc/html/rustdoc', 'rust-doc/html/nomicon', 'rust-doc/html/rust-by-example', 'rust-doc/html/rustc'],
    region: (doc) => find(doc, (el) => el.tagName === 'main'),
  },
];

/** Pages that are not content: indexes of everything, search pages, a book printed whole. */
const NOT_CONTENT_PAGE = /(^|\/)(genindex|search|404|print|not_found|py-modindex|index-all|allclasses-index|allpackages-index|overview-tree|serialized-form|deprecated-list|constant-values|settings)\.html$/;
const MAX_PAGE_BYTES = 2_000_000;

export interface GuardPage {
  generator: string;
  path: string;
  html: string;
  /** The region's text, and its data tables' cells (each as its words). */
  truth: string;
  cells: string[][];
}

export interface DocsGuard {
  root: string;
  generators: { generator: Generator; pages: GuardPage[] }[];
  /** Packages not installed. */
  missing: string[];
}

function htmlFiles(dir: string): string[] {
  const files: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory() || (entry.isSymbolicLink() && existsSync(path) && statSync(path).isDirectory())) stack.push(path);
      else if (entry.name.endsWith('.html')) files.push(path);
    }
  }
  return files.sort();
}

/** A table is data when it has two rows or more and no table or heading inside (as in markdown/tables.ts). */
function dataTableCells(region: HtmlElement): string[][] {
  const cells: string[][] = [];
  for (const table of findAll(region, (el) => el.tagName === 'table')) {
    const rows = findAll(table, (el) => el.tagName === 'tr');
    if (rows.length < 2 || find(table, (el) => el !== table && (el.tagName === 'table' || /^h[1-6]$/.test(el.tagName))) !== null) continue;
    for (const cell of findAll(table, (el) => el.tagName === 'td' || el.tagName === 'th')) {
      const words = tokenize(treeText(cell, { altText: true }));
      if (words.length > 0) cells.push(words);
    }
  }
  return cells;
}

/** Up to `perGenerator` content pages of each installed generator, spread evenly over its files. */
export function loadDocsGuard(root: string, perGenerator: number): DocsGuard {
  const generators: DocsGuard['generators'] = [];
  const missing = new Set<string>();
  for (const generator of GENERATORS) {
    const files = generator.dirs.flatMap((dir) => htmlFiles(join(root, dir))).filter((file) => !NOT_CONTENT_PAGE.test(file));
    if (files.length === 0) {
      missing.add(generator.packageName);
      continue;
    }
    const pages: GuardPage[] = [];
    const stride = Math.max(1, Math.floor(files.length / perGenerator));
    for (let offset = 0; offset < stride && pages.length < perGenerator; offset++) {
      for (let i = offset; i < files.length && pages.length < perGenerator; i += stride) {
        if (pages.some((page) => page.path === relative(root, files[i]))) continue;
        if (statSync(files[i]).size > MAX_PAGE_BYTES) continue;
        const html = decodeHtmlBytes(readFileSync(files[i]));
        const region = generator.region(parse(html, { scriptingEnabled: false }));
        if (region === null) continue;
        // A button's label is interface, not the document's text: "copy" at the end of every code
        // block in Node's docs, rustdoc's "Copy item path", a theme's "Toggle sidebar".
        const truth = treeText(region, { altText: true, buttons: false });
        if (tokenize(truth).length < 20) continue;
        pages.push({ generator: generator.name, path: relative(root, files[i]), html, truth, cells: dataTableCells(region) });
      }
    }
    if (pages.length > 0) generators.push({ generator, pages });
  }
  return { root, generators, missing: [...missing] };
}

/** Shingles of the truth found in the output (a multiset): raw counts, summed over pages. */
function keptShingles(truth: string, output: string): { found: number; total: number; firstMissing?: string } {
  const want = shingles(truth);
  const have = shingles(output);
  let found = 0;
  let total = 0;
  let firstMissing: string | undefined;
  for (const [key, count] of want) {
    total += count;
    const got = Math.min(count, have.get(key) ?? 0);
    found += got;
    if (got < count && firstMissing === undefined) firstMissing = key.split('\u0001').join(' ');
  }
  return { found, total, firstMissing };
}

/** Cells whose words appear, in order and together, in the output. */
function keptCells(cells: readonly string[][], output: string): number {
  const text = ` ${tokenize(output).join(' ')} `;
  return cells.filter((words) => text.includes(` ${words.join(' ')} `)).length;
}

export interface GuardScore {
  found: number;
  total: number;
  cellsFound: number;
  cells: number;
  errors: number;
}

export interface GuardRow {
  generator: string;
  packageName: string;
  pages: number;
  words: number;
  /** Per tool: whole page, each of our modes, Readability. */
  tools: Record<string, GuardScore>;
}

export interface GuardRun {
  tools: string[];
  rows: GuardRow[];
  /** The pages that lost the most, per tool and generator (for a reader hunting the cause). */
  notes: string[];
}

export function runDocsGuard(guard: DocsGuard, ours: readonly ConvertOptions[], withPeers: boolean): GuardRun {
  const readability = readabilityTurndown();
  const tools: { name: string; extract: (html: string) => string }[] = [
    ...(withPeers ? [{ name: 'whole page', extract: htmlToPlainText }] : []),
    ...ours.map((options) => ({ name: `openscraper (${options.mode ?? 'default'})`, extract: (html: string) => markdownToPlainText(convert(html, options).markdown) })),
    ...(withPeers ? [{ name: 'readability+turndown', extract: (html: string) => markdownToPlainText(readability(html)) }] : []),
  ];
  const rows: GuardRow[] = [];
  const notes: string[] = [];
  for (const { generator, pages } of guard.generators) {
    const row: GuardRow = {
      generator: generator.name,
      packageName: generator.packageName,
      pages: pages.length,
      words: pages.reduce((sum, page) => sum + tokenize(page.truth).length, 0),
      tools: {},
    };
    for (const tool of tools) {
      const score: GuardScore = { found: 0, total: 0, cellsFound: 0, cells: 0, errors: 0 };
      const losses: { path: string; share: number; missing?: string }[] = [];
      for (const page of pages) {
        let output = '';
        try {
          output = tool.extract(page.html);
        } catch {
          score.errors++;
        }
        const kept = keptShingles(page.truth, output);
        score.found += kept.found;
        score.total += kept.total;
        score.cells += page.cells.length;
        score.cellsFound += keptCells(page.cells, output);
        if (kept.found < kept.total) losses.push({ path: page.path, share: kept.found / kept.total, missing: kept.firstMissing });
      }
      row.tools[tool.name] = score;
      if (tool.name.startsWith('openscraper') && losses.length > 0) {
        losses.sort((a, b) => a.share - b.share);
        const worst = losses.slice(0, 3).map((loss) => `${loss.path} ${percent(loss.share, 1, 2)} (first lost: "${loss.missing}")`);
        notes.push(`  ${tool.name}, ${generator.name}: ${losses.length} of ${pages.length} pages lose text; worst: ${worst.join('; ')}`);
      }
    }
    rows.push(row);
  }
  return { tools: tools.map((tool) => tool.name), rows, notes: notes.length > 0 ? ['\nPages that lost text:', ...notes] : [] };
}

export function docsGuardTable(run: GuardRun): string {
  const header = ['generator', 'package', 'pages', 'words', ...run.tools.flatMap((tool) => [`${tool} kept`, 'cells'])];
  const rows = run.rows.map((row) => [
    row.generator,
    row.packageName,
    row.pages,
    row.words,
    ...run.tools.flatMap((tool) => {
      const score = row.tools[tool];
      return [percent(score.found, score.total, 2), score.cells > 0 ? percent(score.cellsFound, score.cells, 2) : '—'];
    }),
  ]);
  const totals = run.tools.flatMap((tool) => {
    const sum = run.rows.reduce(
      (acc, row) => ({ found: acc.found + row.tools[tool].found, total: acc.total + row.tools[tool].total, cellsFound: acc.cellsFound + row.tools[tool].cellsFound, cells: acc.cells + row.tools[tool].cells }),
      { found: 0, total: 0, cellsFound: 0, cells: 0 },
    );
    return [percent(sum.found, sum.total, 2), percent(sum.cellsFound, sum.cells, 2)];
  });
  rows.push(['all', '', run.rows.reduce((s, r) => s + r.pages, 0), run.rows.reduce((s, r) => s + r.words, 0), ...totals]);
  return formatTable(header, rows);
}
