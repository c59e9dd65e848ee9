// What every option schema shares: how a field shows on the command line (a registry the CLI reads
// its flags, their help and how to read their text from), and one way to put a failed check in words.
import * as z from 'zod';

/** A field's command-line flag. The CLI derives parseArgs' options, the help and the reading of values from these. */
export interface FlagMeta {
  /** Without dashes: "timeout". A switch named "no-…" turns its field off. */
  flag: string;
  short?: string;
  /** The value's name in the help ("<seconds>"); a switch has none. */
  arg?: string;
  /**
   * How the text given is read before the schema checks it: as it is, a whole number, a duration
   * in seconds ("2.5", "500ms"), or repeated (each use adds one).
   */
  read?: 'text' | 'whole' | 'duration' | 'repeated';
  /** The help's lines for this flag. */
  help: string | readonly string[];
}

export const flags = z.registry<FlagMeta>();

/** The schema, with its flag recorded. */
export function withFlag<T extends z.ZodType>(schema: T, meta: FlagMeta): T {
  flags.add(schema, meta);
  return schema;
}

/** A schema's fields in order, each with its flag when it has one. */
export function flagFields(shape: z.ZodRawShape): Array<{ key: string; schema: z.ZodType; meta: FlagMeta }> {
  return Object.entries(shape).flatMap(([key, schema]) => {
    const meta = flags.get(schema as z.ZodType);
    return meta ? [{ key, schema: schema as z.ZodType, meta }] : [];
  });
}

/** A whole number from `min` to `max`, saying so (or `error`) when it is not. */
export function wholeNumber(min: number, max: number, error = `must be a whole number from ${min} to ${max}`): z.ZodNumber {
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** One line: header values and names must not smuggle in more lines (or a NUL). */
export const SINGLE_LINE = /^[^\r\n\0]*$/;

/**
 * The first failed check in words: `where` (and the path inside) followed by what is wrong. Messages
 * given to the schema ("must be …") read after the field's name; zod's own are used as they are.
 */
export function describeIssue(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  if (!issue) return `${where}: is not valid`;
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  const place = `${where}${path}`.replace(/^\./, '');
  if (issue.code === 'unrecognized_keys') return `${place}: unknown field "${issue.keys[0]}"`;
  return `${place}: ${issue.message}`;
}
