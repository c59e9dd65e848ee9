// The inspector's grouping: by category then rule, kept elements still listed, switched-off
// categories empty, and the options a keep state sends.
import { describe, expect, it } from 'vitest';
import type { RuleInfo } from '../../src/shared/contract';
import { RULE_CATEGORIES } from '../../src/shared/core/rules/types';
import type { RemovedNode } from '../../src/shared/core/types';
import { allCategories } from '../../src/renderer/src/lib/categories';
import { groupRemovals, keepOptions, type KeepState } from '../../src/renderer/src/lib/removals';

function node(path: string, ruleId: string, category: RemovedNode['category'], start: number): RemovedNode {
  return { index: start, ruleId, category, action: 'remove', reason: `${ruleId} reason`, tag: path.split(' > ').pop()!, path, textLength: 10, excerpt: `<${path}>`, source: { start, end: start + 5 } };
}

const rules: RuleInfo[] = [
  { id: 'unwanted-element', category: 'unwanted', action: 'remove', describe: 'scripts and styles' },
  { id: 'nav', category: 'boilerplate', action: 'remove', describe: 'site navigation' },
  { id: 'footer', category: 'boilerplate', action: 'remove', describe: 'page footer' },
  { id: 'adsbygoogle', category: 'ads', action: 'remove', describe: 'ads' },
];
const allOn = allCategories();
const none: KeepState = { paths: {}, rules: {}, categories: allOn };

describe('grouping removals', () => {
  const footer = node('body > footer', 'footer', 'boilerplate', 90);
  const nav = node('body > nav', 'nav', 'boilerplate', 10);
  const script = node('head > script', 'unwanted-element', 'unwanted', 0);
  const ad = node('body > div', 'adsbygoogle', 'ads', 50);

  it('groups by category, then rule in rule order, elements in document order', () => {
    const groups = groupRemovals([footer, ad, nav, script], none, rules);
    // Every category of the core is listed, in the core's order; those without removals are empty.
    expect(groups.map((g) => g.category)).toEqual([...RULE_CATEGORIES]);
    expect(groups.filter((g) => g.removed > 0).map((g) => [g.category, g.removed, g.rules.map((r) => r.ruleId)])).toEqual([
      ['unwanted', 1, ['unwanted-element']],
      ['boilerplate', 2, ['nav', 'footer']],
      ['ads', 1, ['adsbygoogle']],
    ]);
    expect(groups[1].rules[0]).toMatchObject({ describe: 'site navigation', ruleKept: false, entries: [{ node: nav, kept: false }] });
  });

  it('lists kept elements and kept rules, though the conversion no longer removes them', () => {
    const keep: KeepState = { paths: { [nav.path]: nav }, rules: { footer: [footer] }, categories: allOn };
    const boilerplate = groupRemovals([script, ad], keep, rules).find((g) => g.category === 'boilerplate')!;
    expect(boilerplate.removed).toBe(0);
    expect(boilerplate.rules.map((r) => [r.ruleId, r.ruleKept, r.entries.map((e) => e.kept)])).toEqual([
      ['nav', false, ['element']],
      ['footer', true, ['rule']],
    ]);
  });

  it('shows a switched-off category empty', () => {
    const groups = groupRemovals([script, nav], { ...none, categories: { ...allOn, boilerplate: false } }, rules);
    expect(groups.find((g) => g.category === 'boilerplate')).toMatchObject({ on: false, rules: [] });
  });

  it('turns the keep state into convert options', () => {
    expect(keepOptions({ paths: { [nav.path]: nav }, rules: { footer: [footer] }, categories: { ...allOn, ads: false } })).toEqual({
      rules: { ...allOn, ads: false },
      keep: { paths: ['body > nav'], rules: ['footer'] },
    });
  });
});
