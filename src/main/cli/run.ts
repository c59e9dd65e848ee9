// The CLI's work, apart from process globals so tests can drive it: load each input with the
// Scraper, write the result, report failures one line each on stderr (and progress, when stderr is
// a terminal), and always close the browser so no Chromium outlives the command.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { SCRAPE_DEFAULTS } from '../../shared/options/scrape';
import { failedPage, type Page, toScrapeError } from '../../shared/page';
import { readStream } from '../loaders/files';
import { formatMs } from '../loaders/source';
import { Scraper } from '../services/scraper';
import { APP_VERSION } from '../version';
import { type CliOptions, parseCli, scrapeOptions, USAGE, UsageError } from './args';
import { runBatchCli } from './batch';
import { runCrawlCli } from './crawl';

export interface CliIo {
  stdin: AsyncIterable<Uint8Array | string>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  /** Aborted on Ctrl+C: a batch stops cleanly (its manifest written, resumable). */
  signal?: AbortSignal;
}

/** Warnings worth a line on stderr: they tell the user what to do differently. */
const TOLD_WARNINGS = new Set(['empty-shell', 'network-busy', 'no-text']);

/** The page as written out: its Markdown, or (--json) the whole page, what was asked for first. */
function formatPage(input: string, page: Page, options: CliOptions): string {
  if (options.json) return `${JSON.stringify({ input, ...page })}\n`;
  return page.ok ? page.result.markdown : '';
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** A file-name stem for an input: the file's own name, or host and path of a URL. */
export function inputStem(input: string): string {
  if (input === '-') return 'stdin';
  if (/^https?:\/\//i.test(input) && URL.canParse(input)) {
    const url = new URL(input);
    const path = url.pathname.replace(/\.(?:html?|xhtml|php|aspx?)$/i, '');
    const stem = `${url.hostname}${path}`.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[-.]+|-+$/g, '');
    return stem.slice(0, 100) || 'page';
  }
  return basename(input, extname(input)).replace(/^\.+/, '') || 'page';
}

/** A file name for an input inside the output folder, unique among those already given. */
function outputName(input: string, extension: string, taken: Set<string>): string {
  const stem = inputStem(input);
  let name = `${stem}${extension}`;
  for (let n = 2; taken.has(name); n++) name = `${stem} (${n})${extension}`;
  taken.add(name);
  return name;
}

async function scrapeStdin(scraper: Scraper, io: CliIo): Promise<Page> {
  let bytes: Uint8Array;
  try {
    bytes = await readStream(io.stdin, SCRAPE_DEFAULTS.maxBytes);
  } catch (error) {
    return failedPage('-', toScrapeError(error));
  }
  // Whatever is piped in is meant as HTML (a fragment such as "<nav>…</nav><h1>…" included),
  // unless it is a PDF: its signature still wins over the declared type.
  return scraper.scrapeBytes(bytes, { contentType: 'text/html' });
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'batch') return runBatchCli(argv.slice(1), io);
  if (argv[0] === 'crawl') return runCrawlCli(argv.slice(1), io);
  // Loaded when asked for: Redis, BullMQ and the MCP SDK would add half a second to every command.
  if (argv[0] === 'worker') return (await import('./worker')).runWorkerCli(argv.slice(1), io);
  if (argv[0] === 'serve') return (await import('./serve')).runServeCli(argv.slice(1), io);
  if (argv[0] === 'mcp') return (await import('./mcp')).runMcpCli(argv.slice(1), io);
  let options: CliOptions;
  try {
    options = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`openscraper: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (options.version) {
    io.stdout.write(`${APP_VERSION}\n`);
    return 0;
  }
  if (options.inputs.filter((input) => input === '-').length > 1) {
    io.stderr.write('openscraper: standard input ("-") can be read only once\n');
    return 2;
  }

  const toFolder = options.output !== undefined && (options.inputs.length > 1 || /[/\\]$/.test(options.output) || (await isDirectory(options.output)));
  if (toFolder) await mkdir(options.output!, { recursive: true });
  const scraper = new Scraper(scrapeOptions(options));
  const progress = io.stderr.isTTY === true;
  const taken = new Set<string>();
  const outputs: string[] = [];
  let failures = 0;

  try {
    for (const [index, input] of options.inputs.entries()) {
      const counter = options.inputs.length > 1 ? `[${index + 1}/${options.inputs.length}] ` : '';
      if (progress) io.stderr.write(`openscraper: ${counter}${input} …`);
      const page = input === '-' ? await scrapeStdin(scraper, io) : await scraper.scrape(input);
      if (progress) io.stderr.write(`\r\x1b[K`);
      if (!page.ok) {
        failures++;
        io.stderr.write(`openscraper: ${input}: ${page.error.message}\n`);
        if (options.json) outputs.push(formatPage(input, page, options));
        continue;
      }
      for (const warning of page.result.warnings) if (TOLD_WARNINGS.has(warning.code)) io.stderr.write(`openscraper: ${input}: warning: ${warning.message}\n`);
      if (progress) io.stderr.write(`openscraper: ${counter}${input}: ${page.result.stats.outputBytes} bytes of Markdown in ${formatMs(page.elapsedMs ?? 0)}\n`);
      const text = formatPage(input, page, options);
      if (toFolder) {
        await writeFile(join(options.output!, outputName(input, options.json ? '.json' : '.md', taken)), text);
      } else outputs.push(text);
    }
  } finally {
    await scraper.close();
  }

  if (!toFolder && outputs.length > 0) {
    const joined = options.json ? outputs.join('') : outputs.join('\n---\n\n');
    if (options.output !== undefined) await writeFile(options.output, joined);
    else io.stdout.write(joined);
  }
  return failures > 0 ? 1 : 0;
}
