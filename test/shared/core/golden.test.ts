// Golden pages: small hand-written pages (test/fixtures/golden/<name>.html) and the Markdown we
// expect from them (<name>.md), reviewed by hand. A change in output shows up as a diff here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../../src/shared/core';

const dir = join(import.meta.dirname, '../../fixtures/golden');
const pages = readdirSync(dir).filter((name) => name.endsWith('.html'));

describe('golden pages', () => {
  it.each(pages)('%s', (name) => {
    const html = readFileSync(join(dir, name), 'utf8');
    const expected = readFileSync(join(dir, name.replace(/\.html$/, '.md')), 'utf8');
    const result = convert(html, { url: 'https://example.com/a/page.html' });
    expect(result.markdown).toBe(expected);
    expect(result.warnings).toEqual([]);
  });
});
