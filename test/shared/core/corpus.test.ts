// Runs the pipeline on every page of a corpus folder when one is given, e.g.
//   OPENSCRAPER_CORPUS=../shared/corpus/aeb npm test
// Each page must convert without an exception and without an unexplained loss-check warning, and
// our parser (parse5 taking runs of text at once) must build stock parse5's tree, locations included.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { convert } from '../../../src/shared/core';
import { parseDocument } from '../../../src/shared/core/dom/tokenizer';

const corpus = process.env.OPENSCRAPER_CORPUS;
const htmlDir = corpus === undefined ? undefined : existsSync(join(corpus, 'html')) ? join(corpus, 'html') : corpus;
const pages = htmlDir === undefined ? [] : readdirSync(htmlDir).filter((name) => /\.html?(\.gz)?$/.test(name));

describe.skipIf(htmlDir === undefined)(`corpus ${corpus ?? '(set OPENSCRAPER_CORPUS to run)'}`, () => {
  it('has pages', () => expect(pages.length).toBeGreaterThan(0));

  const read = (name: string) => {
    const bytes = readFileSync(join(htmlDir!, name));
    return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  };

  it.each(pages)('%s converts cleanly', (name) => {
    const html = read(name);
    const result = convert(html);
    expect(result.markdown.length).toBeGreaterThan(0);
    expect(result.warnings.filter((w) => w.code === 'loss')).toEqual([]);
  });

  it.each(pages)('%s parses to stock parse5’s tree', (name) => {
    const html = read(name);
    const dump = (document: DefaultTreeAdapterMap['document']) => JSON.stringify(document, (key, value) => (key === 'parentNode' ? undefined : value));
    expect(dump(parseDocument<DefaultTreeAdapterMap>(html, { sourceCodeLocationInfo: true }))).toBe(dump(parse(html, { sourceCodeLocationInfo: true })));
  });
});
