// Documentation generators a page may declare (`<meta name="generator">`). Such a page is a manual or
// an API reference, not a story: the default rules already take away its chrome (navigation,
// sidebars, footers) and leave its content, which article mode's scoring — made for prose with
// teasers and credits around it — would only cut into (a reference table's links, a manual's
// short sections). Article mode keeps what the default mode keeps on these pages.
import type { Element } from '../dom/nodes';

/** First words of the generator's name, lower case: whole names of tools that only make documentation. */
const DOCS_GENERATORS = new Set([
  'docutils', 'sphinx', 'javadoc', 'rustdoc', 'asciidoc', 'asciidoctor', 'mkdocs', 'mdbook', 'doxygen', 'docbook',
  'jsdoc', 'typedoc', 'pdoc', 'godoc', 'docusaurus', 'vuepress', 'vitepress', 'gitbook', 'antora', 'makeinfo', 'texi2any',
  'pkgdown', 'docfx', 'exdoc', 'yard', 'rdoc', 'haddock', 'scaladoc', 'dokka', 'redoc',
]);

/** The generator a page's head declares is a documentation tool ("javadoc/ClassWriterImpl", "Docutils 0.19: …"). */
export function declaresDocsGenerator(head: Element | null): boolean {
  if (head === null) return false;
  for (const meta of head.children) {
    if (meta.localName !== 'meta' || (meta.getAttribute('name') ?? '').trim().toLowerCase() !== 'generator') continue;
    const name = (meta.getAttribute('content') ?? '').trim().toLowerCase().split(/[^a-z0-9]+/)[0];
    if (name !== undefined && DOCS_GENERATORS.has(name)) return true;
  }
  return false;
}
