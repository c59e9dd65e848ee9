// Stored settings come back field by field: old, partial or hostile data never breaks the app.
import { describe, expect, it } from 'vitest';
import { BATCH_DEFAULTS, BATCH_LIMITS } from '../../src/shared/batch';
import { LIMITS } from '../../src/shared/limits';
import { allCategories } from '../../src/renderer/src/lib/categories';
import { resize } from '../../src/renderer/src/lib/layout';
import { DEFAULT_SETTINGS, mergeSettings } from '../../src/renderer/src/store/settings-slice';

describe('stored settings', () => {
  it('are taken when well-formed', () => {
    const stored = { ...DEFAULT_SETTINGS, theme: 'dark', render: true, timeoutMs: 60_000, recent: [{ input: 'https://example.org/', title: 'Ex', at: 1 }] };
    expect(mergeSettings(stored)).toEqual(stored);
  });

  it('fall back to the defaults field by field', () => {
    const merged = mergeSettings({
      theme: 'neon',
      render: 'yes',
      timeoutMs: 10 ** 12,
      categories: { ads: false, unknown: true },
      layout: { sizes: [1, -1, 0], collapsed: [true], inspectorHeight: 5 },
      recent: [{ input: 42 }, { input: 'https://ok.example/', at: 2 }, 'junk'],
      extra: 'ignored',
    });
    expect(merged.theme).toBe('system');
    expect(merged.render).toBe(false);
    expect(merged.timeoutMs).toBe(600_000);
    expect(merged.categories).toEqual({ ...allCategories(), ads: false });
    expect(merged.categories).not.toHaveProperty('unknown');
    expect(merged.layout).toEqual({ ...DEFAULT_SETTINGS.layout, inspectorHeight: 80 });
    expect(merged.recent).toEqual([{ input: 'https://ok.example/', title: undefined, at: 2 }]);
    expect(merged).not.toHaveProperty('extra');
    expect(mergeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings('garbage')).toEqual(DEFAULT_SETTINGS);
  });

  it('take the batch settings field by field through their schema: numbers brought within its limits, the rest checked', () => {
    const merged = mergeSettings({ batch: { concurrency: 500, perHost: 0, delayMs: 2.5, retries: '3', timeoutMs: 1, render: true, nameTemplate: 'a\nb', manifest: 'xml', frontMatter: true, bogus: 1 } });
    expect(merged.batch).toEqual({ ...BATCH_DEFAULTS, concurrency: BATCH_LIMITS.concurrency.max, perHost: BATCH_LIMITS.perHost.min, timeoutMs: BATCH_LIMITS.timeoutMs.min, render: true, frontMatter: true });
    expect(mergeSettings({ extraWaitMs: -5 }).extraWaitMs).toBe(LIMITS.extraWaitMs.min);
  });

  it('normalise pane sizes to fractions', () => {
    expect(mergeSettings({ layout: { sizes: [0.5, 0.5, 0.5] } }).layout.sizes).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });
});

/** Sizes compared as fractions: to the thousandth of the window, not to the last bit of a float. */
function expectSizes(actual: readonly number[], expected: readonly number[]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((size, i) => expect(size, `pane ${i}`).toBeCloseTo(expected[i], 6));
}

describe('resizing panes', () => {
  it('moves width between neighbours, and nothing else', () => {
    const sizes = resize([0.4, 0.3, 0.3], 0, 1, 0.1, 0.1);
    expectSizes(sizes, [0.5, 0.2, 0.3]);
    // The pair keeps its width exactly; the third pane is untouched.
    expect(sizes[0] + sizes[1]).toBe(0.4 + 0.3);
    expect(sizes[2]).toBe(0.3);
    expectSizes(resize([0.4, 0.3, 0.3], 1, 2, -0.05, 0.1), [0.4, 0.25, 0.35]);
  });

  it('stops at the minimum on either side, however far the splitter is dragged', () => {
    expectSizes(resize([0.4, 0.3, 0.3], 0, 1, 0.5, 0.1), [0.6, 0.1, 0.3]);
    expectSizes(resize([0.4, 0.3, 0.3], 0, 2, -0.9, 0.1), [0.1, 0.3, 0.6]);
    // A pair narrower than two minimums splits evenly instead of going below it.
    expectSizes(resize([0.9, 0.06, 0.04], 1, 2, 0.5, 0.1), [0.9, 0.05, 0.05]);
  });

  it('keep only well-formed site keeps', () => {
    const keep = { path: 'body > footer', tag: 'footer', ruleId: 'footer', excerpt: '<footer>', at: 1 };
    const merged = mergeSettings({ siteKeeps: { 'example.com': [keep, { path: 42 }, 'junk'], 'bad site!': [keep], 'other.org': 'junk', 'x.org': [{ path: 'body > nav' }] } });
    expect(merged.siteKeeps).toEqual({ 'example.com': [keep], 'x.org': [{ path: 'body > nav', tag: '', ruleId: '', excerpt: '', at: 0 }] });
    expect(mergeSettings({ siteKeeps: [] }).siteKeeps).toEqual({});
  });
});
