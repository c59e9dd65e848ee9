import { convert, RULE_CATEGORIES } from '../../../../src/shared/core';
import type { ConvertOptions } from '../../../../src/shared/core/types';

/** Markdown of an HTML fragment, with cleaning off unless asked: these tests are about conversion. */
export function md(html: string, options: ConvertOptions = {}): string {
  const noCleaning = Object.fromEntries(RULE_CATEGORIES.map((category) => [category, false]));
  return convert(html, { rules: noCleaning, ...options }).markdown.trimEnd();
}
