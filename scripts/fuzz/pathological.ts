// Pages shaped to make some stage work too hard: long runs, deep nesting, many attributes, many
// siblings, misnesting that makes the parser copy. One per kind, sized by `scale` (1 = small).
export const PATHOLOGICAL_KINDS = [
  'br-run', 'code-spaces', 'nbsp-run', 'deep-divs', 'deep-inline', 'attribute-wrapper', 'formatting-bomb',
  'end-tags-on-deep-stack', 'many-siblings', 'long-attribute', 'backtick-runs', 'unclosed-comments', 'wide-table',
] as const;

export type PathologicalKind = (typeof PATHOLOGICAL_KINDS)[number];

export function pathologicalPage(kind: PathologicalKind, scale: number): string {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  switch (kind) {
    case 'br-run':
      return `<p>a${'<br>'.repeat(n(20_000))}b</p>`;
    case 'code-spaces':
      return `<p><code>a${' '.repeat(n(200_000))}b</code></p><pre>x${' '.repeat(n(100_000))}\u00a0</pre>`;
    case 'nbsp-run':
      return `<p>a${'&nbsp;'.repeat(n(50_000))}b</p><span><b>x${' \u00a0'.repeat(n(20_000))}</b></span>`;
    case 'deep-divs':
      return `${'<div>'.repeat(n(20_000))}deep`;
    case 'deep-inline':
      return `${'<span><b><i>'.repeat(n(5_000))}deep`;
    case 'attribute-wrapper': {
      const attributes = Array.from({ length: n(3_000) }, (_, i) => `a${i}=1`).join(' ');
      return `<a href="/x" ${attributes}>${'<h2>t</h2>'.repeat(n(6_000))}</a>`;
    }
    case 'formatting-bomb':
      return Array.from({ length: n(2_000) }, (_, i) => `<b c=${i}><p>`).join('') + 'x';
    case 'end-tags-on-deep-stack':
      return `${'<span>'.repeat(n(10_000))}${'</x>'.repeat(n(50_000))}text`;
    case 'many-siblings':
      return `<body>${'<script>x</script><span></span> '.repeat(n(30_000))}<p>end</p></body>`;
    case 'long-attribute':
      return `<a href="https://${'pinterest.'.repeat(n(50_000))}com/pin/create">share</a><img alt="${'['.repeat(n(50_000))}" src=x>`;
    case 'backtick-runs':
      return `<pre>${Array.from({ length: n(5_000) }, (_, i) => '`'.repeat((i % 40) + 1)).join('\n')}</pre>`;
    case 'unclosed-comments':
      return `<p>${'<!--'.repeat(n(50_000))}x`;
    case 'wide-table':
      return `<table>${`<tr>${'<td>c</td>'.repeat(200)}</tr>`.repeat(n(500))}</table>`;
  }
}
