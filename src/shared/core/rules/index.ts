// The default rule set, in the order rules are tried on each element (the first match wins).
import { adsByGoogle, adSlot, consentBanner, dialog, sponsoredLink } from './ads';
import { aside, footer, header, menu, navigation } from './boilerplate';
import type { CleaningRule } from './types';
import { headTagsInBody, unwantedElements } from './unwanted';

export const DEFAULT_RULES: readonly CleaningRule[] = [
  unwantedElements,
  headTagsInBody,
  navigation,
  header,
  footer,
  aside,
  menu,
  adsByGoogle,
  adSlot,
  dialog,
  consentBanner,
  sponsoredLink,
];

export type { CleaningRule, RuleAction, RuleCategory, RuleContext } from './types';
export { RULE_CATEGORIES } from './types';
