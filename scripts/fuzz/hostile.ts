// Hostile HTML for the inertness tests and the fuzz run: fragments built from tags, attributes and
// text chosen to break out of whatever holds them (mutation-XSS nestings, script URLs in every
// attribute that takes a URL, code fences and raw HTML in text), then cut and spliced at random.
import fc from 'fast-check';

export const TAGS = [
  'div', 'p', 'span', 'a', 'b', 'i', 'em', 'strong', 'ul', 'ol', 'li', 'table', 'tr', 'td', 'th', 'pre', 'code', 'kbd', 'samp',
  'sup', 'sub', 'h1', 'h2', 'blockquote', 'img', 'br', 'form', 'button', 'input', 'select', 'option', 'textarea', 'title',
  'style', 'script', 'noscript', 'template', 'iframe', 'object', 'embed', 'xmp', 'noembed', 'noframes', 'listing', 'plaintext',
  'svg', 'math', 'mtext', 'mglyph', 'malignmark', 'mi', 'annotation-xml', 'foreignObject', 'desc', 'animate', 'set', 'use',
  'image', 'base', 'meta', 'link', 'details', 'summary', 'dl', 'dt', 'dd', 'caption', 'font', 'nobr',
];

export const ATTRIBUTES = [
  'onerror="alert(1)"', 'onload=alert(1)', 'onclick="alert(1)"', 'href="javascript:alert(1)"', 'href=" java&#9;script:alert(1)"',
  'href="JaVaScRiPt&colon;alert(1)"', 'xlink:href="javascript:alert(1)"', 'formaction="javascript:alert(1)"', 'action="javascript:alert(1)"',
  'attributeName="href"', 'attributeName="xlink:href"', 'values="x;javascript:alert(1)"', 'to="javascript:alert(1)"', 'from="javascript:alert(1)"',
  'src="javascript:alert(1)"', 'src=x', 'srcdoc="<script>alert(1)</script>"', 'http-equiv="refresh" content="0;url=javascript:alert(1)"',
  'style="x:expression(alert(1))"', 'title="</noscript><img src=x onerror=alert(1)>"', 'encoding="text/html"', 'form="f"', 'id="f"',
  'data="javascript:alert(1)"', 'srcset="javascript:alert(1) 1x"', 'alt="<img src=x onerror=alert(1)>"', 'title="<img src=x onerror=alert(1)>"',
  'href="x\\"', 'href="a b\\"', 'class="language-x`y"', 'href="data:text/html,<script>alert(1)</script>"', 'shadowrootmode="open"',
];

export const TEXTS = [
  'text', ' ', '\n', '\r', '&#13;', '\t', '\u00a0', '```', '   ```', '  ````', '````````', '\t```', '~~~', '\n   ```\n', '`', '``',
  '&lt;img src=x onerror=alert(1)&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;', '&amp;lt;img src=x onerror=alert(1)&amp;gt;',
  '&#x3C;svg onload=alert(1)&#x3E;', '<br>', '\\', '](javascript:alert(1))', '[x](javascript:alert(1))', '<!--', '-->', '&lt;!--',
  '<![CDATA[', ']]>', '*', '_', '#', '1)', '|', '[', ']', '<', '>', '&', '&amp;', 'é', '\uD83D\uDE00', '\uD800', '\u0000', '    ',
  '</form>', '</math>', '</svg>', '</xmp>', '</noscript>', '</title>', '</style>', '</textarea>', '</p>', '</table>',
];

/** Payloads known to mutate between parses (mutation XSS), and script in every place HTML allows it. */
export const PAYLOADS = [
  '<form><math><mtext></form><form><mglyph><xmp></math><img src onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mi><b><style><img src=x onerror=alert(1)></style></b></mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>Click</text></a></svg>',
  '<svg><set attributeName="xlink:href" to="javascript:alert(1)"/></svg>',
  '<form id=f></form><button form=f formaction="javascript:alert(1)">go</button>',
  '<math href="javascript:alert(1)">click</math>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<div><template shadowrootmode="open"><img src=x onerror=alert(1)></template></div>',
  '<table><td><svg><style><img src=x onerror=alert(1)></style></svg></td></table>',
  '<select><template><style><!--</style><a rel="--></style></template></select><iframe onload=alert(1)>">',
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>"></xmp>',
  '<pre><code>x\n   ```\n&lt;img src=x onerror=alert(1)&gt;</code></pre>',
  '<pre>a<br>```<br>&lt;img src=x onerror=alert(1)&gt;</pre>',
  '<kbd>&lt;img src=x onerror=alert(1)&gt;</kbd>',
  '<a href="img src=x onerror=alert(1)\\">t</a>',
  '<title>&lt;img src=x onerror=alert(1)&gt;</title>',
  '<table><tr><td><code>a|&lt;img src=x onerror=alert(1)&gt;</code></td></tr></table>',
  '<img src=x alt="](javascript:alert(1)) <img src=x onerror=alert(1)>">',
];

export const fragment: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...TEXTS),
    fc.constantFrom(...PAYLOADS),
    fc.tuple(fc.constantFrom(...TAGS), fc.subarray(ATTRIBUTES, { maxLength: 3 }), fc.array(tie('node'), { maxLength: 4 }), fc.boolean()).map(
      ([tag, attrs, kids, closed]) => `<${tag}${attrs.map((a) => ` ${a}`).join('')}>${kids.join('')}${closed ? `</${tag}>` : ''}`,
    ),
  ),
})).node;

/** Cuts, rotations and stray end tags at random places: the misnesting that mutation XSS lives on. */
export function mutate(html: string, cuts: readonly number[]): string {
  let out = html;
  for (const cut of cuts) {
    const at = cut % (out.length + 1);
    switch (cut % 4) {
      case 0:
        out = out.slice(0, at) + out.slice(at + 3);
        break;
      case 1:
        out = out.slice(at) + out.slice(0, at);
        break;
      case 2:
        out = `${out.slice(0, at)}</${out.slice(at)}`;
        break;
      default:
        out = `${out.slice(0, at)}${PAYLOADS[cut % PAYLOADS.length]}${out.slice(at)}`;
    }
  }
  return out;
}

export const hostileDocument: fc.Arbitrary<string> = fc
  .tuple(fc.array(fragment, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 5 }))
  .map(([parts, cuts]) => mutate(parts.join(''), cuts));
