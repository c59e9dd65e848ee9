// Builds the Node library (`import { convert } from 'openscraper'`) and the CLI into dist/lib, and
// their type declarations into dist/types. Dependencies stay external: they come from node_modules.
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { builtinModules } from 'node:module';
import { execFileSync } from 'node:child_process';
import { build } from 'vite';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const externals = [...Object.keys(pkg.dependencies ?? {}), ...builtinModules];
const isExternal = (id) => id.startsWith('node:') || externals.some((name) => id === name || id.startsWith(`${name}/`));

rmSync('dist', { recursive: true, force: true });
await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist/lib',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rollupOptions: {
      // The page worker and the PDF process are started by file name (see src/main/isolation).
      input: {
        index: 'src/main/index.ts',
        cli: 'src/main/cli/index.ts',
        'page-worker': 'src/main/isolation/page-worker.ts',
        'pdf-process': 'src/main/isolation/pdf-process.ts',
      },
      external: isExternal,
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
      },
    },
  },
});
chmodSync('dist/lib/cli.js', 0o755);

execFileSync(
  process.execPath,
  ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json'],
  { stdio: 'inherit' },
);
withExtensions('dist/types');
console.log('built dist/lib (library + CLI) and dist/types');

/**
 * Our sources import without extensions (the bundlers resolve them), and tsc copies the specifiers
 * into the declarations as they are. A consumer whose TypeScript resolves like Node (`nodenext`:
 * ESM, explicit extensions) would find none of them and see `any`: each relative specifier becomes
 * the `.js` (or `/index.js`) path it stands for, which TypeScript maps back to the `.d.ts`.
 */
function withExtensions(root) {
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8').replace(/((?:from|import\()\s*['"])(\.{1,2}\/[^'"]*)(['"])/g, (match, before, specifier, after) => {
      const target = resolve(dirname(file), specifier);
      if (existsSync(`${target}.d.ts`)) return `${before}${specifier}.js${after}`;
      if (existsSync(join(target, 'index.d.ts'))) return `${before}${specifier}/index.js${after}`;
      return match;
    });
    writeFileSync(file, text);
  }
}
