// The language of a code block from every highlighter's markup: one case per pattern of the table,
// and a check that no pattern is left without its case.
import { describe, expect, it } from 'vitest';
import { cleanLanguage, LANGUAGE_PATTERNS } from '../../../../src/shared/core/markdown/code-language';
import { md } from './helpers';

/** For each highlighter in the table: real markup it writes, and the language it names. */
const CASES: Record<string, Array<[html: string, language: string]>> = {
  'Prism / highlight.js / CommonMark language-* class': [
    ['<pre><code class="language-js">x</code></pre>', 'js'],
    ['<pre class="language-rust"><code>x</code></pre>', 'rust'],
    // Rouge (Jekyll) and Docusaurus put it on a wrapper.
    ['<div class="language-ruby highlighter-rouge"><div class="highlight"><pre class="highlight"><code>x</code></pre></div></div>', 'ruby'],
    ['<pre><code class="hljs language-python">x</code></pre>', 'python'],
  ],
  'prettify lang-* class': [['<pre class="prettyprint lang-go">x</pre>', 'go']],
  'Shiki / rehype-pretty-code data-language': [
    ['<pre class="shiki github-dark" data-language="ts"><code>x</code></pre>', 'ts'],
    ['<figure data-rehype-pretty-code-figure=""><pre data-language="tsx"><code>x</code></pre></figure>', 'tsx'],
  ],
  'Chroma / Jekyll data-lang': [['<div class="highlight"><pre tabindex="0" class="chroma"><code data-lang="go">x</code></pre></div>', 'go']],
  'GitHub highlight-source-*': [
    ['<div class="highlight highlight-source-js notranslate position-relative overflow-auto" dir="auto"><pre>x</pre><div class="zeroclipboard-container"></div></div>', 'js'],
    ['<div class="highlight highlight-source-c++"><pre>x</pre></div>', 'c++'],
    ['<div class="highlight highlight-text-html-basic"><pre>x</pre></div>', 'html'],
  ],
  'Pygments / Sphinx highlight-*': [
    ['<div class="highlight-python3 notranslate"><div class="highlight"><pre><span></span>x</pre></div></div>', 'python3'],
    ['<div class="highlight-console notranslate"><div class="highlight"><pre>$ x</pre></div></div>', 'console'],
  ],
  'MDN / SyntaxHighlighter brush:': [
    ['<pre class="brush: js notranslate">x</pre>', 'js'],
    ['<pre class="brush:python; gutter: false">x</pre>', 'python'],
  ],
  'Confluence data-syntaxhighlighter-params': [['<div class="code panel"><pre class="syntaxhighlighter-pre" data-syntaxhighlighter-params="brush: java; gutter: false; theme: Confluence">x</pre></div>', 'java']],
  'Pandoc sourceCode': [['<div class="sourceCode" id="cb1"><pre class="sourceCode python"><code class="sourceCode python">x</code></pre></div>', 'python']],
  'highlight.js (old) hljs + language': [
    ['<pre><code class="hljs javascript">x</code></pre>', 'javascript'],
    ['<pre><code class="bash hljs">x</code></pre>', 'bash'],
  ],
};

describe('code language', () => {
  it('has a test case for every pattern in the table', () => {
    expect(Object.keys(CASES).sort()).toEqual(LANGUAGE_PATTERNS.map((pattern) => pattern.highlighter).sort());
  });

  for (const pattern of LANGUAGE_PATTERNS) {
    it(`reads ${pattern.highlighter}`, () => {
      for (const [html, language] of CASES[pattern.highlighter]) {
        expect(md(html).split('\n')[0], html).toBe(`\`\`\`${language}`);
      }
    });
  }

  it('prefers what is nearest the code: the <code>, then the <pre>, then its wrappers', () => {
    expect(md('<div class="highlight-python"><pre class="language-bash"><code class="language-sh">x</code></pre></div>').split('\n')[0]).toBe('```sh');
  });

  it('does not take a language from a wrapper that holds other code blocks too', () => {
    expect(md('<div class="language-js"><pre>a</pre><pre>b</pre></div>').split('\n')[0]).toBe('```');
  });

  it('writes no language where the markup names none, or names a natural language', () => {
    expect(md('<pre><code class="hljs">x</code></pre>').split('\n')[0]).toBe('```');
    expect(md('<div class="highlight"><pre><span></span>x</pre></div>').split('\n')[0]).toBe('```');
    expect(md('<div class="highlight-default notranslate"><div class="highlight"><pre>x</pre></div></div>').split('\n')[0]).toBe('```');
    expect(md('<pre lang="en">x</pre>').split('\n')[0]).toBe('```');
  });

  it('never writes a name that could break the fence line', () => {
    expect(cleanLanguage('js`')).toBe('');
    expect(cleanLanguage('a b')).toBe('');
    expect(cleanLanguage('~~~')).toBe('');
    expect(cleanLanguage('x'.repeat(41))).toBe('');
    expect(cleanLanguage(' C++ ')).toBe('C++');
    expect(md('<pre><code class="language-js`alert">x</code></pre>').split('\n')[0]).toBe('```');
  });
});
