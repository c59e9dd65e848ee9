// The MCP server's tools (`openscraper mcp`), for AI agents: `scrape` a URL, `convert` HTML in hand,
// `batch` many URLs into a folder. Their inputs are the library's and the CLI's option fields (their
// checks, defaults and help become the JSON schemas the agent sees); a page that fails is a tool
// error carrying the library's code and message, never a crashed server.
import { resolve } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { BATCH_DEFAULTS, BATCH_LIMITS, batchSettingsSchema } from '../../shared/batch';
import { articleSwitch, convertFields } from '../../shared/options/convert';
import { flags } from '../../shared/options/schema';
import { scrapeFields, type ScrapeOptions } from '../../shared/options/scrape';
import type { Page } from '../../shared/page';
import { BatchError, BatchRunner } from '../batch/runner';
import type { Scraper } from '../services/scraper';

/** The field, described to the agent by its command-line help. */
function described<T extends z.ZodType>(schema: T, extra = ''): T {
  const help = flags.get(schema)?.help;
  return schema.describe(`${help ? [help].flat().join(' ') : ''}${extra}`.trim()) as T;
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' });

/** The page options every tool takes. */
const pageOptions = {
  render: described(scrapeFields.render),
  article: described(articleSwitch),
  frontMatter: described(convertFields.frontMatter),
};

const MAX_HTML_CHARS = 20 * 1024 * 1024;
const MAX_LISTED_FAILURES = 20;

function optionsOf(args: { render?: boolean; article?: boolean; frontMatter?: boolean }): ScrapeOptions {
  return { render: args.render ?? false, convert: { mode: args.article ? 'article' : 'default', frontMatter: args.frontMatter ?? false } };
}

function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** The Markdown, or the error with its code. The facts the agent may want come as structured content. */
function pageResult(page: Page): CallToolResult {
  if (!page.ok) return toolError(`${page.error.code}: ${page.error.message}`);
  const { metadata, stats, warnings, removed } = page.result;
  return {
    content: [{ type: 'text', text: page.result.markdown }],
    structuredContent: {
      url: page.source.url,
      finalUrl: page.source.finalUrl,
      status: page.source.status,
      title: metadata.title,
      markdownBytes: stats.outputBytes,
      removedElements: removed.length,
      warnings: warnings.map((warning) => `${warning.code}: ${warning.message}`),
    },
  };
}

const pageOutput = {
  url: z.string(),
  finalUrl: z.string().optional(),
  status: z.number().optional(),
  title: z.string().optional(),
  markdownBytes: z.number(),
  removedElements: z.number(),
  warnings: z.array(z.string()),
};

export function registerTools(server: McpServer, scraper: Scraper): void {
  server.registerTool(
    'scrape',
    {
      title: 'Web page to Markdown',
      description: 'Loads a web page (http or https) and returns it as clean Markdown: headings, tables, lists, links, code kept; scripts, site navigation, ads, banners and hidden content removed.',
      inputSchema: { url: httpUrl.describe('the page to load'), ...pageOptions },
      outputSchema: pageOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, extra) => pageResult(await scraper.scrape(args.url, { ...optionsOf(args), signal: extra.signal })),
  );

  server.registerTool(
    'convert',
    {
      title: 'HTML to Markdown',
      description: 'Converts HTML given in the call to clean Markdown (nothing is fetched). `url` is the page\'s address, for its relative links.',
      inputSchema: {
        html: z.string().max(MAX_HTML_CHARS, { error: `longer than ${MAX_HTML_CHARS} characters` }).describe('the HTML'),
        url: httpUrl.optional().describe('the address the HTML came from (relative links are resolved against it)'),
        article: pageOptions.article,
        frontMatter: pageOptions.frontMatter,
      },
      outputSchema: pageOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args, extra) => pageResult(await scraper.scrapeHtml(args.html, { url: args.url }, { ...optionsOf(args), baseUrl: args.url, signal: extra.signal })),
  );

  const settings = batchSettingsSchema.shape;
  server.registerTool(
    'batch',
    {
      title: 'Many web pages to Markdown files',
      description:
        'Loads every URL and writes one Markdown file per page into a folder, with a manifest (index.json) listing each URL\'s outcome. Returns the counts, the manifest\'s path and the failures. A folder holding a batch is continued with resume (nothing is done twice).',
      inputSchema: {
        urls: z.array(httpUrl).min(1).max(BATCH_LIMITS.maxUrls).describe('the pages to load'),
        outDir: z.string().min(1).describe('the folder for the files (created if missing)'),
        resume: z.boolean().default(false).describe('continue the batch already in outDir'),
        ...pageOptions,
        concurrency: settings.concurrency.describe(`pages loaded at once (default ${BATCH_DEFAULTS.concurrency})`),
        nameTemplate: settings.nameTemplate.describe('file names from {title} {host} {path} {date} {index}; a "/" makes sub-folders'),
      },
      outputSchema: {
        outDir: z.string(),
        manifest: z.string(),
        total: z.number(),
        done: z.number(),
        failed: z.number(),
        pending: z.number(),
        elapsedMs: z.number(),
        failures: z.array(z.object({ url: z.string(), code: z.string(), message: z.string() })),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    },
    async (args, extra) => {
      let runner: BatchRunner;
      try {
        runner = await BatchRunner.open(args.urls, {
          outDir: resolve(args.outDir),
          resume: args.resume,
          concurrency: args.concurrency,
          nameTemplate: args.nameTemplate,
          render: args.render,
          frontMatter: args.frontMatter,
          scrape: { convert: { mode: args.article ? 'article' : 'default' } },
        });
      } catch (error) {
        if (error instanceof BatchError) return toolError(`${error.message}${args.resume ? '' : ' (resume: true)'}`);
        throw error;
      }
      const stop = () => runner.cancel();
      extra.signal.addEventListener('abort', stop, { once: true });
      try {
        await runner.run();
      } catch (error) {
        return toolError((error as Error).message);
      } finally {
        extra.signal.removeEventListener('abort', stop);
        await runner.close();
      }
      const summary = runner.summary();
      const failures = runner.rows.filter((row) => row.status === 'failed').slice(0, MAX_LISTED_FAILURES);
      const result = {
        outDir: summary.outDir,
        manifest: summary.manifest,
        ...summary.counts,
        elapsedMs: Math.round(summary.elapsedMs),
        failures: failures.map((row) => ({ url: row.url, code: row.error?.code ?? 'internal', message: row.error?.message ?? 'failed' })),
      };
      const { running: _running, ...shown } = result;
      const text = `${result.done} of ${result.total} written to ${result.outDir}, ${result.failed} failed${result.pending > 0 ? `, ${result.pending} not done` : ''}; manifest: ${result.manifest}`;
      return { content: [{ type: 'text', text }], structuredContent: shown };
    },
  );
}
