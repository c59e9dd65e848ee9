// What a keep changed in the Markdown: the span to scroll to and flash, in whole lines.
import { describe, expect, it } from 'vitest';
import { changedSpan, wholeLines } from '../../src/renderer/src/lib/change';
import { collapseBlankLines, mainContentOffset } from '../../src/renderer/src/lib/main-content';
import { withMarkerBefore } from '../../src/renderer/src/lib/markdown-html';

describe('the span a change made', () => {
  const before = '# Title\n\nOne.\n\nThree.\n';
  const after = '# Title\n\nOne.\n\n- kept a\n- kept b\n\nThree.\n';

  it('is what differs, from both ends, widened to whole lines without blank ones', () => {
    const span = changedSpan(before, after)!;
    expect(after.slice(span.start, span.end)).toBe('- kept a\n- kept b\n\n');
    const lines = wholeLines(after, span);
    expect(after.slice(lines.start, lines.end)).toBe('- kept a\n- kept b');
    expect(changedSpan(after, after)).toBeNull();
    // Text only taken away: an empty span at the cut.
    const cut = changedSpan(after, before)!;
    expect(cut.end - cut.start).toBe(0);
  });

  it('marks the block where a change starts for the rendered view, never inside a fenced code block', () => {
    expect(withMarkerBefore(after, after.indexOf('kept b'), 'M')).toBe('# Title\n\nOne.\n\n\n\nM\n\n- kept a\n- kept b\n\nThree.\n');
    const fenced = '```\ncode\n\nmore code\n```\n';
    expect(withMarkerBefore(fenced, fenced.indexOf('more'), 'M')).toBe(fenced);
  });
});

describe('where the content starts, and the cleaned source without runs of empty lines', () => {
  it('prefers <main>, then role=main, <article>, <h1>, <body>', () => {
    const head = '<html><head><!-- a <main> in a comment is passed over --><title>x</title></head>';
    expect(mainContentOffset(`${head}<body><div role="main"><h1>T</h1></div></body>`)).toBe(head.length + 6);
    expect(mainContentOffset('<body><h1>T</h1><article>a</article></body>')).toBe('<body><h1>T</h1>'.length);
    expect(mainContentOffset('<body><p>x</p></body>')).toBe(0);
    expect(mainContentOffset('no tags')).toBe(0);
  });

  it('folds runs of blank lines to one, but not inside <pre>, <textarea>, <script> or <style>', () => {
    expect(collapseBlankLines('<head>\n  \n\n \n<title>t</title>\n\n\n</head>')).toBe('<head>\n\n<title>t</title>\n\n</head>');
    const pre = '<pre>a\n\n\n\nb</pre>';
    expect(collapseBlankLines(`<p>x</p>\n\n\n${pre}\n\n\n<p>y</p>`)).toBe(`<p>x</p>\n\n${pre}\n\n<p>y</p>`);
  });
});
