// Our parser — parse5's tree construction, our run-taking tokenizer, our tree adapter and DOM —
// against the public html5lib tree-construction tests (../shared/corpus/html5lib-tests; skipped
// when the folder is absent): every document test builds, as our DOM, exactly the tree stock
// parse5 builds, and the expected tree wherever stock parse5 builds that. A tree adapter that
// dropped attributes from a second <html> or <body> (adoptAttributes) fails here.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type DefaultTreeAdapterMap, defaultTreeAdapter, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/shared/core/dom/tokenizer';
import { createTreeAdapter, type LightTreeMap } from '../../../../src/shared/core/dom/tree-adapter';
import { datTree, type DatTest, readDatFile } from './dat-tree';

const root = resolve(import.meta.dirname, '../../../..');
const folder = join(process.env.OPENSCRAPER_HTML5LIB_TESTS ?? join(root, '../shared/corpus/html5lib-tests'), 'tree-construction');
const present = existsSync(folder);
if (!present) console.warn(`html5lib-tests not found at ${folder}: the tree-construction tests are skipped`);

function tests(): DatTest[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.dat'))
    .sort()
    .flatMap((name) => readDatFile(join(folder, name), name));
}

function ours(test: DatTest, fast: boolean): string {
  const adapter = createTreeAdapter(null);
  return datTree<LightTreeMap>(parseDocument<LightTreeMap>(test.data, { treeAdapter: adapter, scriptingEnabled: test.scripting }, fast), adapter);
}

function stock(test: DatTest): string {
  return datTree<DefaultTreeAdapterMap>(parse(test.data, { scriptingEnabled: test.scripting }), defaultTreeAdapter);
}

describe.skipIf(!present)('html5lib tree-construction tests', () => {
  it('reads the suite: over a thousand document tests', () => {
    const all = tests();
    expect(all.filter((test) => test.fragment === undefined).length).toBeGreaterThan(1000);
    // A reading error would show as tests without data or without a tree.
    expect(all.filter((test) => test.document === '')).toEqual([]);
  });

  it('builds stock parse5’s tree for every document test, and the expected one wherever parse5 does', () => {
    const documents = tests().filter((test) => test.fragment === undefined);
    const different: string[] = [];
    const wrong: string[] = [];
    let stockWrong = 0;
    for (const test of documents) {
      const reference = stock(test);
      for (const fast of [true, false]) {
        const tree = ours(test, fast);
        if (tree !== reference) different.push(`${test.id}${fast ? '' : ' (stock tokenizer)'}:\n${test.data}\n--- ours\n${tree}\n--- parse5\n${reference}`);
        else if (reference === test.document) continue;
        else if (tree !== test.document && fast) stockWrong++;
      }
      if (reference === test.document && ours(test, true) !== test.document) wrong.push(test.id);
    }
    expect(different.slice(0, 3)).toEqual([]);
    expect(different.length).toBe(0);
    expect(wrong).toEqual([]);
    // parse5 itself passes nearly all of them (the rest: spec changes after this suite was frozen).
    expect(stockWrong / documents.length).toBeLessThan(0.02);
  });
});
