import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { defineConfig as defineElectronConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

/**
 * The dev server (`npm run dev`) injects an inline React Refresh preamble and talks over a
 * websocket; the production page's CSP forbids both. Relax it for `serve` only.
 */
function devCsp(): Plugin {
  return {
    name: 'openscraper-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace("connect-src 'self'", "connect-src 'self' ws: http://localhost:*"),
  };
}

// The Electron app: main process (plus its two worker threads), preload and the React renderer.
// The library and the CLI are built separately by scripts/build-lib.mjs (plain Node, no Electron).
export default defineElectronConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve('src/main/electron/app.ts'),
          // Worker threads, each its own file: `new Worker(out/main/<name>.js)`. The boot test
          // (test/main/electron/boot.test.ts) checks that every file the bundle starts exists.
          'conversion-worker': resolve('src/main/services/conversion-worker.ts'),
          'batch-worker': resolve('src/main/batch/session-worker.ts'),
          // Started by file name too: each page is converted in a page worker, each PDF read in a process.
          'page-worker': resolve('src/main/isolation/page-worker.ts'),
          'pdf-process': resolve('src/main/isolation/pdf-process.ts'),
        },
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // Sandboxed preloads cannot be ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: defineConfig({
    root: resolve('src/renderer'),
    base: './',
    build: {
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
      },
    },
    plugins: [react(), devCsp()],
  }),
});
