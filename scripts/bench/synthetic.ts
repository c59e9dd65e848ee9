// A synthetic page of a chosen size, for the size-scaling lines. `article`: page chrome (nav,
// header, footer) around a body that repeats sections of headings, paragraphs with inline markup,
// nested lists and tables. `flat`: the same kind of content with every block a child of <body>,
// with noise among them (scripts, comments, ad slots, sponsored links, empty spans, link cards) so
// that removing, unwrapping and white space are all done on one parent of many children. Every
// section's text differs, so nothing can be cached between sections.
import type { ScalingShape } from './protocol';

const WORDS = [
  'market', 'report', 'council', 'river', 'season', 'engine', 'archive', 'measure', 'village', 'signal',
  'harvest', 'budget', 'library', 'station', 'theory', 'harbour', 'window', 'ledger', 'canvas', 'orbit',
];

function words(seed: number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]);
  return out.join(' ');
}

function paragraph(n: number): string {
  return (
    `<p>${words(n, 12)} <a href="/story/${n}">${words(n + 1, 3)}</a>, <em>${words(n + 2, 4)}</em> ` +
    `and <strong>${words(n + 3, 3)}</strong> with <code>value_${n}</code>. ${words(n + 4, 18)} (${n}).</p>\n`
  );
}

function list(n: number): string {
  const items = [0, 1, 2, 3].map((i) => `<li>${words(n + i, 6)} ${n}.${i}</li>`).join('');
  return `<ul>${items}<li>${words(n, 3)}<ol><li>${words(n + 5, 4)}</li><li>${words(n + 6, 4)}</li></ol></li></ul>\n`;
}

function table(n: number): string {
  const header = `<thead><tr><th>Name</th><th>Region</th><th>Count</th><th>Share</th><th>Note</th></tr></thead>`;
  const rows: string[] = [];
  for (let r = 0; r < 8; r++) {
    rows.push(
      `<tr><td>${WORDS[(n + r) % WORDS.length]} ${n}-${r}</td><td>${WORDS[(n * 3 + r) % WORDS.length]}</td>` +
        `<td>${(n * 31 + r * 17) % 1000}</td><td>${((n + r) % 100) / 10}%</td><td>${words(n + r, 3)}</td></tr>`,
    );
  }
  return `<table>${header}<tbody>${rows.join('')}</tbody></table>\n`;
}

function section(n: number): string {
  return `<section><h2>${words(n, 4)} ${n}</h2>\n${paragraph(n)}${paragraph(n + 1)}${list(n)}${table(n)}${paragraph(n + 2)}</section>\n`;
}

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Synthetic scaling page</title>' +
  '<style>body{font:16px serif}</style><script>window.analytics=[];</script></head><body>\n' +
  '<header><nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/about">About</a></li></ul></nav></header>\n' +
  '<main><article><h1>Synthetic scaling page</h1>\n';
const TAIL = '</article></main>\n<footer><p>© Example</p><nav><a href="/privacy">Privacy</a></nav></footer></body></html>\n';

function flatSection(n: number): string {
  return (
    `<h2>${words(n, 4)} ${n}</h2>\n${paragraph(n)}<script>track(${n})</script>\n<!-- section ${n} -->\n` +
    `<p>${words(n + 1, 8)} <a rel="sponsored" href="/offer/${n}">${words(n + 2, 2)}</a><span></span> <span></span> ${words(n + 3, 6)}.</p>\n` +
    `<div data-ad-slot="${n}">advert ${n}</div>\n` +
    `<a href="/card/${n}"><div><img src="/img/${n}.png" alt="${words(n, 2)}"></div><h3>${words(n + 4, 3)}</h3></a>\n${paragraph(n + 5)}`
  );
}

const FLAT_HEAD = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Synthetic flat page</title></head><body>\n<h1>Synthetic flat page</h1>\n';
const FLAT_TAIL = '</body></html>\n';

/** A page of at least `bytes` characters (all ASCII, so characters are bytes). */
export function syntheticPage(bytes: number, shape: ScalingShape = 'article'): string {
  const [head, tail] = shape === 'flat' ? [FLAT_HEAD, FLAT_TAIL] : [HEAD, TAIL];
  const parts = [head];
  let length = head.length + tail.length;
  for (let n = 1; length < bytes; n++) {
    const next = shape === 'flat' ? flatSection(n) : section(n);
    parts.push(next);
    length += next.length;
  }
  parts.push(tail);
  return parts.join('');
}
