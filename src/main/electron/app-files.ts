// Every file the built app loads besides its own bundle, named once: the main process checks them
// at start-up (a missing one is a loud error, not a silent fallback), and the boot test checks
// that the build wrote each of them. No Electron import: plain paths.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface AppFiles {
  /** The sandboxed preload (CommonJS: sandboxed preloads cannot be ES modules). */
  preload: string;
  /** The folder the `app://` protocol serves, and its entry page. */
  rendererRoot: string;
  rendererIndex: string;
  /** Worker threads: conversion of single pages, and batch runs. */
  conversionWorker: string;
  batchWorker: string;
  /** Started by the page pools (src/main/isolation): each page converted in a page worker, each PDF read in a process. */
  pageWorker: string;
  pdfProcess: string;
}

/** The files beside the main bundle (`out/main/index.js`), as electron-vite writes them. */
export function appFiles(mainDir: string): AppFiles {
  const rendererRoot = join(mainDir, '../renderer');
  return {
    preload: join(mainDir, '../preload/index.cjs'),
    rendererRoot,
    rendererIndex: join(rendererRoot, 'index.html'),
    conversionWorker: join(mainDir, 'conversion-worker.js'),
    batchWorker: join(mainDir, 'batch-worker.js'),
    pageWorker: join(mainDir, 'page-worker.js'),
    pdfProcess: join(mainDir, 'pdf-process.js'),
  };
}

/**
 * The files that are not there (an incomplete build). With electron-vite's dev server the page
 * comes from the server, so the built renderer is not needed; everything else always is.
 */
export function missingAppFiles(files: AppFiles, options: { devServer?: boolean } = {}, exists: (path: string) => boolean = existsSync): string[] {
  const { rendererRoot, rendererIndex, ...always } = files;
  const needed = options.devServer ? Object.values(always) : [...Object.values(always), rendererRoot, rendererIndex];
  return needed.filter((path) => !exists(path));
}
