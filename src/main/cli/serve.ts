// `openscraper serve`: the local HTTP API (serve/server.ts) until Ctrl+C or SIGTERM. Loopback by
// default; on any other address a token is required (given, from $OPENSCRAPER_TOKEN, or made up
// and printed once).
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { withFlag, wholeNumber } from '../../shared/options/schema';
import { scrapeFields } from '../../shared/options/scrape';
import { isLoopbackHost, startServer } from '../serve/server';
import { flagHelp, parseFlags, UsageError } from './flags';
import type { CliIo } from './run';

export const DEFAULT_PORT = 8787;

/** Every flag of `openscraper serve`, in the order the help lists them. */
const serveCliSchema = z.strictObject({
  host: withFlag(z.string().min(1).default('127.0.0.1'), { flag: 'host', arg: '<address>', help: 'the address to listen on (default 127.0.0.1; any other needs a token)' }),
  port: withFlag(wholeNumber(0, 65_535).default(DEFAULT_PORT), { flag: 'port', short: 'p', arg: '<n>', read: 'whole', help: `the port (default ${DEFAULT_PORT}; 0 picks a free one)` }),
  token: withFlag(z.string().min(16, { error: 'must be at least 16 characters' }).optional(), {
    flag: 'token',
    arg: '<secret>',
    help: ['asked of every request as "Authorization: Bearer <secret>" (default', '$OPENSCRAPER_TOKEN; off loopback, one is made up and printed)'],
  }),
  concurrency: withFlag(wholeNumber(1, 64).default(4), { flag: 'concurrency', arg: '<n>', read: 'whole', help: 'pages loaded at once (default 4; up to 8 times as many wait, the rest get 429)' }),
  timeoutMs: scrapeFields.timeoutMs,
  maxBytes: withFlag(scrapeFields.maxBytes, { flag: 'max-bytes', arg: '<n>', read: 'whole', help: 'largest page or request body accepted, in bytes (default 20 MB)' }),
  userAgent: scrapeFields.userAgent,
  help: withFlag(z.boolean().default(false), { flag: 'help', short: 'h', help: 'show this help' }),
});

export const SERVE_USAGE = `Usage: openscraper serve [options]

A local HTTP API: GET /<url> (or /?url=<url>&<options>) answers the page as Markdown, with
"Accept: application/json" the whole result (removed elements, metadata, stats, warnings);
POST /convert converts the HTML or PDF in the body; GET /openapi.json describes every option
(the page options of \`openscraper\`, by their flag names: render, article, front-matter, no-ads, …)
and every error (each error code has its HTTP status).

Options:
${flagHelp(serveCliSchema.shape)}

Stops on Ctrl+C. Exit status: 0 when stopped, 1 when it could not listen, 2 on a usage error.`;

export async function runServeCli(argv: string[], io: CliIo): Promise<number> {
  let options;
  try {
    const parsed = parseFlags(serveCliSchema, argv);
    if (parsed.positionals.length > 0) throw new UsageError(`serve takes no inputs: ${parsed.positionals[0]}`);
    options = parsed.options;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`openscraper serve: ${error.message}\n${SERVE_USAGE}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(`${SERVE_USAGE}\n`);
    return 0;
  }
  const say = (text: string) => io.stderr.write(`openscraper serve: ${text}\n`);
  let token = options.token ?? (process.env.OPENSCRAPER_TOKEN || undefined);
  if (!token && !isLoopbackHost(options.host)) {
    token = randomBytes(24).toString('base64url');
    say(`token (send it as "Authorization: Bearer <token>"): ${token}`);
  }
  let server;
  try {
    server = await startServer({ host: options.host, port: options.port, token, concurrency: options.concurrency, maxBodyBytes: options.maxBytes, defaults: { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, userAgent: options.userAgent } });
  } catch (error) {
    say(`cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
    return 1;
  }
  say(`listening on ${server.url} (${token ? 'token required' : 'this machine only'})`);
  say(`try: curl ${server.url}/https://example.com/`);
  if (!io.signal) return 0; // driven by a caller that closes the server itself
  if (!io.signal.aborted) await new Promise((resolve) => io.signal!.addEventListener('abort', resolve, { once: true }));
  await server.close();
  say('stopped');
  return 0;
}
