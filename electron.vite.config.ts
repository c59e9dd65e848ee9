import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// The Electron app: main process, preload and the React renderer. The library and the CLI are
// built separately by scripts/build-lib.mjs (they run under plain Node, without Electron).
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: { index: resolve('src/main/electron/app.ts') },
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
  renderer: {
    root: resolve('src/renderer'),
    build: {
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
      },
    },
    plugins: [react()],
  },
});
