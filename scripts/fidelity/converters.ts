// The HTML → Markdown converters under test. Spec HTML is all content, so ours runs with every
// cleaning category off (and data: images kept): the round trip measures conversion, not cleaning.
import { convert, RULE_CATEGORIES } from '../../src/shared/core';
import type { ConvertOptions } from '../../src/shared/core/types';
import { turndownGfm } from '../eval/peers';

export interface Converter {
  name: string;
  describe: string;
  toMarkdown(html: string): string;
}

export const FIDELITY_OPTIONS: ConvertOptions = {
  rules: Object.fromEntries(RULE_CATEGORIES.map((category) => [category, false])),
  dataImages: 'keep',
};

export const OURS = 'openscraper';
export const PEER = 'turndown+gfm';

export function oursConverter(): Converter {
  return {
    name: OURS,
    describe: `convert(html, ${JSON.stringify(FIDELITY_OPTIONS)}).markdown`,
    toMarkdown: (html) => convert(html, FIDELITY_OPTIONS).markdown,
  };
}

export function turndownConverter(): Converter {
  const turndown = turndownGfm();
  return { name: PEER, describe: 'new TurndownService().use(gfm), default options', toMarkdown: turndown };
}
