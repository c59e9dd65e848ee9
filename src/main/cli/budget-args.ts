// --max-time and --max-nodes: the page's budget (see shared/core/budget.ts), the same options for
// single pages and batches, with the same defaults as the app.
import type { BudgetLimits } from '../../shared/core/budget';
import { parseDuration, UsageError } from './args';

export const BUDGET_ARG_SPECS = {
  'max-time': { type: 'string' },
  'max-nodes': { type: 'string' },
} as const;

export const BUDGET_USAGE = `      --max-time <seconds>  CPU time converting one page may take (default: 10, plus 3 per MB of
                            HTML, at most 60); past it the page fails, whatever the machine's load
      --max-nodes <n>       elements, text nodes and attributes one page may create (default: twice
                            its length in characters, from 50,000 to 4,000,000)`;

const MAX_NODES = { min: 1000, max: 100_000_000 };

export function parseBudgetArgs(values: { 'max-time'?: string | boolean | (string | boolean)[]; 'max-nodes'?: string | boolean | (string | boolean)[] }): Partial<BudgetLimits> {
  const budget: Partial<BudgetLimits> = {};
  const time = values['max-time'];
  if (typeof time === 'string') budget.maxMs = parseDuration(time, '--max-time');
  const nodes = values['max-nodes'];
  if (typeof nodes === 'string') {
    if (!/^\s*\d+\s*$/.test(nodes) || Number(nodes) < MAX_NODES.min || Number(nodes) > MAX_NODES.max) {
      throw new UsageError(`--max-nodes must be a whole number from ${MAX_NODES.min} to ${MAX_NODES.max}: ${nodes}`);
    }
    budget.maxNodes = Number(nodes);
  }
  return budget;
}
