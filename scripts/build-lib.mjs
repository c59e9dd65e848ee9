// Builds the Node library (`import { convert } from 'openscraper'`) and the CLI into dist/lib, and
// their type declarations into dist/types. Dependencies stay external: they come from node_modules.
import { chmodSync, readFileSync, rmSync } from 'node:fs';
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
console.log('built dist/lib (library + CLI) and dist/types');
