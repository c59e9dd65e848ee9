import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../../scripts/eval/args';

describe('parseEvalArgs', () => {
  it('turns --disable-rule and --disable-category into convert() options', () => {
    const args = parseEvalArgs(['--corpus', 'c', '--disable-rule', 'aside', '--disable-rule', 'nav', '--disable-category', 'ads']);
    expect(args.options).toEqual({ rules: { ads: false }, keep: { rules: ['aside', 'nav'] } });
    expect(args.report).toBe('.eval/eval-report.json');
  });

  it('passes default options when nothing is disabled, and runs both modes on every benchmark', () => {
    const args = parseEvalArgs(['--corpus', 'c', '--per-rule']);
    expect(args.options).toEqual({});
    expect(args.modes).toEqual(['default', 'article']);
    expect([...args.benchmarks]).toEqual(['aeb', 'trafilatura', 'docs']);
    expect(args.docs).toBe('/usr/share/doc');
  });

  it('narrows the run to some benchmarks and modes; the docs guard alone needs no corpus', () => {
    const args = parseEvalArgs(['--benchmark', 'docs', '--mode', 'article', '--docs-pages', '5']);
    expect([...args.benchmarks]).toEqual(['docs']);
    expect(args.modes).toEqual(['article']);
    expect(args.docsPages).toBe(5);
    expect(() => parseEvalArgs(['--corpus', 'c', '--mode', 'reader'])).toThrow(/unknown mode "reader"/);
    expect(() => parseEvalArgs(['--benchmark', 'aeb'])).toThrow(/--corpus <dir> is required/);
  });

  it('rejects unknown rules and categories, and a missing corpus, with a clear message', () => {
    expect(() => parseEvalArgs(['--corpus', 'c', '--disable-rule', 'no-such-rule'])).toThrow(/unknown rule "no-such-rule"; rules: .*aside/);
    expect(() => parseEvalArgs(['--corpus', 'c', '--disable-category', 'noise'])).toThrow(/unknown category "noise"/);
    expect(() => parseEvalArgs([])).toThrow(/--corpus <dir> is required/);
    expect(() => parseEvalArgs(['--corpus', 'c', '--worst', 'many'])).toThrow(/--worst needs a whole number/);
  });
});
