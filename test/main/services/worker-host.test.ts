// The conversion worker: conversions run off the main thread, a runaway one is cancelled by
// terminating the worker (the main thread stays free meanwhile), a crash fails only its jobs.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConvertResult } from '../../../src/shared/core/types';
import { WorkerHost } from '../../../src/main/services/worker-host';
import type { Conversion } from '../../../src/main/services/conversion';
import { LoadError } from '../../../src/shared/page';
import { buildPdf } from '../../fixtures/pdf';

const BLOCK = '<div class="c"><p>Some text with <a href="/x">a link</a> and <b>bold</b>.</p></div>';
/** A page big enough that converting it takes a second or more (1.6 MB). */
const BIG = `<html><body>${BLOCK.repeat(20_000)}</body></html>`;
/** Too big for a worker limited to a few MB of heap. */
const HUGE = `<html><body>${BLOCK.repeat(60_000)}</body></html>`;
/** Time enough for BIG on a busy machine: these tests are about the worker, not the core's budget. */
const NO_BUDGET = { budget: { maxMs: 300_000 } };

let host: WorkerHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

// Conversions of megabytes take seconds, and more on a busy machine.
describe('the conversion worker', { timeout: 120_000 }, () => {
  it('converts on another thread and keeps this one free', async () => {
    host = new WorkerHost();
    const small = await host.run<ConvertResult>({ kind: 'convert', html: '<nav><a href="/">Home</a></nav><h1>Hi</h1>', options: { sourceLocations: true } });
    expect(small.markdown.trim()).toBe('# Hi');
    expect(small.removed[0]).toMatchObject({ ruleId: 'nav', source: { start: 0 } });

    // While the big page converts, timers on this thread keep firing on time.
    let ticks = 0;
    let worstGapMs = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worstGapMs = Math.max(worstGapMs, now - last);
      last = now;
      ticks++;
    }, 20);
    const big = await host.run<ConvertResult>({ kind: 'convert', html: BIG, options: NO_BUDGET });
    clearInterval(timer);
    expect(big.markdown.length).toBeGreaterThan(200_000);
    expect(ticks).toBeGreaterThan(5);
    // Generous (a loaded CI machine), but a conversion on this thread would block for seconds.
    expect(worstGapMs).toBeLessThan(1000);
  });

  it('cancels a runaway conversion by terminating the worker, reruns the jobs caught with it, and goes on', async () => {
    host = new WorkerHost({ graceMs: 200 });
    await host.run({ kind: 'convert', html: '<p>warm up</p>', options: {} });
    const controller = new AbortController();
    const runaway = host.run({ kind: 'convert', html: BIG, options: NO_BUDGET }, controller.signal);
    const queued = host.run<ConvertResult>({ kind: 'convert', html: '<p>queued behind it</p>', options: {} });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancelledAt = performance.now();
    controller.abort();
    const error = await runaway.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoadError);
    expect(error).toMatchObject({ code: 'cancelled' });
    expect(performance.now() - cancelledAt).toBeLessThan(2000);
    expect((await queued).markdown.trim()).toBe('queued behind it');
    expect(host.started).toBe(2);
    expect((await host.run<ConvertResult>({ kind: 'convert', html: '<h2>after</h2>', options: {} })).markdown.trim()).toBe('## after');
  });

  it('decodes and converts a raw page there too: HTML bytes in their charset, a PDF, and refuses what is neither', async () => {
    host = new WorkerHost();
    const job = (body: Uint8Array, contentType?: string) => ({ kind: 'conversion' as const, job: { body, contentType, options: {}, rendered: false, shellCheck: true, warnings: [] } });
    const latin = await host.run<Conversion>(job(Buffer.from('<title>Caf\xe9</title><p>cr\xe8me br\xfbl\xe9e</p>', 'latin1'), 'text/html; charset=iso-8859-1'));
    expect(latin).toMatchObject({ contentType: 'text/html', encoding: { name: 'windows-1252', source: 'header' }, result: { metadata: { title: 'Café' } } });
    expect(latin.result.markdown.trim()).toBe('crème brûlée');
    const pdf = await host.run<Conversion>(job(buildPdf({ pages: [[{ text: 'Read on the worker.', size: 12, x: 72, y: 700 }]] })));
    expect(pdf).toMatchObject({ contentType: 'application/pdf', result: { markdown: 'Read on the worker.\n' } });
    const refused = await host.run(job(Buffer.from('just text'), 'text/plain')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LoadError);
    expect(refused).toMatchObject({ code: 'unsupported-type' });
  });

  it('reports the core budget as a budget error', async () => {
    host = new WorkerHost();
    const error = await host.run({ kind: 'convert', html: BIG, options: { budget: { maxNodes: 1000 } } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'budget' });
    expect(host.started).toBe(1);
  });

  it('survives a worker that runs out of memory: that job fails, the next one runs', async () => {
    host = new WorkerHost({ maxHeapMb: 24 });
    const error = await host.run({ kind: 'convert', html: HUGE, options: NO_BUDGET }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'internal' });
    expect((error as Error).message).toMatch(/memory|stopped/);
    expect((await host.run<ConvertResult>({ kind: 'convert', html: '<p>fine</p>', options: {} })).markdown.trim()).toBe('fine');
  });

  it('rejects jobs after close, and jobs already aborted', async () => {
    host = new WorkerHost();
    const controller = new AbortController();
    controller.abort();
    await expect(host.run({ kind: 'convert', html: '<p>x</p>', options: {} }, controller.signal)).rejects.toMatchObject({ code: 'cancelled' });
    await host.close();
    await expect(host.run({ kind: 'convert', html: '<p>x</p>', options: {} })).rejects.toMatchObject({ code: 'internal' });
  });
});
