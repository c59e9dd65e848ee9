import { describe, expect, it } from 'vitest';
import { isJsWhitespace, trimmedLength } from '../../../src/shared/core/text';

describe('white space as JavaScript sees it', () => {
  it('agrees with \\s on every UTF-16 code unit', () => {
    for (let code = 0; code <= 0xffff; code++) {
      expect(isJsWhitespace(code), code.toString(16)).toBe(/\s/.test(String.fromCharCode(code)));
    }
  });

  it('measures text as trim() would leave it, without trimming', () => {
    for (const text of ['', '   ', ' a ', '\u00a0\ufeffword\u3000\n', 'a\u2028', '\t\tx y\r\n']) expect(trimmedLength(text), JSON.stringify(text)).toBe(text.trim().length);
  });
});
