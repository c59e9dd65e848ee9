// The inspector's grouping: by category then rule, kept elements still listed, switched-off
// categories empty, and the options a keep state sends.
import { describe, expect, it } from 'vitest';
import type { RuleInfo } from '../../src/shared/contract';
import { RULE_CATEGORIES } from '../../src/shared/core/rules/types';
import type { RemovedNode } from '../../src/shared/core/types';
import { allCategories } from '../../src/renderer/src/lib/categories';
import { groupRemovals, keepOptions, type KeepState } from '../../src/renderer/src/lib/removals';

function node(path: string, ruleId: string, category: RemovedNode['category'], start: number, textLength = 10): RemovedNode {
  return { index: start, ruleId, category, action: 'remove', reason: `${ruleId} reason`, tag: path.split(' > ').pop()!, path, textLength, excerpt: `<${path}>`, source: { start, end: start + 5 } };
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
  const footer = node('body > footer', 'footer', 'boilerplate', 90, 120);
  const nav = node('body > nav', 'nav', 'boilerplate', 10, 40);
  // A script's source is its "text" to the core: no reader's text, so it counts nothing here.
  const script = node('head > script', 'unwanted-element', 'unwanted', 0, 50_000);
  const script2 = node('body > script', 'unwanted-element', 'unwanted', 60, 20);
  const ad = node('body > div', 'adsbygoogle', 'ads', 50, 300);
  const empty = node('body > div:nth-of-type(2)', 'adsbygoogle', 'ads', 55, 0);

  it('leads with what removed the most readable text: categories, rules and elements; scripts and empty elements last and marked as noise', () => {
    const groups = groupRemovals([footer, ad, empty, nav, script, script2], none, rules);
    // Every category of the core is listed; those without removals are empty and keep the core's order.
    expect(groups.map((g) => g.category)).toEqual(['ads', 'boilerplate', 'unwanted', 'hidden', 'chrome', 'article']);
    expect(groups.filter((g) => g.removed > 0).map((g) => [g.category, g.removed, g.readable, g.noise, g.rules.map((r) => [r.ruleId, r.readable, r.noise])])).toEqual([
      ['ads', 2, 300, false, [['adsbygoogle', 300, false]]],
      ['boilerplate', 2, 160, false, [['footer', 120, false], ['nav', 40, false]]],
      ['unwanted', 2, 0, true, [['unwanted-element', 0, true]]],
    ]);
    expect(groups[0].rules[0].entries.map((e) => e.node)).toEqual([ad, empty]);
    // Equal (no text): document order.
    expect(groups[2].rules[0].entries.map((e) => e.node)).toEqual([script, script2]);
    expect(groups[1].rules[1]).toMatchObject({ describe: 'site navigation', ruleKept: false, entries: [{ node: nav, kept: false, site: false }] });
    expect(RULE_CATEGORIES.every((category) => groups.some((g) => g.category === category))).toBe(true);
  });

  it('filters by tag, rule, reason, path or excerpt, every word, any case; marks what is kept on the site', () => {
    const names = (filter: string) => groupRemovals([footer, ad, nav, script], none, rules, { filter }).flatMap((g) => g.rules.flatMap((r) => r.entries.map((e) => e.node.path)));
    expect(names('<NAV>')).toEqual(['body > nav']);
    expect(names('footer reason')).toEqual(['body > footer']);
    expect(names('body > div')).toEqual(['body > div']);
    expect(names('scripts')).toEqual(['head > script']); // the rule's description
    expect(names('nothing like it')).toEqual([]);
    const site = groupRemovals([footer, nav], none, rules, { sitePaths: new Set(['body > footer']) }).find((g) => g.category === 'boilerplate')!;
    expect(site.rules.map((r) => r.entries.map((e) => [e.node.path, e.site]))).toEqual([[['body > footer', true]], [['body > nav', false]]]);
  });

  it('lists kept elements and kept rules, though the conversion no longer removes them', () => {
    const keep: KeepState = { paths: { [nav.path]: nav }, rules: { footer: [footer] }, categories: allOn };
    const boilerplate = groupRemovals([script, ad], keep, rules).find((g) => g.category === 'boilerplate')!;
    expect(boilerplate.removed).toBe(0);
    expect(boilerplate.rules.map((r) => [r.ruleId, r.ruleKept, r.entries.map((e) => e.kept)])).toEqual([
      ['footer', true, ['rule']],
      ['nav', false, ['element']],
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
