import { describe, expect, it } from 'vitest';
import { suggestAddress } from '../../src/shared/suggest';

describe('suggestAddress: the web address a failed input most likely meant', () => {
  it('adds the scheme to a bare host (http for local servers) and mends a mistyped one', () => {
    expect(suggestAddress('example.com/page')).toBe('https://example.com/page');
    expect(suggestAddress(' www.example.com ')).toBe('https://www.example.com');
    expect(suggestAddress('docs.python.org/3/library/')).toBe('https://docs.python.org/3/library/');
    expect(suggestAddress('localhost:3000/x')).toBe('http://localhost:3000/x');
    expect(suggestAddress('127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(suggestAddress('htps//example.com/a')).toBe('https://example.com/a');
    expect(suggestAddress('http:/example.com')).toBe('http://example.com');
    expect(suggestAddress('hhttps://example.com')).toBe('https://example.com');
  });

  it('suggests nothing for text, file names, other schemes or addresses that are fine', () => {
    for (const input of ['not a url at all', 'hello', 'page.html', 'report.pdf', 'mailto:a@b.c', 'ftp://x.com', 'https://example.com', 'C:\\x.html', '', '   ']) {
      expect(suggestAddress(input), input).toBeNull();
    }
  });
});
