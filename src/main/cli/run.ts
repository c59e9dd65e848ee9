// The CLI's work, apart from process globals so tests can drive it: read each input, convert it,
// write the result, and report failures one line each.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { convert } from '../../shared/core';
import type { ConvertResult } from '../../shared/core/types';
import { decodeHtmlBytes, loadLocalFile, readStream } from '../loaders/files';
import { APP_VERSION } from '../version';
import { type CliOptions, parseCli, USAGE, UsageError } from './args';

export interface CliIo {
  stdin: AsyncIterable<Uint8Array | string>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

interface Converted {
  input: string;
  result: ConvertResult;
}

function render(item: Converted, options: CliOptions): string {
  return options.json ? `${JSON.stringify({ input: item.input, ...item.result })}\n` : item.result.markdown;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** A file name for an input inside the output folder, unique among those already given. */
function outputName(input: string, extension: string, taken: Set<string>): string {
  const stem = input === '-' ? 'stdin' : basename(input, extname(input)) || 'page';
  let name = `${stem}${extension}`;
  for (let n = 2; taken.has(name); n++) name = `${stem} (${n})${extension}`;
  taken.add(name);
  return name;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
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

  const toFolder = options.output !== undefined && (options.inputs.length > 1 || /[/\\]$/.test(options.output) || (await isDirectory(options.output)));
  if (toFolder) await mkdir(options.output!, { recursive: true });
  const taken = new Set<string>();
  let failures = 0;
  let stdinUsed = false;
  const outputs: string[] = [];

  for (const input of options.inputs) {
    try {
      let html: string;
      if (input === '-') {
        if (stdinUsed) throw new Error('standard input can be read only once');
        stdinUsed = true;
        html = decodeHtmlBytes(await readStream(io.stdin));
      } else {
        html = (await loadLocalFile(input)).html;
      }
      const result = convert(html, {
        url: options.baseUrl,
        rules: options.rules,
        keep: { rules: options.keepRules },
        frontMatter: options.frontMatter,
        dataImages: options.dataImages,
      });
      const text = render({ input, result }, options);
      if (toFolder) {
        const file = join(options.output!, outputName(input, options.json ? '.json' : '.md', taken));
        await writeFile(file, text);
      } else outputs.push(text);
    } catch (error) {
      failures++;
      io.stderr.write(`openscraper: ${input}: ${oneLine(error)}\n`);
    }
  }

  if (!toFolder && outputs.length > 0) {
    const joined = options.json ? outputs.join('') : outputs.join('\n---\n\n');
    if (options.output !== undefined) await writeFile(options.output, joined);
    else io.stdout.write(joined);
  }
  return failures > 0 ? 1 : 0;
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0];
}
