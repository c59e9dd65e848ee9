// Our DOM against real ones. Turndown walks our tree as it would a browser's, so the same stock
// turndown (with the GFM plugin) must write the same Markdown from our DOM as from linkedom's, for
// the same document: every CommonMark and GFM spec example's HTML and our own fixtures. Which
// elements are blocks is ours to say too (core/html) — it must be what turndown says.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tests as commonMarkExamples } from 'commonmark-spec';
import { parseHTML } from 'linkedom';
import { type DefaultTreeAdapterMap, html as parse5Html, parse, serialize } from 'parse5';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { describe, expect, it } from 'vitest';
import type { Element } from '../../../../src/shared/core/dom/nodes';
import { BLOCK_TAGS } from '../../../../src/shared/core/html/blocks';
import { turndownInput } from '../../../../src/shared/core/markdown';
import { parseHtml } from '../../../../src/shared/core/parse';

const root = resolve(import.meta.dirname, '../../../..');

function stockTurndown(): TurndownService {
  return new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' }).use(gfm);
}

/** The documents: spec examples (well-formed HTML, wide in what they use) and whole pages. */
function documents(): Array<{ id: string; html: string }> {
  const fixtures = join(root, 'test/fixtures');
  const pages = ['golden', 'data-rich', 'app'].flatMap((folder) =>
    readdirSync(join(fixtures, folder))
      .filter((name) => name.endsWith('.html'))
      .map((name) => ({ id: `${folder}/${name}`, html: readFileSync(join(fixtures, folder, name), 'utf8') })),
  );
  return [...commonMarkExamples.map((example) => ({ id: `commonmark ${example.number}`, html: example.html })), ...pages];
}

/** Markdown, or the error (the GFM plugin throws on some tables, e.g. an empty one: it must do so on ours too). */
function outcome(run: () => string): string {
  try {
    return run();
  } catch (error) {
    return `throws ${error instanceof Error ? error.message : String(error)}`;
  }
}

function bodyOf(document: DefaultTreeAdapterMap['document']): DefaultTreeAdapterMap['element'] {
  const html = document.childNodes.find((node) => node.nodeName === 'html') as DefaultTreeAdapterMap['element'];
  return html.childNodes.find((node) => node.nodeName === 'body') as DefaultTreeAdapterMap['element'];
}

describe('our DOM under turndown, against linkedom’s', () => {
  it('gives the same Markdown from the same tree', () => {
    let compared = 0;
    const skipped: string[] = [];
    const different: string[] = [];
    for (const { id, html } of documents()) {
      // linkedom parses by its own rules: it gets parse5's tree written out, and is used only where
      // it reads it back to the same tree.
      const body = serialize(bodyOf(parse(html)));
      const { document } = parseHTML(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`);
      if (document.body.innerHTML !== body) {
        skipped.push(id);
        continue;
      }
      // linkedom leaves a text node per piece it read (around a character reference): one, as parse5 makes.
      document.body.normalize();
      const theirs = outcome(() => stockTurndown().turndown(document.body as unknown as HTMLElement));
      const ourBody = parseHtml(html).body as Element;
      const ours = outcome(() => stockTurndown().turndown(turndownInput(ourBody) as unknown as HTMLElement));
      compared++;
      if (ours !== theirs) different.push(`${id}\n--- ours\n${ours}\n--- linkedom\n${theirs}`);
    }
    expect(different.slice(0, 3)).toEqual([]);
    expect(compared).toBeGreaterThan(600);
    // Where linkedom cannot hold parse5's tree (misnested markup in a few examples), nothing is compared.
    expect(skipped.length).toBeLessThan(compared / 10);
  });

  it('calls a block what turndown calls a block', () => {
    // turndown marks each node it visits (`isBlock`): every element parse5 knows, one by one.
    const names = Object.values(parse5Html.TAG_NAMES).filter((name) => !['html', 'head', 'body', 'frameset', 'template'].includes(name));
    const seen = new Map<string, boolean>();
    const service = new TurndownService();
    service.addRule('record', {
      filter: (node) => {
        seen.set(node.nodeName.toLowerCase(), (node as unknown as { isBlock: boolean }).isBlock);
        return false;
      },
      replacement: () => '',
    });
    for (const name of names) {
      const { document } = parseHTML('<!DOCTYPE html><html><head></head><body><div></div></body></html>');
      const holder = document.querySelector('div')!;
      holder.appendChild(document.createElement(name)).textContent = 'x';
      service.turndown(holder as unknown as HTMLElement);
    }
    const tested = names.filter((name) => seen.has(name));
    expect(tested.length).toBeGreaterThan(100);
    for (const name of tested) expect(`${name}: ${seen.get(name)}`).toBe(`${name}: ${BLOCK_TAGS.has(name)}`);
  });
});
