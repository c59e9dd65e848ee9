// Benchmark (not a test): the app in Chromium with a big page. Measures, for a 5 MB page, the time
// from "load" to three filled panes and the frame times while scrolling the original HTML pane from
// top to bottom; and, while a 20 MB page converts, how quickly the bridge still answers (the
// conversion runs on the worker, so the main thread stays free). The pages are served over HTTP and
// loaded by URL, as a user would: no megabytes pass through Playwright, whose own serialisation
// would block both sides and spoil the measurement.
//   npx tsx test/e2e/source-view.bench.ts [--corpus ../shared/corpus/aeb]
// Without --corpus the page is the article fixture repeated; with it, real pages concatenated.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { writeFile } from 'node:fs/promises';
import { launchChromium, serveFixtures, startApp } from './helpers/servers';

const { values } = parseArgs({ options: { corpus: { type: 'string' } } });

/** The pages the big ones are made of: the corpus's first 40, or the article fixture. */
async function material(): Promise<string[]> {
  if (!values.corpus) return [await readFile(join(import.meta.dirname, '../fixtures/app/article.html'), 'utf8')];
  const dir = join(values.corpus, 'html');
  const files = (await readdir(dir)).filter((name) => name.endsWith('.html.gz')).sort().slice(0, 40);
  return Promise.all(files.map(async (name) => gunzipSync(await readFile(join(dir, name))).toString('utf8')));
}

/** A page of about `bytes`: one document whose body holds the material's bodies, repeated. */
function pageOf(source: string, bytes: number): string {
  const body = source.replace(/<\/?(html|head|body)\b[^>]*>/gi, '');
  let html = '<!doctype html><html><head><title>Big page</title></head><body>';
  while (html.length < bytes) html += body;
  return `${html}</body></html>`;
}

const dir = await mkdtemp(join(tmpdir(), 'openscraper-bench-'));
const app = await startApp({ exportDir: join(dir, 'out'), settingsFile: join(dir, 'settings.json') });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(app.url);
  await page.getByTestId('address').waitFor();
  const pagesOfMaterial = await material();
  const source = pagesOfMaterial.join('\n');
  const five = pageOf(source, 5 * 1024 * 1024);
  const twenty = pageOf(source, 20 * 1024 * 1024);
  await writeFile(join(dir, 'single.html'), pagesOfMaterial[0]);
  await writeFile(join(dir, 'five.html'), five);
  await writeFile(join(dir, 'twenty.html'), twenty);
  const pages = await serveFixtures(dir);

  // --- A typical page: how long a "keep" toggle takes to show in the Markdown.
  await page.getByTestId('address').fill(`${pages.url}single.html`);
  await page.getByTestId('load').click();
  await page.locator('[data-testid=removal]').first().waitFor({ timeout: 120_000 });
  const singleBytes = await page.getByTestId('sizes').innerText();
  const toggles: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t = Date.now();
    await page.locator('[data-testid=removal]').first().getByTestId('keep-element').click();
    await page.waitForFunction(() => !document.querySelector('.updating'));
    toggles.push(Date.now() - t);
  }
  toggles.sort((a, b) => a - b);
  console.log(`typical page (${singleBytes}): keep toggle to updated Markdown, median ${toggles[3]} ms, worst ${toggles[5]} ms (6 toggles)`);

  // --- 5 MB: load to panes, then scroll the original pane through.
  const started = Date.now();
  await page.getByTestId('address').fill(`${pages.url}five.html`);
  await page.getByTestId('load').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=sizes]') || document.querySelector('[data-testid=error-line]'), undefined, { timeout: 300_000 });
  const failed = await page.locator('[data-testid=error-line]').count();
  if (failed > 0) throw new Error(`the 5 MB page failed: ${await page.getByTestId('error-line').innerText()}`);
  await page.locator('[data-testid=original-source] .sv-row').first().waitFor();
  const loadMs = Date.now() - started;

  const scroll = await page.evaluate(async () => {
    const view = document.querySelector<HTMLElement>('[data-testid=original-source]')!;
    const frames: number[] = [];
    const steps = 300;
    let last = performance.now();
    for (let i = 1; i <= steps; i++) {
      view.scrollTop = (view.scrollHeight - view.clientHeight) * (i / steps);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    return {
      rowsInDom: view.querySelectorAll('.sv-row').length,
      scrollHeight: view.scrollHeight,
      medianMs: frames[Math.floor(frames.length / 2)],
      p95Ms: frames[Math.floor(frames.length * 0.95)],
      worstMs: frames[frames.length - 1],
      over50ms: frames.filter((f) => f > 50).length,
    };
  });
  console.log(`5 MB page (${(five.length / 1048576).toFixed(1)} MiB): panes filled ${loadMs} ms after Load`);
  console.log(`scrolling the original pane top to bottom in 300 jumps: ${scroll.rowsInDom} rows in the DOM, frame median ${scroll.medianMs.toFixed(1)} ms, p95 ${scroll.p95Ms.toFixed(1)} ms, worst ${scroll.worstMs.toFixed(1)} ms, ${scroll.over50ms} frames over 50 ms`);

  // --- 20 MB: while it converts, ask the bridge for app:info every 100 ms.
  // The bridge (the app's main process here) runs in this process: watch its event loop.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => w.__long.push(entry.duration))).observe({ type: 'longtask' });
  });
  // (No named functions inside evaluate: tsx would wrap them in a helper the page does not have.)
  const probe = await page.evaluate(async (url) => {
    const base = location.pathname;
    const headers = { 'Content-Type': 'application/json' };
    const begun = performance.now();
    let done = false;
    const loading = fetch(`${base}api/page:load`, { method: 'POST', headers, body: JSON.stringify({ requestId: 'bench-20', input: { kind: 'url', url } }) })
      .then((r) => r.json())
      .then((reply: { value: { ok: boolean; error?: { code: string; message: string } } }) => {
        done = true;
        return reply.value;
      });
    const latencies: number[] = [];
    while (!done) {
      const t = performance.now();
      await fetch(`${base}api/app:info`, { method: 'POST', headers, body: 'null' });
      latencies.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const result = await loading;
    latencies.sort((a, b) => a - b);
    return { totalMs: performance.now() - begun, ok: result.ok, error: result.error, probes: latencies.length, medianMs: latencies[Math.floor(latencies.length / 2)], worstMs: latencies[latencies.length - 1] };
  }, `${pages.url}twenty.html`);
  await pages.close();
  console.log(`20 MB page (${(twenty.length / 1048576).toFixed(1)} MiB): load ${probe.ok ? 'converted' : `failed (${probe.error?.code}: ${probe.error?.message})`} in ${(probe.totalMs / 1000).toFixed(1)} s`);
  loop.disable();
  const longTasks = await page.evaluate(() => (window as unknown as { __long: number[] }).__long.sort((a, b) => b - a).slice(0, 5));
  console.log(`meanwhile ${probe.probes} app:info calls from the page answered: median ${probe.medianMs.toFixed(1)} ms, worst ${probe.worstMs.toFixed(1)} ms`);
  console.log(`main-process event loop delay during it: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
  console.log(`longest tasks on the page's main thread: ${longTasks.map((ms) => ms.toFixed(0)).join(', ')} ms`);
} finally {
  await browser.close();
  await app.close();
  await rm(dir, { recursive: true, force: true });
}
