import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { charsetFromContentType, decodeHtml, META_SCAN_BYTES, prescanDeclaredCharset, resolveEncoding } from '../../../src/main/loaders/charset';
import { CHARSET_SAMPLES, charsetPage, type SampleEncoding } from '../../fixtures/server';

const bytes = (text: string, encoding = 'utf-8') => new Uint8Array(iconv.encode(text, encoding));

describe('resolveEncoding', () => {
  it('reads labels the way browsers do', () => {
    expect(resolveEncoding('ISO-8859-1')).toBe('windows-1252');
    expect(resolveEncoding('latin1')).toBe('windows-1252');
    expect(resolveEncoding(' Shift_JIS ')).toBe('shift_jis');
    expect(resolveEncoding('x-sjis')).toBe('shift_jis');
    expect(resolveEncoding('GB2312')).toBe('gbk');
    expect(resolveEncoding('cp1251')).toBe('windows-1251');
    expect(resolveEncoding('utf8')).toBe('utf-8');
  });

  it('gives nothing for unknown labels, UTF-7 and UTF-32 (not in the Encoding Standard)', () => {
    expect(resolveEncoding('no-such-charset')).toBeUndefined();
    expect(resolveEncoding('')).toBeUndefined();
    for (const label of ['utf-7', 'UTF-7', 'unicode-1-1-utf-7', 'utf-32', 'UTF-32LE', 'utf-32be', 'ucs-4']) expect(resolveEncoding(label), label).toBeUndefined();
  });

  it('maps the labels of ISO-2022-KR and the like to the replacement encoding', () => {
    for (const label of ['iso-2022-kr', 'csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'replacement']) expect(resolveEncoding(label), label).toBe('replacement');
  });

  it('knows the standard\'s encodings that Node\'s ICU lacks', () => {
    expect(resolveEncoding('iso-8859-16')).toBe('iso-8859-16');
    expect(resolveEncoding('x-user-defined')).toBe('x-user-defined');
  });
});

describe('decoding per the Encoding Standard', () => {
  const script = new Uint8Array(Buffer.from('<p>+ADw-script+AD4-alert(1)+ADw-/script+AD4-</p>', 'latin1'));

  it('never decodes UTF-7, whether the header or the page declares it', () => {
    for (const decoded of [decodeHtml(script, 'text/html; charset=utf-7'), decodeHtml(new Uint8Array(Buffer.from(`<meta charset="utf-7">${Buffer.from(script).toString('latin1')}`, 'latin1')))]) {
      expect(decoded.encoding).not.toMatch(/utf-7/i);
      expect(decoded.html).not.toContain('<script');
    }
  });

  it('never decodes UTF-32: the declaration is ignored', () => {
    const decoded = decodeHtml(new Uint8Array(Buffer.from('<p>hello</p>', 'latin1')), 'text/html; charset=utf-32');
    expect(decoded.encoding).toBe('utf-8');
    expect(decoded.html).toBe('<p>hello</p>');
  });

  it('decodes a page declared in a replacement encoding to a single U+FFFD, as browsers do', () => {
    const decoded = decodeHtml(new Uint8Array(Buffer.from('<p>\x1b$)Chello</p>', 'latin1')), 'text/html; charset=iso-2022-kr');
    expect(decoded).toEqual({ html: '\uFFFD', encoding: 'replacement', source: 'header' });
  });

  it('decodes x-user-defined bytes into the private-use area', () => {
    expect(decodeHtml(new Uint8Array([0x61, 0x80, 0xff]), 'text/html; charset=x-user-defined').html).toBe('a\uF780\uF7FF');
  });
});

describe('charsetFromContentType', () => {
  it('finds the charset parameter, quoted or not', () => {
    expect(charsetFromContentType('text/html; charset=Shift_JIS')).toBe('Shift_JIS');
    expect(charsetFromContentType('text/html;charset="windows-1251"; foo=bar')).toBe('windows-1251');
    expect(charsetFromContentType('text/html')).toBeUndefined();
    expect(charsetFromContentType(undefined)).toBeUndefined();
  });
});

describe('prescanDeclaredCharset', () => {
  it('finds <meta charset> and <meta http-equiv> in any attribute order and quoting', () => {
    expect(prescanDeclaredCharset(bytes('<html><head><meta charset=koi8-r>'))).toBe('koi8-r');
    expect(prescanDeclaredCharset(bytes(`<meta content='text/html; charset=euc-jp' http-equiv='Content-Type'>`))).toBe('euc-jp');
    expect(prescanDeclaredCharset(bytes('<?xml version="1.0" encoding="windows-1251"?><html>'))).toBe('windows-1251');
  });

  it('skips declarations inside comments and beyond the scanned prefix', () => {
    expect(prescanDeclaredCharset(bytes('<!-- <meta charset="gbk"> --><meta charset="big5">'))).toBe('big5');
    const late = `<html><head><title>${'x'.repeat(META_SCAN_BYTES)}</title><meta charset="gbk">`;
    expect(prescanDeclaredCharset(bytes(late))).toBeUndefined();
  });
});

describe('decodeHtml', () => {
  it('lets a byte-order mark win over everything', () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('<meta charset="windows-1251"><p>Привет</p>')]);
    const decoded = decodeHtml(body, 'text/html; charset=shift_jis');
    expect(decoded).toMatchObject({ encoding: 'utf-8', source: 'bom' });
    expect(decoded.html).toContain('Привет');
    const utf16 = new Uint8Array([0xff, 0xfe, ...iconv.encode('<p>Grüße</p>', 'utf-16le')]);
    expect(decodeHtml(utf16).html).toBe('<p>Grüße</p>');
  });

  it('prefers the Content-Type charset to the document\'s own <meta>', () => {
    const body = bytes('<meta charset="utf-8"><p>Привет, мир</p>', 'windows-1251');
    const decoded = decodeHtml(body, 'text/html; charset=windows-1251');
    expect(decoded).toMatchObject({ encoding: 'windows-1251', source: 'header' });
    expect(decoded.html).toContain('Привет, мир');
  });

  it('falls through an unknown header label to the <meta>', () => {
    const decoded = decodeHtml(bytes('<meta charset="shift_jis"><p>日本語</p>', 'shift_jis'), 'text/html; charset=bogus');
    expect(decoded).toMatchObject({ encoding: 'shift_jis', source: 'meta' });
    expect(decoded.html).toContain('日本語');
  });

  it('reads a <meta> that claims UTF-16 as UTF-8, as browsers do', () => {
    const decoded = decodeHtml(bytes('<meta charset="utf-16"><p>café</p>'));
    expect(decoded).toMatchObject({ encoding: 'utf-8', source: 'meta' });
    expect(decoded.html).toContain('café');
  });

  it('decodes "iso-8859-1" as windows-1252 (0x80 is the euro sign)', () => {
    const decoded = decodeHtml(new Uint8Array([...bytes('<p>'), 0x80, 0x20, 0xe9, ...bytes('</p>')]), 'text/html; charset=iso-8859-1');
    expect(decoded.html).toBe('<p>€ é</p>');
  });

  it('takes undeclared valid UTF-8 as UTF-8, and an empty body as empty', () => {
    expect(decodeHtml(bytes('<p>naïve — ok</p>'))).toMatchObject({ html: '<p>naïve — ok</p>', encoding: 'utf-8', source: 'detector' });
    expect(decodeHtml(new Uint8Array(0))).toMatchObject({ html: '', source: 'default' });
  });

  it('turns invalid bytes into U+FFFD rather than failing', () => {
    const decoded = decodeHtml(new Uint8Array([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0xfd]), 'text/html; charset=utf-8');
    expect(decoded.html).toBe('<p>\ufffd\ufffd\ufffd');
  });

  const detected: Record<SampleEncoding, string[]> = {
    shift_jis: ['shift_jis'],
    'windows-1251': ['windows-1251'],
    'iso-8859-1': ['windows-1252'],
    gbk: ['gbk', 'gb18030'],
  };
  for (const encoding of Object.keys(CHARSET_SAMPLES) as SampleEncoding[]) {
    it(`detects undeclared ${encoding} and decodes it exactly`, () => {
      const { body } = charsetPage(encoding, 'none');
      const decoded = decodeHtml(body, 'text/html');
      expect(decoded.source).toBe('detector');
      expect(detected[encoding]).toContain(decoded.encoding);
      expect(decoded.html).toContain(CHARSET_SAMPLES[encoding].text);
    });
  }
});
