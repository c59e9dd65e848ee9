import { convert } from '../../../../src/shared/core';
import type { RemovedNode } from '../../../../src/shared/core/types';

/** What the default rules remove from `html`, as `ruleId tag` strings. */
export function removedBy(html: string): string[] {
  return convert(html).removed.map((r: RemovedNode) => `${r.ruleId} ${r.tag}`);
}

export function markdownOf(html: string): string {
  return convert(html).markdown;
}
