// Blocks without Markdown syntax, each with its policy (README, "Conversion policy").
import { describe, expect, it } from 'vitest';
import { md } from './helpers';

describe('definition lists', () => {
  it('writes each term as a bold paragraph and its definitions as blocks after it', () => {
    expect(md('<dl><dt>Term</dt><dd>Its <b>meaning</b>.</dd><dt><b>Bold</b> term</dt><dd><p>One.</p><p>Two.</p></dd></dl>')).toBe(
      '**Term**\n\nIts **meaning**.\n\n**Bold** term\n\nOne.\n\nTwo.',
    );
  });

  it('does not bold a term with bold text of its own, or one that is only an image (a gallery)', () => {
    expect(md('<dl><dt><strong>Already</strong></dt><dd>x</dd></dl>')).toBe('**Already**\n\nx');
    expect(md('<dl class="gallery-item"><dt><a href="/big.jpg"><img src="/small.jpg" alt=""></a></dt></dl>', { url: 'https://e.com/' })).toBe(
      '[![](https://e.com/small.jpg)](https://e.com/big.jpg)',
    );
  });
});

describe('details and summary', () => {
  it('shows everything, the summary as a bold paragraph', () => {
    expect(md('<details><summary>More</summary>Hidden text</details><p>After.</p>')).toBe('**More**\n\nHidden text\n\nAfter.');
    expect(md('<details open><summary>Q</summary><p>A.</p></details>')).toBe('**Q**\n\nA.');
  });
});

describe('figures', () => {
  it('writes the figure’s content, then its caption as a paragraph', () => {
    expect(md('<figure><img src="https://e.com/f.png" alt="A chart"><figcaption>Figure 1: the <em>trend</em>.</figcaption></figure>')).toBe(
      '![A chart](https://e.com/f.png)\n\nFigure 1: the *trend*.',
    );
  });
});
