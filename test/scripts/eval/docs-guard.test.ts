import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docsGuardTable, loadDocsGuard, runDocsGuard } from '../../../scripts/eval/docs-guard';

const root = mkdtempSync(join(tmpdir(), 'docs-guard-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('docs guard', () => {
  it("reads installed generators' pages, takes the truth from their content region, and scores what each tool keeps", () => {
    mkdirSync(join(root, 'sphinx-doc', 'html'), { recursive: true });
    copyFileSync(join(import.meta.dirname, '../../fixtures/docs/sphinx-page.html'), join(root, 'sphinx-doc', 'html', 'config.html'));
    const guard = loadDocsGuard(root, 5);
    expect(guard.generators.map((g) => [g.generator.name, g.pages.length])).toEqual([['Sphinx', 1]]);
    expect(guard.missing).toContain('git-doc');
    const page = guard.generators[0].pages[0];
    expect(page.truth).toContain('Recommended configuration');
    expect(page.truth).not.toContain('Quick search');
    expect(page.cells.length).toBe(9);

    const run = runDocsGuard(guard, [{ mode: 'default' }, { mode: 'article' }], true);
    expect(run.tools).toEqual(['whole page', 'openscraper (default)', 'openscraper (article)', 'readability+turndown']);
    const scores = run.rows[0].tools;
    expect(scores['whole page'].found).toBe(scores['whole page'].total);
    expect(scores['openscraper (default)'].found).toBe(scores['openscraper (default)'].total);
    expect(scores['openscraper (default)'].cellsFound).toBe(9);
    expect(docsGuardTable(run)).toMatch(/Sphinx +sphinx-doc +1 /);
  });
});
