// A page's conversion budget as users set it (the CLI's --max-time and --max-nodes, the app's
// settings): limits only; left out, the core sizes them from the page (see core/budget.ts), so the
// CLI and the app share their defaults.
import * as z from 'zod';
import { LIMITS } from '../limits';
import { wholeNumber, withFlag } from './schema';

export const budgetFields = {
  /** CPU time converting one page may take, in milliseconds. */
  maxMs: withFlag(wholeNumber(LIMITS.budgetMs.min, LIMITS.budgetMs.max, `must be from ${LIMITS.budgetMs.min / 1000} to ${LIMITS.budgetMs.max / 1000} seconds`).optional(), {
    flag: 'max-time',
    arg: '<seconds>',
    read: 'duration',
    help: ['CPU time converting one page may take (default: 10, plus 3 per MB of', "HTML, at most 60); past it the page fails, whatever the machine's load"],
  }),
  /** Elements, text nodes and attributes one page may create. */
  maxNodes: withFlag(wholeNumber(LIMITS.budgetNodes.min, LIMITS.budgetNodes.max).optional(), {
    flag: 'max-nodes',
    arg: '<n>',
    read: 'whole',
    help: ['elements, text nodes and attributes one page may create (default: twice', 'its length in characters, from 50,000 to 4,000,000)'],
  }),
};

/** The budget a request may carry. */
export const budgetSchema = z.strictObject(budgetFields, { error: 'must be an object' });
export type BudgetChoice = z.output<typeof budgetSchema>;

/** The budget fields of parsed options, without the ones left out. */
export function budgetOf(options: BudgetChoice): BudgetChoice {
  return Object.fromEntries(Object.entries({ maxMs: options.maxMs, maxNodes: options.maxNodes }).filter(([, value]) => value !== undefined));
}
