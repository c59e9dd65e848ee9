// The rule categories as the app shows them. The list comes from the core, so a category added
// there appears here too (with a plain label until it gets a better one).
import { RULE_CATEGORIES, type RuleCategory } from '../../../shared/core/rules/types';

export const CATEGORIES: readonly RuleCategory[] = RULE_CATEGORIES;

const INFO: Partial<Record<RuleCategory, { label: string; hint: string }>> = {
  unwanted: { label: 'Unwanted', hint: 'scripts, styles, embeds: never content' },
  boilerplate: { label: 'Boilerplate', hint: 'navigation, headers, footers, sidebars' },
  ads: { label: 'Ads & popups', hint: 'ads, cookie banners, dialogs, sponsored links' },
  hidden: { label: 'Hidden', hint: 'what the page itself hides' },
  chrome: { label: 'Page chrome', hint: 'menus, link lists, share bars, comments outside the article' },
  article: { label: 'Article mode', hint: 'what article mode cut as outside the main content (only with “Article” on)' },
};

export function categoryLabel(category: RuleCategory): string {
  return INFO[category]?.label ?? category.charAt(0).toUpperCase() + category.slice(1);
}

export function categoryHint(category: RuleCategory): string {
  return INFO[category]?.hint ?? `elements the "${category}" rules remove`;
}

/** Every category on (the default for new pages). */
export function allCategories(on = true): Record<RuleCategory, boolean> {
  return Object.fromEntries(CATEGORIES.map((category) => [category, on])) as Record<RuleCategory, boolean>;
}
