// `openscraper mcp` as an MCP client meets it: the official SDK's Client spawns the built CLI over
// stdio, lists the tools, scrapes a local page, converts HTML, gets a clear tool error for a page
// that fails and for bad arguments, and runs a small batch into a folder. The session's messages
// are recorded, normalised (ports, folders) and kept as the transcript beside this test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli } from '../../../scripts/soak/built-cli';

const ROOT = resolve(import.meta.dirname, '../../..');
const PAGE = '<!doctype html><html><head><title>A local page</title></head><body><nav><a href="/">Home</a></nav><main><h1>A local page</h1><p>Some text with <a href="/other">a link</a>.</p><ul><li>one</li><li>two</li></ul></main></body></html>';

let site: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url?.startsWith('/page')) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE.replace(/A local page/g, `A local page ${req.url.slice(5) || ''}`.trim()));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'openscraper-mcp-'));
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise<void>((done) => site.close(() => done()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The transport, with every message both ways written down. */
function recorded(inner: Transport, transcript: string[]): Transport {
  const note = (arrow: string, message: JSONRPCMessage) => transcript.push(`${arrow} ${JSON.stringify(message)}`);
  return {
    start: () => inner.start(),
    close: () => inner.close(),
    send: (message, options) => {
      note('client →', message);
      return inner.send(message, options);
    },
    set onmessage(handler: Transport['onmessage']) {
      inner.onmessage = (message, extra) => {
        note('server →', message);
        handler?.(message, extra);
      };
    },
    set onclose(handler: Transport['onclose']) {
      inner.onclose = handler;
    },
    set onerror(handler: Transport['onerror']) {
      inner.onerror = handler;
    },
  };
}

describe('openscraper mcp', () => {
  it('lists its tools, scrapes a page, converts HTML, reports failures as tool errors and runs a batch', async () => {
    const cli = builtCli(ROOT, () => undefined);
    const transcript: string[] = [];
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp'], cwd: ROOT, stderr: 'pipe' });
    const client = new Client({ name: 'openscraper-test', version: '1.0.0' });
    await client.connect(recorded(transport, transcript));
    try {
      expect(client.getServerVersion()?.name).toBe('openscraper');

      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['batch', 'convert', 'scrape']);
      const scrapeTool = tools.find((tool) => tool.name === 'scrape')!;
      expect(scrapeTool.inputSchema.required).toEqual(['url']);
      expect(Object.keys(scrapeTool.inputSchema.properties ?? {})).toEqual(['url', 'render', 'article', 'frontMatter']);
      // The descriptions are the CLI's help for the same options.
      expect((scrapeTool.inputSchema.properties as Record<string, { description?: string }>).article.description).toContain('article mode');

      const scraped = await client.callTool({ name: 'scrape', arguments: { url: `${base}/page` } });
      expect(scraped.isError).toBeFalsy();
      const markdown = (scraped.content as Array<{ type: string; text: string }>)[0].text;
      expect(markdown).toContain('# A local page');
      expect(markdown).toContain(`[a link](${base}/other)`);
      expect(markdown).toContain('- one');
      expect(markdown).not.toContain('Home');
      expect(scraped.structuredContent).toMatchObject({ url: `${base}/page`, status: 200, title: 'A local page' });

      const converted = await client.callTool({ name: 'convert', arguments: { html: '<h2>Hi</h2><p>x <b>y</b></p>', frontMatter: false } });
      expect((converted.content as Array<{ text: string }>)[0].text).toBe('## Hi\n\nx **y**\n');

      const missing = await client.callTool({ name: 'scrape', arguments: { url: `${base}/missing` } });
      expect(missing.isError).toBe(true);
      expect((missing.content as Array<{ text: string }>)[0].text).toMatch(/^http-status: .*404/);

      const badUrl = await client.callTool({ name: 'scrape', arguments: { url: 'file:///etc/passwd' } });
      expect(badUrl.isError).toBe(true);
      expect((badUrl.content as Array<{ text: string }>)[0].text).toMatch(/http or https URL/);

      const outDir = join(dir, 'batch');
      const batch = await client.callTool({ name: 'batch', arguments: { urls: [`${base}/page/1`, `${base}/page/2`, `${base}/missing`], outDir } });
      expect(batch.isError).toBeFalsy();
      expect(batch.structuredContent).toMatchObject({ total: 3, done: 2, failed: 1, pending: 0 });
      const manifest = JSON.parse(await readFile(join(outDir, 'index.json'), 'utf8')) as { pages: Array<{ status: string; file?: string }> };
      expect(manifest.pages.map((page) => page.status)).toEqual(['done', 'done', 'failed']);
      expect(await readFile(join(outDir, manifest.pages[0].file!), 'utf8')).toContain('# A local page /1');
    } finally {
      await client.close();
    }
    const normalised = transcript.map((line) => line.replaceAll(base, 'http://127.0.0.1:PORT').replaceAll(dir, '/tmp/DIR').replace(/"(elapsedMs|ms)":\d+/g, '"$1":N').replace(/"version":"[^"]+"/g, '"version":"V"'));
    await expect(`${normalised.join('\n')}\n`).toMatchFileSnapshot('./mcp-session.transcript');
  }, 120_000);
});
