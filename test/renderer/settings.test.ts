// Stored settings come back field by field: old, partial or hostile data never breaks the app.
import { describe, expect, it } from 'vitest';
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

  it('normalise pane sizes to fractions', () => {
    expect(mergeSettings({ layout: { sizes: [0.5, 0.5, 0.5] } }).layout.sizes).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });
});

describe('resizing panes', () => {
  it('moves width between neighbours, keeping both above the minimum', () => {
    expect(resize([0.4, 0.3, 0.3], 0, 1, 0.1, 0.1)).toEqual([0.5, 0.19999999999999996, 0.3]);
    expect(resize([0.4, 0.3, 0.3], 0, 1, 0.5, 0.1)).toEqual([0.6, 0.09999999999999998, 0.3]);
    expect(resize([0.4, 0.3, 0.3], 0, 2, -0.9, 0.1)).toEqual([0.1, 0.3, 0.6]);
  });

  it('keep only well-formed site keeps', () => {
    const keep = { path: 'body > footer', tag: 'footer', ruleId: 'footer', excerpt: '<footer>', at: 1 };
    const merged = mergeSettings({ siteKeeps: { 'example.com': [keep, { path: 42 }, 'junk'], 'bad site!': [keep], 'other.org': 'junk', 'x.org': [{ path: 'body > nav' }] } });
    expect(merged.siteKeeps).toEqual({ 'example.com': [keep], 'x.org': [{ path: 'body > nav', tag: '', ruleId: '', excerpt: '', at: 0 }] });
    expect(mergeSettings({ siteKeeps: [] }).siteKeeps).toEqual({});
  });
});
