// The CLI on URLs and files: in process through runCli (fast), and once as a real process with
// --render, to see it print the script-built text, exit, and leave no Chromium running.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputStem, runCli } from '../../../src/main/cli/run';
import { startTestServer, type TestServer } from '../../fixtures/server';
import { HAS_CHROMIUM, noteMissingChromium, processesWithEnv } from '../helpers/chromium';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(argv: string[], options: { stdin?: string; tty?: boolean } = {}): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.tty },
  });
  return { code, stdout, stderr };
}

let server: TestServer;
let directory: string;

beforeAll(async () => {
  server = await startTestServer();
  directory = await mkdtemp(join(tmpdir(), 'openscraper-cli-'));
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('openscraper on URLs', () => {
  it('prints the Markdown of a URL, without the text only JavaScript inserts', async () => {
    const ran = await cli([server.url('/js-page')]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('Loading…');
    expect(ran.stdout).not.toContain('Only JavaScript writes this sentence.');
    // The hint to render comes on stderr, Markdown alone on stdout.
    expect(ran.stderr).toMatch(/warning: .*render it \(--render\)/);
  });

  it('writes one file per input into the -o folder, named after each input', async () => {
    const folder = join(directory, 'out');
    const file = join(directory, 'local page.html');
    await writeFile(file, '<title>Local</title><h1>Local heading</h1><p>From a file on disk.</p>');
    const ran = await cli([server.url('/static'), server.url('/redirect/2'), file, '-o', folder, '--front-matter']);
    expect(ran).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect((await readdir(folder)).sort()).toEqual(['127.0.0.1-redirect-2.md', '127.0.0.1-static.md', 'local page.md']);
    const stat = await readFile(join(folder, '127.0.0.1-static.md'), 'utf8');
    expect(stat).toMatch(/^---\ntitle: "Static fixture page"\nauthor: "Ada Tester"\n/);
    expect(stat).toContain('# Static fixture page');
    expect(await readFile(join(folder, 'local page.md'), 'utf8')).toContain('# Local heading\n\nFrom a file on disk.');
  });

  it('writes a single input to the -o file', async () => {
    const file = join(directory, 'single.md');
    const ran = await cli([server.url('/gzip'), '-o', file]);
    expect(ran).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await readFile(file, 'utf8')).toMatch(/^# Static fixture page\n/);
  });

  it('reports each failure on one line, goes on with the other inputs, and exits 1', async () => {
    const ran = await cli([server.url('/status/404'), server.url('/static'), server.url('/slow-headers'), '--timeout', '500ms']);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('# Static fixture page');
    const lines = ran.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      `openscraper: ${server.url('/status/404')}: the server answered HTTP 404 Not Found`,
      `openscraper: ${server.url('/slow-headers')}: loading took longer than 500 ms`,
    ]);
  });

  it('prints failures in --json too, with their error code', async () => {
    const ran = await cli([server.url('/static'), server.url('/loop/a'), '--json']);
    expect(ran.code).toBe(1);
    const [ok, failed] = ran.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    // The library's Page, as it is, with what was asked for first.
    expect(Object.keys(ok)).toEqual(['input', 'ok', 'source', 'result', 'originalHtml', 'elapsedMs']);
    expect(ok).toMatchObject({ input: server.url('/static'), ok: true, source: { url: server.url('/static'), status: 200, finalUrl: server.url('/static') }, result: { metadata: { title: 'Static fixture page' } } });
    expect(ok.result.removed.length).toBeGreaterThan(0);
    expect(Object.keys(failed)).toEqual(['input', 'ok', 'source', 'error', 'elapsedMs']);
    expect(failed).toMatchObject({ input: server.url('/loop/a'), ok: false, source: { url: server.url('/loop/a') }, error: { code: 'too-many-redirects' } });
  });

  it('passes the User-Agent and the rule switches on', async () => {
    const ua = await cli([server.url('/headers'), '--user-agent', 'CliAgent/2']);
    expect(ua.stdout).toContain('user-agent: CliAgent/2');
    const kept = await cli([server.url('/static'), '--no-boilerplate']);
    expect(kept.stdout).toContain('Copyright footer text');
  });

  it('keeps only the main content with --article, and lists its cuts in --json', async () => {
    const prose = `<p>${'The council voted on the bridge after a long debate about its cost, and work starts soon. '.repeat(3)}</p>`;
    // The rail stands before the story: the default mode keeps it (after the story, page-end would take it).
    const page = `<div class="layout"><div class="rail"><p>Sunny, 21 degrees</p></div><div class="story"><h1>Bridge</h1>${prose}${prose}</div></div>`;
    expect((await cli([], { stdin: page })).stdout).toContain('Sunny, 21 degrees');
    const article = await cli(['--article'], { stdin: page });
    expect(article.code).toBe(0);
    expect(article.stdout).toContain('# Bridge');
    expect(article.stdout).not.toContain('Sunny, 21 degrees');
    const json = JSON.parse((await cli(['--article', '--json'], { stdin: page })).stdout);
    expect(json.result.removed.filter((r: { category: string }) => r.category === 'article').map((r: { reason: string }) => r.reason)).toEqual(['outside the main content']);
  });

  it('converts an HTML fragment from standard input: heading, table with the pipe escaped, no navigation', async () => {
    const ran = await cli([], { stdin: '<nav>x</nav><h1>T</h1><table><tr><td>a</td><td>b|c</td></tr></table>' });
    expect(ran.code).toBe(0);
    // A table without a header row gets an empty one (GFM requires it); the pipe in a cell is escaped.
    expect(ran.stdout).toBe('# T\n\n|  |  |\n| --- | --- |\n| a | b\\|c |\n');
  });

  it('keeps a superscript as one from standard input (2³¹, not 231)', async () => {
    const ran = await cli([], { stdin: '<p>2<sup>31</sup></p>' });
    expect(ran).toMatchObject({ code: 0, stdout: '2<sup>31</sup>\n' });
  });

  it('reads a PDF from standard input as a PDF', async () => {
    const { buildPdf } = await import('../../fixtures/pdf');
    const body = buildPdf({ pages: [[{ text: 'Piped in as a PDF', size: 12, x: 72, y: 700 }]] });
    let stdout = '';
    const code = await runCli(['-'], { stdin: Readable.from([body]), stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true } });
    expect(code).toBe(0);
    expect(stdout).toContain('Piped in as a PDF');
    expect(stdout).not.toContain('%PDF');
  });

  it('reads HTML in a legacy encoding from standard input', async () => {
    const { charsetPage } = await import('../../fixtures/server');
    const { body } = charsetPage('windows-1251', 'meta');
    let stdout = '';
    const code = await runCli(['-'], { stdin: Readable.from([body]), stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true } });
    expect(code).toBe(0);
    expect(stdout).toContain('Съешь же ещё этих мягких французских булок');
  });

  it('shows progress on stderr only when stderr is a terminal', async () => {
    const quiet = await cli([server.url('/static')]);
    expect(quiet.stderr).toBe('');
    const shown = await cli([server.url('/static')], { tty: true });
    expect(shown.stderr).toMatch(/static: \d+ bytes of Markdown in /);
  });

  it('rejects bad options with exit status 2', async () => {
    for (const argv of [['--timeout', 'soon', 'x.html'], ['--wait-for', '#x', 'x.html'], ['--user-agent', '', 'x.html'], ['--max-nodes', 'many', 'x.html'], ['--max-nodes', '5', 'x.html'], ['--max-time', '0', 'x.html']]) {
      const ran = await cli(argv);
      expect(ran.code).toBe(2);
      expect(ran.stderr.split('\n')[0]).toMatch(/^openscraper: /);
    }
  });

  it('bounds each page by --max-nodes and --max-time, and says which limit stopped it', async () => {
    const page = `<p>${'<b>x</b>'.repeat(2000)}</p>`;
    const stopped = await cli(['--max-nodes', '1000'], { stdin: page });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(/BudgetExceeded: more than 1000 nodes while parsing/);
    const fine = await cli(['--max-nodes', '100000', '--max-time', '60'], { stdin: page });
    expect(fine.code).toBe(0);
    expect(fine.stdout.match(/\*\*x\*\*/g)).toHaveLength(2000);
  });

  it('names output files after URLs and paths', () => {
    expect(inputStem('https://example.com/blog/post.html?x=1')).toBe('example.com-blog-post');
    expect(inputStem('https://example.com/')).toBe('example.com');
    expect(inputStem('docs/Report.pdf')).toBe('Report');
    expect(inputStem('-')).toBe('stdin');
  });
});

noteMissingChromium('the CLI --render test');

describe.skipIf(!HAS_CHROMIUM)('openscraper --render as a process', () => {
  it('prints the script-built text, exits 0 and leaves no Chromium process', async () => {
    const marker = randomUUID();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', server.url('/js-page'), '--render'], {
      env: { ...process.env, OPENSCRAPER_TEST_RUN: marker },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('# Rendered heading\n\nOnly JavaScript writes this sentence.\n');
    // Every process Chromium started inherited the marker; none may outlive the CLI.
    expect(processesWithEnv('OPENSCRAPER_TEST_RUN', marker)).toEqual([]);
  }, 60_000);
});
