// The run-taking tokenizer must build exactly the trees stock parse5 builds, source locations
// included: compared on focused cases, on random documents made of what the runs stop at, and
// (in corpus.test.ts) on every page of the corpus.
import { tests as commonMarkExamples } from 'commonmark-spec';
import fc from 'fast-check';
import { type DefaultTreeAdapterMap, parse, Parser, type ParserError, Tokenizer } from 'parse5';
import { describe, expect, it } from 'vitest';
import { checkFastTokenizer, FAST_TOKENIZER, missingParse5Members, parseDocument } from '../../../../src/shared/core/dom/tokenizer';

/** The whole tree as text: every node, attribute and location (parent links left out, they cycle). */
function dump(document: DefaultTreeAdapterMap['document']): string {
  return JSON.stringify(document, (key, value) => (key === 'parentNode' ? undefined : value));
}

function expectSameTree(html: string): void {
  for (const sourceCodeLocationInfo of [false, true]) {
    const ours = parseDocument<DefaultTreeAdapterMap>(html, { sourceCodeLocationInfo });
    expect(dump(ours)).toBe(dump(parse(html, { sourceCodeLocationInfo })));
  }
}

const CASES: Record<string, string> = {
  'script text with white space and comparisons': '<script>\n  if (a < b && c<d) {\n\tx = "</scr" + "ipt>";\n  }\n</script><p>after',
  'script with an escaped comment': '<script><!-- var a = 1; <script>b--c</script> d --></script><p>x',
  'script at end of input': '<script>var x = 1;',
  'style text': '<style>\n  body { margin: 0 }\n  a > b { color: red }\n</style>',
  'rawtext elements': '<noembed> a  b </noembed><xmp> <b> x </xmp><iframe> y z </iframe><noframes> n </noframes>',
  'noscript in head': '<head><noscript> <link rel=x> t </noscript></head>',
  'rcdata is left to parse5': '<textarea>\n first line &amp; <b>\n</textarea><title> a &lt; b </title>',
  'leading newline in pre and listing': '<pre>\n\nkept</pre><listing>\nx</listing><pre>\r\ny</pre>',
  'text between tags': '<p>  Hello,   world  &amp; friends\n\n<b>bold</b>\t\ttext </p>',
  'white space in tables (foster parenting)': '<table>  <tr> <td> a </td> x y <td>b</td></tr>  text  </table>',
  'attributes, quoted and not, with entities and newlines': `<a href="/a?b=1&amp;c=2&d" title='it&apos;s
two lines' data-x=plain&amp;more class="a
b  c">l</a>`,
  'comments with dashes and less-than signs': '<!-- a - b -- c <!-- d --><p>x<!--y--><!----><!-- a <!-- b -->',
  'carriage returns everywhere': '<p\r\nclass="a\r\nb">x\r\ny\rz</p>\r\n<script>\r\na\r\r\nb</script><!-- \r\n -->',
  'NUL characters': '<p>a\u0000b</p><script>c\u0000d</script><style>\u0000</style><a title="e\u0000f">g</a><!--\u0000-->',
  'surrogate pairs and lone surrogates': '<p>😀 a😀b \uD800 c \uDC00</p><script>"😀\uD800"</script><a title="😀x\uDBFFy">z</a>',
  'foreign content': '<svg><style> a { } </style><title> t </title><desc>d  e</desc></svg><math><mi> x </mi></math>',
  'template and plaintext': '<template> <p> t </p> </template><plaintext> <b> all text </b>',
  'unterminated attribute and comment': '<div title="never closed><p>text',
  'form feeds and tabs': '<p>\f a \t\f b</p>',
  // An implied <body> (an explicit one rules frames out itself): only text that is not white space does.
  'white space alone keeps a frameset possible': '<head></head><span> \n\t </span><frameset><frame></frameset>',
  'text rules a frameset out': '<head></head><span>  words  </span><frameset><frame></frameset>',
  'a word after white space rules it out too': '<head></head><span> \n</span> x<frameset><frame></frameset>',
  'a word after a CR rules it out too': '<head></head><span> \r\n</span>\r\nx<frameset><frame></frameset>',
  'white space in foreign content keeps a frameset possible': '<head></head><svg> \n </svg><frameset><frame></frameset>',
  'text in foreign content rules it out': '<head></head><svg> a b </svg><frameset><frame></frameset>',
  'text in captions, cells and templates': '<table><caption> a  b </caption><tr><td>\n c d </td></tr></table><template> e  f <p> g </p></template>',
  'text after formatting elements are reopened': '<p><b>one <i>two</p> three  four <p> five',
};

describe('run-taking tokenizer', () => {
  it.each(Object.entries(CASES))('builds parse5’s tree: %s', (_, html) => expectSameTree(html));

  it('builds parse5’s tree for random documents made of what runs stop at', () => {
    const piece = fc.constantFrom(
      '<script>', '</script>', '<style>', '</style>', '<p>', '</p>', '<b>', '<table>', '<td>', '<textarea>', '<title>',
      '<pre>', '<listing>', '<frameset>', '<caption>', '<template>', '<i>', '</b>', '<body>', '<svg>', '</svg>', '<!--', '-->', '-', '<', '>', '&', '&amp;', '&lt', '"', "'", '=', '<a href="', '<a title=\'',
      '<div class=', ' ', '  ', '\n', '\r', '\r\n', '\t', '\f', '\u0000', '😀', '\uD800', '\uDC00', 'text', 'a b c', 'é', '</',
    );
    fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => expectSameTree(pieces.join(''))), { numRuns: 1500, seed: 4 });
  });

  it('builds parse5’s tree for a page longer than the 64K units parse5 keeps before dropping what it parsed', () => {
    const block = (i: number) =>
      `<div class="item n${i}" data-json='{"a": [${i}, "x&amp;y"]}'>\n  <p>Paragraph ${i}, with words  and\r\nlines &amp; refs.</p>` +
      `<!-- note ${i} - kept --><script>if (a < ${i}) { b = "${'😀'.repeat(i % 3)}"; }</script><style>.n${i} { color: red }</style>\n</div>\n`;
    const html = `<!doctype html><html><head><title>Long</title></head><body>${Array.from({ length: 2500 }, (_, i) => block(i)).join('')}</body></html>`;
    expect(html.length).toBeGreaterThan(4 * 65_536);
    expectSameTree(html);
  });

  it('builds parse5’s tree for every CommonMark spec example, as Markdown source and as HTML', () => {
    for (const example of commonMarkExamples) {
      expectSameTree(example.markdown);
      expectSameTree(example.html);
    }
  });

  it('reports parse errors as parse5 does (they are checked per character, so runs are off)', () => {
    const html = '<p title="a\u0001b">x\u0000y</p><script>\u0001</script><!-- -- -->\uD800';
    const collect = (parser: (errors: ParserError[]) => unknown) => {
      const errors: ParserError[] = [];
      parser(errors);
      return errors;
    };
    const ours = collect((errors) => parseDocument<DefaultTreeAdapterMap>(html, { onParseError: (e) => errors.push(e) }));
    const stock = collect((errors) => parse(html, { onParseError: (e) => errors.push(e) }));
    expect(stock.length).toBeGreaterThan(3);
    expect(ours).toEqual(stock);
  });
});

describe('what the tokenizer relies on in parse5', () => {
  it('is all there in the pinned parse5, so runs are taken', () => {
    expect(missingParse5Members()).toEqual([]);
    expect(FAST_TOKENIZER).toEqual({ enabled: true });
  });

  it('is named when a parse5 lacks it (a renamed method, a field gone from the tokenizer or the preprocessor)', () => {
    const parser = new Parser();
    const tokenizer = parser.tokenizer as unknown as Record<string, unknown>;
    delete tokenizer.runEnd;
    delete (tokenizer.preprocessor as Record<string, unknown>).lineStartPos;
    class Renamed {}
    Object.assign(Renamed.prototype, { ...Object.fromEntries(Object.getOwnPropertyNames(Tokenizer.prototype).map((name) => [name, (Tokenizer.prototype as unknown as Record<string, unknown>)[name]])) });
    delete (Renamed.prototype as Record<string, unknown>)._extendRun;
    expect(missingParse5Members(parser as never, Renamed)).toEqual(['Tokenizer._extendRun()', 'Tokenizer.runEnd', 'Preprocessor.lineStartPos']);
  });

  it('turns the fast path off with one warning when something is missing, and stock parsing builds the same tree', () => {
    const warnings: string[] = [];
    expect(checkFastTokenizer(['Tokenizer.runEnd'], (message) => warnings.push(message))).toEqual({ enabled: false, reason: 'parse5 lacks Tokenizer.runEnd' });
    expect(warnings).toEqual(['openscraper: the fast HTML tokenizer is off (parse5 lacks Tokenizer.runEnd); parsing with stock parse5, slower. See UPGRADING.md.']);
    const html = CASES['text between tags'] + CASES['script text with white space and comparisons'];
    const slow = parseDocument<DefaultTreeAdapterMap>(html, { sourceCodeLocationInfo: true }, false);
    expect(dump(slow)).toBe(dump(parse(html, { sourceCodeLocationInfo: true })));
  });
});
