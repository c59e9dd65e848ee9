// Command-line flags derived from an option schema: each field that has a flag (shared/options)
// becomes a parseArgs option, its text is read (a whole number, a duration) and checked by the
// field's own schema, and the help lines are written from the same flags.
import { parseArgs } from 'node:util';
import type * as z from 'zod';
import { type FlagMeta, flagFields } from '../../shared/options/schema';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface ParsedFlags<T> {
  /** The options: every field of the schema, given or default, read and checked. */
  options: T;
  /** What was given on the command line, as typed, by the field's key. */
  given: Record<string, string | string[] | boolean>;
  positionals: string[];
}

/** "30", "2.5", "30s", "500ms" → milliseconds. */
export function parseDuration(text: string, option: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$/i.exec(text);
  const value = match ? Number(match[1]) * (match[2]?.toLowerCase() === 'ms' ? 1 : 1000) : NaN;
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${option} must be a positive duration in seconds (or "…ms"): ${text}`);
  return Math.round(value);
}

function read(text: string, meta: FlagMeta): unknown {
  const option = `--${meta.flag}`;
  if (meta.read === 'duration') return parseDuration(text, option);
  if (meta.read === 'whole') {
    if (!/^\s*\d+\s*$/.test(text)) throw new UsageError(`${option} must be a whole number: ${text}`);
    return Number(text);
  }
  return text;
}

/** Parses `argv` into the options `schema` describes: its fields with a flag read from the command line, the rest defaults. */
export function parseFlags<S extends z.ZodObject>(schema: S, argv: string[]): ParsedFlags<z.output<S>> {
  const fields = flagFields(schema.shape);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries(
        fields.map(({ meta }) => [meta.flag, { type: meta.arg === undefined ? ('boolean' as const) : ('string' as const), multiple: meta.read === 'repeated', ...(meta.short ? { short: meta.short } : {}) }]),
      ),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const given: Record<string, string | string[] | boolean> = {};
  const values: Record<string, unknown> = {};
  for (const { key, meta } of fields) {
    const text = (parsed.values as Record<string, string | string[] | boolean | undefined>)[meta.flag];
    if (text === undefined) continue;
    given[key] = text;
    values[key] = Array.isArray(text) ? text.map((item) => read(item, meta)) : typeof text === 'string' ? read(text, meta) : text;
  }
  const checked = schema.safeParse(values);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const key = String(issue?.path[0] ?? '');
    const meta = fields.find((field) => field.key === key)?.meta;
    const text = given[key];
    throw new UsageError(`--${meta?.flag ?? key} ${issue?.message ?? 'is not valid'}${typeof text === 'string' ? `: ${text}` : ''}`);
  }
  return { options: checked.data, given, positionals: parsed.positionals };
}

/**
 * The help's option lines: `-o, --output <file|dir>   what it does`, the descriptions in one column.
 * `help` words some flags differently for this command.
 */
export function flagHelp(shape: z.ZodRawShape, help: Readonly<Record<string, string | readonly string[]>> = {}): string {
  const COLUMN = 28;
  const lines: string[] = [];
  for (const { meta } of flagFields(shape)) {
    const label = `  ${meta.short ? `-${meta.short}, ` : '    '}--${meta.flag}${meta.arg ? ` ${meta.arg}` : ''}`;
    const [first, ...rest] = [help[meta.flag] ?? meta.help].flat();
    lines.push(`${label.length < COLUMN ? label.padEnd(COLUMN) : `${label}  `}${first}`);
    for (const more of rest) lines.push(`${' '.repeat(COLUMN)}${more}`);
  }
  return lines.join('\n');
}
