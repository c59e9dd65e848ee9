import { describe, expect, it } from 'vitest';
import { convert } from '../../../src/shared/core';
import { cutAt, isJsWhitespace, trimmedLength, utf8Length } from '../../../src/shared/core/text';

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

describe('UTF-8 length', () => {
  it('counts as Node encodes, across chunk boundaries and with lone surrogates', () => {
    const edge = 1 << 16;
    const texts = [
      '', 'ascii', 'é€😀', 'a\uD800b', '\uDC00', '\uD800\uDC00',
      'x'.repeat(edge - 1) + '😀' + 'y', // a pair straddling the first chunk's end
      'x'.repeat(edge - 1) + '\uD800' + 'y', // a lone high surrogate there
      'é'.repeat(3 * edge + 5), '😀'.repeat(edge + 1),
    ];
    for (const text of texts) expect(utf8Length(text), `${text.length} units`).toBe(Buffer.byteLength(text, 'utf8'));
  });
});

describe('cutting text where a character ends', () => {
  it('never cuts a surrogate pair in half', () => {
    expect(cutAt('a😀b', 2)).toBe('a');
    expect(cutAt('a😀b', 3)).toBe('a😀');
    expect(cutAt('ab', 5)).toBe('ab');
  });

  it('gives well-formed excerpts of removed elements, whatever the offset of the cut', () => {
    for (let pad = 0; pad < 8; pad++) {
      const html = `<nav>${'x'.repeat(pad)}${'😀'.repeat(200)}</nav><nav title="${'y'.repeat(pad)}${'😀'.repeat(200)}">z</nav><p>body</p>`;
      const { removed } = convert(html);
      expect(removed.length).toBe(2);
      for (const entry of removed) expect(entry.excerpt.isWellFormed(), entry.excerpt).toBe(true);
    }
  });
});
