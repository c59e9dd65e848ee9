// The conversion options a user picks (the app's panel, the CLI's flags): which rule categories
// run, what is kept, inline data: images, front matter. The core's ConvertOptions has more (a URL,
// extra rules, a budget) that callers set themselves.
import * as z from 'zod';
import { RULE_CATEGORIES } from '../core/rules/types';
import type { RuleCategory } from '../core/types';
import { LIMITS } from '../limits';
import { withFlag } from './schema';

const flag = () => z.boolean({ error: 'must be true or false' });
const object = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: 'must be an object' });
const names = (max: number) =>
  z.array(z.string({ error: 'must be a string' }).max(max, { error: `longer than ${max} characters` }), { error: 'must be a list' }).max(LIMITS.maxListItems, { error: `has more than ${LIMITS.maxListItems} items` });

export const convertFields = {
  /** `article`: only the main content (what it cuts is listed, category "article"); `default`: everything but noise. */
  mode: z.enum(['default', 'article'], { error: 'must be "default" or "article"' }).default('default'),
  /** Rule categories to apply; every category is on unless set to false here. */
  rules: object(Object.fromEntries(RULE_CATEGORIES.map((category) => [category, flag().optional()])) as Record<RuleCategory, z.ZodOptional<z.ZodBoolean>>),
  /** Keep what the rules would remove: whole rules by id, or single elements by their path. */
  keep: object({ rules: names(128).optional(), paths: names(4096).optional() }),
  /** `data:` images: kept inline or dropped (default: dropped, they bloat Markdown). */
  dataImages: z.enum(['keep', 'drop'], { error: 'must be "keep" or "drop"' }).default('drop'),
  /** Start the Markdown with YAML front matter built from the metadata. */
  frontMatter: flag().default(false),
};

withFlag(convertFields.dataImages, { flag: 'data-images', arg: '<keep|drop>', help: 'keep inline data: images (default: drop)' });
withFlag(convertFields.frontMatter, { flag: 'front-matter', help: 'start the Markdown with YAML front matter (title, author, date, url)' });

/** `--article`: the command line's way to ask for article mode (`mode: 'article'`). */
export const articleSwitch = withFlag(flag().default(false), { flag: 'article', help: 'article mode: only the main content (what it cuts is listed, category "article")' });

/** One switch per rule category, `--no-<category>`: keep what that category's rules would remove. */
export const ruleSwitches = Object.fromEntries(
  RULE_CATEGORIES.map((category) => [category, withFlag(flag().default(false), { flag: `no-${category}`, help: `keep what the "${category}" rules would remove` })]),
) as Record<RuleCategory, z.ZodDefault<z.ZodBoolean>>;

/** Options holding the switches → the other options, and the rules map of the categories switched off. */
export function takeRuleSwitches<T extends Record<RuleCategory, boolean>>(options: T): { rules: Partial<Record<RuleCategory, boolean>>; rest: Omit<T, RuleCategory> } {
  const rest = Object.fromEntries(Object.entries(options).filter(([key]) => !(RULE_CATEGORIES as readonly string[]).includes(key))) as Omit<T, RuleCategory>;
  const rules = Object.fromEntries(RULE_CATEGORIES.filter((category) => options[category]).map((category) => [category, false]));
  return { rules, rest };
}
