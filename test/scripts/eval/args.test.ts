import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../../scripts/eval/args';

describe('parseEvalArgs', () => {
  it('turns --disable-rule and --disable-category into convert() options', () => {
    const args = parseEvalArgs(['--corpus', 'c', '--disable-rule', 'aside', '--disable-rule', 'nav', '--disable-category', 'ads']);
    expect(args.options).toEqual({ rules: { ads: false }, keep: { rules: ['aside', 'nav'] } });
    expect(args.report).toBe('.eval/eval-report.json');
  });

  it('passes default options when nothing is disabled', () => {
    expect(parseEvalArgs(['--corpus', 'c', '--per-rule']).options).toEqual({});
  });

  it('rejects unknown rules and categories, and a missing corpus, with a clear message', () => {
    expect(() => parseEvalArgs(['--corpus', 'c', '--disable-rule', 'no-such-rule'])).toThrow(/unknown rule "no-such-rule"; rules: .*aside/);
    expect(() => parseEvalArgs(['--corpus', 'c', '--disable-category', 'noise'])).toThrow(/unknown category "noise"/);
    expect(() => parseEvalArgs([])).toThrow(/--corpus <dir> is required/);
    expect(() => parseEvalArgs(['--corpus', 'c', '--worst', 'many'])).toThrow(/--worst needs a whole number/);
  });
});
