// The app:// protocol: the built renderer's files, and nothing else on disk, whatever the URL says.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appFiles, missingAppFiles } from '../../../src/main/electron/app-files';
import { APP_ENTRY_URL, appAssetPath, appProtocolHandler } from '../../../src/main/electron/app-protocol';

const base = mkdtempSync(join(tmpdir(), 'openscraper-app-protocol-'));
const root = join(base, 'out/renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>OpenScraper</title>');
writeFileSync(join(root, 'assets/app.js'), 'export {};');
writeFileSync(join(base, 'secret.txt'), 'not for the page');
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('app:// URLs', () => {
  it('name files inside the renderer folder', () => {
    expect(appAssetPath(APP_ENTRY_URL, root)).toBe(join(root, 'index.html'));
    expect(appAssetPath('app://openscraper/', root)).toBe(join(root, 'index.html'));
    expect(appAssetPath('app://openscraper/assets/app.js?v=1#x', root)).toBe(join(root, 'assets/app.js'));
  });

  it.each([
    'app://openscraper/../secret.txt',
    'app://openscraper/%2e%2e/secret.txt',
    'app://openscraper/..%2fsecret.txt',
    'app://openscraper/assets/..%2f..%2fsecret.txt',
    'app://openscraper/%00index.html',
    'app://openscraper/%E0%A4%A',
    'app://other-host/index.html',
    'file:///etc/passwd',
    'https://openscraper/index.html',
    'not a url',
  ])('refuse %s', (url) => {
    const path = appAssetPath(url, root);
    // Either refused, or (URL normalisation) a path still inside the folder.
    if (path !== null) expect(path.startsWith(`${root}/`)).toBe(true);
    expect(path === join(base, 'secret.txt')).toBe(false);
  });
});

describe('the app:// handler', () => {
  const handler = appProtocolHandler(root);

  it('serves the page and its assets with their types', async () => {
    const page = await handler(new Request(APP_ENTRY_URL));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>OpenScraper</title>');
    const script = await handler(new Request('app://openscraper/assets/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 for what is missing or outside, 405 for anything but GET and HEAD', async () => {
    expect((await handler(new Request('app://openscraper/nope.js'))).status).toBe(404);
    expect((await handler(new Request('app://openscraper/%2e%2e/secret.txt'))).status).toBe(404);
    expect((await handler(new Request('app://openscraper/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });
});

describe('the files the built app loads', () => {
  it('are found beside out/main, and each missing one is named', () => {
    const files = appFiles(join(base, 'out/main'));
    expect(files.rendererIndex).toBe(join(root, 'index.html'));
    const missing = missingAppFiles(files);
    expect(missing).toEqual([files.preload, files.conversionWorker, files.batchWorker, files.pageWorker, files.pdfProcess]);
    // With the dev server the page comes from it: the renderer files are not needed.
    expect(missingAppFiles({ ...files, rendererIndex: join(base, 'gone.html') }, { devServer: true })).toEqual(missing);
  });
});
