// The peer converters we measure against, built the same way for eval, fidelity and bench:
// turndown + turndown-plugin-gfm with default options, and Readability (on linkedom) + that turndown.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

export function createTurndownGfm(): TurndownService {
  const service = new TurndownService();
  service.use(gfm);
  return service;
}

/** turndown + gfm on the raw page: one service, reused as a caller would. */
export function turndownGfm(): (html: string) => string {
  const service = createTurndownGfm();
  return (html) => service.turndown(html);
}

/** Readability picks the article on a linkedom DOM; turndown + gfm writes it as Markdown. */
export function readabilityTurndown(): (html: string) => string {
  const service = createTurndownGfm();
  return (html) => {
    const { document } = parseHTML(html);
    const article = new Readability(document as unknown as Document).parse();
    return article?.content ? service.turndown(article.content) : '';
  };
}
