import { convert } from '../../../../src/shared/core';
import type { ConvertOptions } from '../../../../src/shared/core/types';

/** Markdown of an HTML fragment, with cleaning off unless asked: these tests are about conversion. */
export function md(html: string, options: ConvertOptions = {}): string {
  return convert(html, { rules: { unwanted: false, boilerplate: false, ads: false }, ...options }).markdown.trimEnd();
}
