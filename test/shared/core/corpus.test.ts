// Runs the pipeline on every page of a corpus folder when one is given, e.g.
//   OPENSCRAPER_CORPUS=../shared/corpus/aeb npm test
// Each page must convert without an exception and without an unexplained loss-check warning.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { convert } from '../../../src/shared/core';

const corpus = process.env.OPENSCRAPER_CORPUS;
const htmlDir = corpus === undefined ? undefined : existsSync(join(corpus, 'html')) ? join(corpus, 'html') : corpus;
const pages = htmlDir === undefined ? [] : readdirSync(htmlDir).filter((name) => /\.html?(\.gz)?$/.test(name));

describe.skipIf(htmlDir === undefined)(`corpus ${corpus ?? '(set OPENSCRAPER_CORPUS to run)'}`, () => {
  it('has pages', () => expect(pages.length).toBeGreaterThan(0));

  it.each(pages)('%s converts cleanly', (name) => {
    const bytes = readFileSync(join(htmlDir!, name));
    const html = (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    const result = convert(html);
    expect(result.markdown.length).toBeGreaterThan(0);
    expect(result.warnings.filter((w) => w.code === 'loss')).toEqual([]);
  });
});
