// The npm package as another project sees it: `import { convert } from 'openscraper'` from a
// different folder, resolved through package.json "exports" to the built JavaScript.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
let consumer: string;

beforeAll(() => {
  // CI builds first; locally, build the library when it is missing.
  if (!existsSync(join(root, 'dist/lib/index.js'))) execFileSync(process.execPath, ['scripts/build-lib.mjs'], { cwd: root, stdio: 'ignore' });
  consumer = mkdtempSync(join(tmpdir(), 'openscraper-consumer-'));
  mkdirSync(join(consumer, 'node_modules'));
  symlinkSync(root, join(consumer, 'node_modules/openscraper'), 'dir');
  writeFileSync(join(consumer, 'package.json'), '{"type":"module"}');
}, 120_000);

afterAll(() => rmSync(consumer, { recursive: true, force: true }));

describe('the openscraper package', () => {
  it('exports convert() to another project, with the removed <nav> and its rule and reason', () => {
    writeFileSync(
      join(consumer, 'use.js'),
      `import { convert } from 'openscraper';
       const result = convert('<nav><a href="/">Home</a></nav><h1>T</h1>', { url: 'https://e.com/' });
       console.log(JSON.stringify({ markdown: result.markdown, removed: result.removed.map(({ ruleId, reason, tag }) => ({ ruleId, reason, tag })) }));`,
    );
    const output = JSON.parse(execFileSync(process.execPath, ['use.js'], { cwd: consumer, encoding: 'utf8' }));
    expect(output).toEqual({ markdown: '# T\n', removed: [{ ruleId: 'nav', reason: '<nav> is site navigation', tag: 'nav' }] });
  });

  it('ships type declarations for the entry point', () => {
    expect(existsSync(join(root, 'dist/types/main/index.d.ts'))).toBe(true);
  });
});
