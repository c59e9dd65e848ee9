// The spec examples of the round trip: CommonMark from the commonmark-spec package, and the GFM
// extension examples (tables, strikethrough, task lists, autolinks, …) from the corpus folder.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tests as commonmarkTests } from 'commonmark-spec';

export type Suite = 'commonmark' | 'gfm';

export interface Example {
  /** Stable and short, e.g. "cm-123", "gfm-198", "gfm-ext-5": what --show-failures accepts. */
  id: string;
  suite: Suite;
  number: number;
  /** "Links", or "GFM: Tables (extension)". */
  section: string;
  markdown: string;
}

/** spec.txt writes tabs as "→"; the spec's own test runner turns them back into tabs. */
function untab(text: string): string {
  return text.replace(/→/g, '\t');
}

export function commonmarkExamples(): Example[] {
  return commonmarkTests.map((test) => ({
    id: `cm-${test.number}`,
    suite: 'commonmark' as const,
    number: test.number,
    section: test.section,
    markdown: untab(test.markdown),
  }));
}

interface SpecJsonEntry {
  number: number;
  section: string;
  extension: string | null;
  markdown: string;
}

function readEntries(path: string): SpecJsonEntry[] {
  const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!Array.isArray(data)) throw new Error(`${path}: expected an array of examples`);
  return data.filter(
    (entry): entry is SpecJsonEntry =>
      typeof entry === 'object' && entry !== null && typeof entry.markdown === 'string' && typeof entry.number === 'number',
  );
}

/** Accepts the corpus root (with markdown-spec/) or the markdown-spec folder itself. */
export function resolveSpecDir(dir: string): string | null {
  if (existsSync(join(dir, 'gfm-spec.json'))) return dir;
  if (existsSync(join(dir, 'markdown-spec', 'gfm-spec.json'))) return join(dir, 'markdown-spec');
  return null;
}

/**
 * GFM's own examples: the "(extension)" sections of the GFM spec (its other examples are the
 * CommonMark ones again, in an older version) and cmark-gfm's extensions test file.
 */
export function gfmExamples(specDir: string): Example[] {
  const spec = readEntries(join(specDir, 'gfm-spec.json'))
    .filter((entry) => entry.section.includes('(extension)'))
    .map((entry) => ({ id: `gfm-${entry.number}`, suite: 'gfm' as const, number: entry.number, section: `GFM: ${entry.section}`, markdown: entry.markdown }));
  const extensionsPath = join(specDir, 'gfm-extensions.json');
  const extensions = existsSync(extensionsPath)
    ? readEntries(extensionsPath).map((entry) => ({
        id: `gfm-ext-${entry.number}`,
        suite: 'gfm' as const,
        number: entry.number,
        section: `GFM ext: ${entry.section}`,
        markdown: entry.markdown,
      }))
    : [];
  return [...spec, ...extensions];
}
