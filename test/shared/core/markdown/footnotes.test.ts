// GFM footnotes from the common markups: references that their notes link back to, or that both
// sides declare in standard attributes. Cleaning is on: notes often stand in an <aside> or a list
// of links, which it would remove.
import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';
import { renderGfm } from './render';

const markdown = (body: string) => {
  const result = convert(`<html><body><main>${body}</main></body></html>`);
  expect(result.warnings).toEqual([]);
  return result.markdown.trimEnd();
};

describe('footnotes', () => {
  it('reads Pandoc', () => {
    const html =
      '<p>Text<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref"><sup>1</sup></a> more.</p>' +
      '<section class="footnotes footnotes-end-of-document" role="doc-endnotes"><hr><ol><li id="fn1"><p>The note.<a href="#fnref1" class="footnote-back" role="doc-backlink">↩︎</a></p></li></ol></section>';
    expect(markdown(html)).toBe('Text[^1] more.\n\n[^1]: The note.');
  });

  it('reads Wikipedia (sup.reference, ol.references), two references to one note', () => {
    const html =
      '<p>Claim.<sup id="cite_ref-a_2-0" class="reference"><a href="#cite_note-a-2"><span class="cite-bracket">[</span>2<span class="cite-bracket">]</span></a></sup> Again.<sup id="cite_ref-a_2-1" class="reference"><a href="#cite_note-a-2">[2]</a></sup></p>' +
      '<h2>References</h2><div class="reflist"><div class="mw-references-wrap"><ol class="references"><li id="cite_note-a-2"><span class="mw-cite-backlink">^ <a href="#cite_ref-a_2-0"><sup><i><b>a</b></i></sup></a> <a href="#cite_ref-a_2-1"><sup><i><b>b</b></i></sup></a></span> <span class="reference-text">Smith, <i>Book</i>, 2001.</span></li></ol></div></div>';
    expect(markdown(html)).toBe('Claim.[^2] Again.[^2]\n\n## References\n\n[^2]: Smith, *Book*, 2001.');
  });

  it('reads Sphinx: docutils asides and the older footnote tables', () => {
    const html =
      '<p>Docs<a class="footnote-reference brackets" href="#id3" id="id1" role="doc-noteref"><span class="fn-bracket">[</span>1<span class="fn-bracket">]</span></a> text. Old<a class="footnote-reference" href="#id4" id="id5">[2]</a>.</p>' +
      '<aside class="footnote-list brackets"><aside class="footnote brackets" id="id3" role="doc-footnote"><span class="label"><span class="fn-bracket">[</span><a role="doc-backlink" href="#id1">1</a><span class="fn-bracket">]</span></span><p>Sphinx note.</p></aside></aside>' +
      '<table class="docutils footnote" frame="void" id="id4" rules="none"><colgroup><col class="label"><col></colgroup><tbody valign="top"><tr><td class="label"><a class="fn-backref" href="#id5">[2]</a></td><td>Old note.</td></tr></tbody></table>';
    expect(markdown(html)).toBe('Docs[^1] text. Old[^2].\n\n[^1]: Sphinx note.\n\n[^2]: Old note.');
  });

  it('reads markdown-it-footnote, dropping its separator rule', () => {
    const html =
      '<p>MI<sup class="footnote-ref"><a href="#fn3" id="fnref3">[3]</a></sup></p><hr class="footnotes-sep">' +
      '<section class="footnotes"><ol class="footnotes-list"><li id="fn3" class="footnote-item"><p>Its note <a href="#fnref3" class="footnote-backref">↩︎</a></p></li></ol></section>';
    expect(markdown(html)).toBe('MI[^3]\n\n[^3]: Its note');
  });

  it('reads WordPress: the footnotes block and the Easy Footnotes plugin', () => {
    const html =
      '<p>WP<sup data-fn="abc" class="fn"><a href="#abc" id="abc-link">1</a></sup> and easy<span class="easy-footnote-margin-adjust" id="easy-footnote-1-9"></span><span class="easy-footnote"><a href="#easy-footnote-bottom-1-9" title="x"><sup>2</sup></a></span>.</p>' +
      '<ol class="wp-block-footnotes"><li id="abc">Block note <a href="#abc-link" aria-label="Jump to footnote reference 1">↩︎</a></li></ol>' +
      '<ol class="easy-footnotes-wrapper"><li class="easy-footnote-single"><span id="easy-footnote-bottom-1-9" class="easy-footnote-margin-adjust"></span>Plugin note<a class="easy-footnote-to-top" href="#easy-footnote-1-9"></a></li></ol>';
    expect(markdown(html)).toBe('WP[^1] and easy[^2].\n\n[^1]: Block note\n\n[^2]: Plugin note');
  });

  it('reads GitHub, keeping the authors’ labels and notes of several blocks', () => {
    const html =
      '<p>Here<sup><a href="#user-content-fn-long" id="user-content-fnref-long" data-footnote-ref="">1</a></sup>.</p>' +
      '<section data-footnotes="" class="footnotes"><h2 id="footnote-label" class="sr-only">Footnotes</h2><ol><li id="user-content-fn-long"><p>First paragraph.</p><pre><code>code\n</code></pre><p>Last <a href="#user-content-fnref-long" data-footnote-backref="" class="data-footnote-backref">↩</a></p></li></ol></section>';
    const out = markdown(html);
    expect(out).toBe('Here[^long].\n\n[^long]: First paragraph.\n\n    ```\n    code\n    ```\n\n    Last');
    expect(renderGfm(out)).toContain('<li id="user-content-fn-long">\n<p>First paragraph.</p>\n<pre><code>code\n</code></pre>\n<p>Last');
  });

  it('leaves links that are not footnotes alone: a table of contents, "back to top", a section', () => {
    const html =
      '<nav id="toc"><ul><li><a href="#s1">Section one</a></li></ul></nav><h2 id="s1">Section one</h2><p>Text <a href="#toc">back to contents</a> and <a href="#s1">1</a>.</p>';
    const out = convert(html, { rules: { boilerplate: false, chrome: false } }).markdown;
    expect(out).not.toContain('[^');
    expect(out).toContain('[back to contents]');
  });

  it('drops a note whose references cleaning removed', () => {
    const html =
      '<main><p>Body text with no reference.</p></main><aside class="sidebar"><p>Aside<a href="#n1" id="r1">1</a></p></aside><ol><li id="n1">Sidebar note <a href="#r1">↩</a></li></ol>';
    const out = convert(html).markdown;
    expect(out).not.toContain('[^');
    expect(out).not.toContain('Sidebar note');
  });
});
