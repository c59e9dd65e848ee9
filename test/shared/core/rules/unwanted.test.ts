import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { markdownOf, removedBy } from './helpers';

describe('unwanted elements', () => {
  it('removes script, style, noscript, iframe, template, object and embed', () => {
    const html =
      '<p>keep</p><script>var x = "script text";</script><style>p{color:red}</style><noscript>no js</noscript>' +
      '<iframe src="https://e.com"></iframe><template><p>tpl</p></template><object data="x.swf">obj</object><embed src="y">';
    expect(removedBy(html)).toEqual([
      'unwanted-element script',
      'unwanted-element style',
      'unwanted-element noscript',
      'unwanted-element iframe',
      'unwanted-element template',
      'unwanted-element object',
      'unwanted-element embed',
    ]);
    expect(markdownOf(html)).toBe('keep\n');
  });

  it('removes <link> and <meta> in the body but not in the head', () => {
    const html = '<head><meta name="description" content="d"><link rel="canonical" href="/c"></head><body><meta itemprop="x"><link rel="stylesheet"><p>t</p></body>';
    expect(removedBy(html)).toEqual(['head-tag-in-body meta', 'head-tag-in-body link']);
  });

  it('is not fooled by tag names that name Object.prototype members', () => {
    expect(removedBy('<constructor>x</constructor><tostring>y</tostring>')).toEqual([]);
  });
});

describe('redirects and base URLs in the cleaned page', () => {
  it('removes <meta http-equiv="refresh"> and, once URLs are absolute, <base>', () => {
    const result = convert('<head><base href="https://cdn.e.com/"><meta http-equiv="Refresh" content="0;url=https://evil.example/"></head><body><a href="x">x</a></body>');
    expect(result.removed.map((r) => r.ruleId)).toEqual(['meta-refresh']);
    expect(result.cleanedHtml).toBe('<html><head></head><body><a href="https://cdn.e.com/x">x</a></body></html>');
  });
});
