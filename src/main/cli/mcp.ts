// `openscraper mcp`: an MCP server on standard input and output (the official SDK), for AI agents
// and their clients (Claude Desktop, editors, …). Standard output carries the protocol only; what
// the server has to say goes to standard error. It runs until the client closes the connection.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registerTools } from '../mcp/tools';
import { Scraper } from '../services/scraper';
import { APP_NAME, APP_VERSION } from '../version';
import type { CliIo } from './run';

export const MCP_USAGE = `Usage: openscraper mcp

An MCP server over standard input and output, for AI agents. Tools: scrape (a URL to Markdown),
convert (HTML to Markdown), batch (many URLs to Markdown files in a folder, with a manifest).
Add it to a client as the command "npx" with the arguments ["openscraper", "mcp"].`;

export async function runMcpCli(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(`${MCP_USAGE}\n`);
    return 0;
  }
  if (argv.length > 0) {
    io.stderr.write(`openscraper mcp: no options or inputs: ${argv[0]}\n${MCP_USAGE}\n`);
    return 2;
  }
  const scraper = new Scraper();
  const server = new McpServer(
    { name: APP_NAME, version: APP_VERSION },
    { instructions: 'Turns web pages into clean Markdown. Use scrape for one URL, convert for HTML you already have, batch to save many pages as files.' },
  );
  registerTools(server, scraper);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    io.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  io.stderr.write(`openscraper mcp: ${APP_NAME} ${APP_VERSION} ready on standard input and output\n`);
  await closed;
  await server.close().catch(() => undefined);
  await scraper.close();
  return 0;
}
