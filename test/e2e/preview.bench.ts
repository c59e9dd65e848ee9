// Benchmark (not a test): a 14 MB page in the app, as issue 19 found it slow. Reports when each
// stage of the load began (as the status line shows them), then, for each pane, the frame times
// while 20 wheel events scroll its rendered preview, beside those of its source view in the same
// run (the peer it should match: both are capped or virtualised).
//   npx tsx test/e2e/preview.bench.ts [--megabytes 14]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { launchChromium, serveFixtures, startApp } from './helpers/servers';

const { values } = parseArgs({ options: { megabytes: { type: 'string', default: '14' } } });
const bytes = Number(values.megabytes) * 1024 * 1024;

/** Sections of prose with links, a table and a script each, to `bytes`. */
function bigPage(): string {
  const words = ['tide', 'heron', 'flats', 'warden', 'causeway', 'sluice', '<a href="/x">link</a>', '<b>bold</b>'];
  let html = '<!doctype html><html><head><title>A large page</title></head><body><main><h1>A large page</h1>';
  for (let i = 1; html.length < bytes; i++) {
    const prose = Array.from({ length: 200 }, (_, j) => words[(i * 7 + j * 13) % words.length]).join(' ');
    const rows = Array.from({ length: 10 }, (_, j) => `<tr><td>${j}</td><td>${j * j}</td></tr>`).join('');
    html += `<section><h2>Section ${i}</h2><p>${prose}</p><table><tr><th>a</th><th>b</th></tr>${rows}</table><script>var x=${i};</script></section>\n`;
  }
  return `${html}</main></body></html>`;
}

/** Frame times (ms) while 20 wheel events scroll what is under the mouse. */
async function scrollFrames(page: Page, testId: string): Promise<{ median: number; p95: number }> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(`(() => { window.__frames = []; let last = performance.now(); function tick(t) { window.__frames.push(t - last); last = t; if (window.__frames.length < 240) requestAnimationFrame(tick); } requestAnimationFrame(tick); })()`);
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 400);
  await page.waitForTimeout(500);
  const frames = ((await page.evaluate('window.__frames.slice(1)')) as number[]).sort((a, b) => a - b);
  return { median: frames[Math.floor(frames.length / 2)], p95: frames[Math.floor(frames.length * 0.95)] };
}

const dir = await mkdtemp(join(tmpdir(), 'openscraper-bench-preview-'));
const app = await startApp({ exportDir: join(dir, 'out'), settingsFile: join(dir, 'settings.json') });
const browser = await launchChromium();
try {
  await writeFile(join(dir, 'big.html'), bigPage());
  const pages = await serveFixtures(dir);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(app.url);
  await page.getByTestId('address').fill(`${pages.url}big.html`);
  const started = Date.now();
  await page.getByTestId('load').click();
  const stages: string[] = [];
  while ((await page.getByTestId('loading-line').count()) > 0) {
    const stage = await page.locator('[data-testid=stages] li.current').getAttribute('data-stage').catch(() => null);
    if (stage && !stages.some((line) => line.startsWith(`${stage} `))) stages.push(`${stage} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await page.waitForTimeout(100);
  }
  console.log(`${values.megabytes} MB page: ${stages.join(', ')}; on screen at ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const pane of ['original', 'cleaned', 'markdown']) {
    const source = await scrollFrames(page, `pane-${pane}`);
    await page.getByTestId(`pane-${pane}-view`).click();
    await page.getByTestId(`${pane}-preview`).waitFor();
    await page.waitForTimeout(1500);
    const rendered = await scrollFrames(page, `${pane}-preview`);
    console.log(`${pane}: rendered frames median ${rendered.median.toFixed(1)} ms, p95 ${rendered.p95.toFixed(1)} ms; source view median ${source.median.toFixed(1)} ms, p95 ${source.p95.toFixed(1)} ms (p95 ratio ${(rendered.p95 / source.p95).toFixed(2)})`);
    await page.getByTestId(`pane-${pane}-source`).click();
  }
  await pages.close();
} finally {
  await browser.close();
  await app.close();
  await rm(dir, { recursive: true, force: true });
}
