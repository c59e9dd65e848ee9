// The batch runner against a local site: a 1,000-URL batch with 5% failing URLs of every kind,
// retries (503 then fine, 429 with Retry-After), hostile titles, never overwriting, pause, cancel
// and resume, and a journal cut short by a kill.
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchRow } from '../../../src/shared/batch';
import { journalPath } from '../../../src/main/batch/journal';
import type { BatchQueue, Job } from '../../../src/main/batch/queue';
import { BatchError, BatchRunner, type RunnerOptions } from '../../../src/main/batch/runner';
import { HOSTILE_TITLES, planUrls, type Site, startSite } from './helpers/site';

let site: Site;
let dir: string;
let folders = 0;

beforeAll(async () => {
  site = await startSite();
  dir = await mkdtemp(join(tmpdir(), 'openscraper-batch-'));
});
afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A fresh output folder per test. */
async function folder(): Promise<string> {
  const path = join(dir, `out-${++folders}`);
  await mkdir(path);
  return path;
}

/** Quick settings for a local server: many at once, no politeness delay, short timeouts and backoff. */
const FAST: Partial<RunnerOptions> = { concurrency: 32, perHost: 32, delayMs: 0, retries: 1, timeoutMs: 1500, retry: { baseDelayMs: 20, maxDelayMs: 100 }, manifestIntervalMs: 200 };

async function run(urls: string[], options: Partial<RunnerOptions> & { outDir: string }): Promise<BatchRunner> {
  const runner = await BatchRunner.open(urls, { ...FAST, ...options });
  await runner.run();
  await runner.close();
  return runner;
}

/** Every file under `root`, relative, `/`-separated, the batch's work folder left out. */
async function files(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.startsWith('.openscraper-batch/'))
    .sort();
}

interface ManifestJson {
  finished: boolean;
  counts: { total: number; done: number; failed: number; pending: number };
  pages: Array<{ index: number; url: string; status: string; file?: string; bytes?: number; finalUrl?: string; errorCode?: string; error?: string; attempts: number }>;
}

async function manifest(root: string): Promise<ManifestJson> {
  return JSON.parse(await readFile(join(root, 'index.json'), 'utf8')) as ManifestJson;
}

describe('a 1,000-URL batch with 5% failing URLs', () => {
  const plan = () => planUrls(site.base, 1000, { failEvery: 20, pdfEvery: 331 });
  let out: string;
  let runner: BatchRunner;

  beforeAll(async () => {
    out = await folder();
    runner = await run(
      plan().map((p) => p.url),
      { outDir: out },
    );
  }, 60_000);

  it('writes exactly the good pages, one file each, and the PDFs count as good', async () => {
    const good = plan().filter((p) => p.good);
    expect(good).toHaveLength(950);
    expect(good.filter((p) => p.kind === 'pdf')).toHaveLength(3);
    const written = (await files(out)).filter((file) => file.endsWith('.md'));
    expect(written).toHaveLength(950);
    const pages = await manifest(out);
    const doneFiles = pages.pages.filter((row) => row.status === 'done').map((row) => row.file);
    expect(new Set(doneFiles).size).toBe(950);
    expect([...doneFiles].sort()).toEqual(written);
    // The files hold the pages' text, under their titles.
    expect(await readFile(join(out, 'Page 7.md'), 'utf8')).toContain('This is page number 7 of the synthetic site');
    expect(await readFile(join(out, 'Batch PDF.md'), 'utf8')).toContain('A PDF in the batch');
    expect(written).toContain('Batch PDF (3).md');
  });

  it('lists exactly the failures in the manifest, each with its reason, and nothing pending', async () => {
    const pages = await manifest(out);
    expect(pages.finished).toBe(true);
    expect(pages.counts).toMatchObject({ total: 1000, done: 950, failed: 50, pending: 0 });
    expect(pages.pages).toHaveLength(1000);
    expect(pages.pages.map((row) => row.url)).toEqual(plan().map((p) => p.url));
    const failed = pages.pages.filter((row) => row.status === 'failed');
    expect(failed.map((row) => row.url).sort()).toEqual(plan().filter((p) => !p.good).map((p) => p.url).sort());
    const codeOf = (kind: string) => new Set(failed.filter((row) => row.url.includes(`/fail/${kind}/`)).map((row) => row.errorCode));
    expect(codeOf('404')).toEqual(new Set(['http-status']));
    expect(codeOf('500')).toEqual(new Set(['http-status']));
    expect(codeOf('timeout')).toEqual(new Set(['timeout']));
    expect(codeOf('reset')).toEqual(new Set(['connection']));
    expect(codeOf('loop')).toEqual(new Set(['too-many-redirects']));
    expect(codeOf('type')).toEqual(new Set(['unsupported-type']));
    // Retried: timeouts, resets and 5xx; never: 404, loops, unsupported types.
    const attempts = (kind: string) => new Set(failed.filter((row) => row.url.includes(`/fail/${kind}/`)).map((row) => row.attempts));
    expect(attempts('500')).toEqual(new Set([2]));
    expect(attempts('timeout')).toEqual(new Set([2]));
    expect(attempts('reset')).toEqual(new Set([2]));
    expect(attempts('404')).toEqual(new Set([1]));
    expect(attempts('loop')).toEqual(new Set([1]));
    expect(attempts('type')).toEqual(new Set([1]));
    for (const row of failed) expect(row.error).toBeTruthy();
  });

  it('keeps only small rows in memory, with the counts of the manifest', () => {
    expect(runner.counts()).toEqual({ total: 1000, done: 950, failed: 50, pending: 0, running: 0 });
    const row = runner.rows[6];
    expect(row).toMatchObject({ status: 'done', file: 'Page 7.md', httpStatus: 200, title: 'Page 7' });
    expect(Object.keys(row)).not.toContain('markdown');
  });
});

describe('retries', () => {
  it('retries a 503 and a 429, waiting the Retry-After the server asked for', async () => {
    const out = await folder();
    const urls = [site.url('/flaky/1'), site.url('/limited/1')];
    const runner = await run(urls, { outDir: out, retry: { baseDelayMs: 20, maxDelayMs: 50 } });
    expect(runner.rows.map((row) => [row.status, row.attempts])).toEqual([
      ['done', 2],
      ['done', 2],
    ]);
    // Retry-After: 1 was honoured, not the 20 ms backoff.
    const [first, second] = site.retryTimes.get('/limited/1')!;
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(site.hits.get('/limited/1')).toBe(2);
  });

  it('gives up on a Retry-After longer than allowed, saying so', async () => {
    const out = await folder();
    const runner = await run([site.url('/limited/2')], { outDir: out, retry: { maxRetryAfterMs: 500 } });
    expect(runner.rows[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(runner.rows[0].error?.message).toMatch(/429.*asked to wait 1 s/);
  });
});

describe('file names', () => {
  it('gives hostile titles safe, unique names inside the folder', async () => {
    const out = await folder();
    const urls = HOSTILE_TITLES.map((_, i) => site.url(`/titled/${i}`));
    const runner = await run(urls, { outDir: out });
    expect(runner.counts().done).toBe(HOSTILE_TITLES.length);
    const written = await files(out);
    const markdown = written.filter((file) => file.endsWith('.md'));
    expect(markdown).toHaveLength(HOSTILE_TITLES.length);
    // All at the top of the folder (no title made a sub-folder), all distinct even ignoring case and normalisation.
    for (const file of markdown) {
      expect(file).not.toContain('/');
      expect(resolve(out, file).startsWith(resolve(out) + sep)).toBe(true);
      expect(file).not.toMatch(/[<>:"\\|?*\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
      expect(file).not.toMatch(/^[.\s]|[.\s]\.md$/);
      expect(Buffer.byteLength(file)).toBeLessThanOrEqual(255);
      expect(file.split('.')[0]).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)$/i);
    }
    expect(new Set(markdown.map((file) => file.normalize('NFC').toLowerCase())).size).toBe(markdown.length);
    expect(markdown).toEqual(expect.arrayContaining(['etc passwd.md', 'CON-page.md', 'a b c d e f g h i.md', 'nul-page.txt.md', 'gnp.exe.md', 'file NAME.md', 'tab and newline.md', 'trailing dots.md']));
    // Four titles equal but for case, and two equal once normalised: numbered in the order they finished.
    const same = markdown.filter((file) => /^same title/i.test(file)).map((file) => file.toLowerCase());
    expect(same.sort()).toEqual(['same title (2).md', 'same title (3).md', 'same title (4).md', 'same title.md']);
    expect(markdown.filter((file) => /^été/.test(file)).sort()).toEqual(['été (2).md', 'été.md']);
    // Empty, blank and dot titles fall back to the URL; 300 emoji are cut to fit, whole emoji only.
    expect(markdown.filter((file) => /^127\.0\.0\.1 \d+\.md$/.test(file))).toHaveLength(4);
    const emoji = markdown.find((file) => file.startsWith('😀'))!;
    expect(emoji).toMatch(/^(?:😀)+\.md$/u);
    expect(runner.rows.every((row) => row.file !== undefined && markdown.includes(row.file))).toBe(true);
  });

  it('never overwrites a file already in the folder unless asked', async () => {
    const out = await folder();
    await writeFile(join(out, 'Page 1.md'), 'mine');
    const runner = await run([site.url('/p/1')], { outDir: out });
    expect(runner.rows[0].file).toBe('Page 1 (2).md');
    expect(await readFile(join(out, 'Page 1.md'), 'utf8')).toBe('mine');

    const again = await folder();
    await writeFile(join(again, 'Page 1.md'), 'mine');
    const overwriting = await run([site.url('/p/1')], { outDir: again, overwrite: true });
    expect(overwriting.rows[0].file).toBe('Page 1.md');
    expect(await readFile(join(again, 'Page 1.md'), 'utf8')).toContain('page number 1');
  });

  it('makes sub-folders from the template, and front matter and cleaned HTML when asked', async () => {
    const out = await folder();
    const runner = await run([site.url('/p/3'), site.url('/p/40')], { outDir: out, nameTemplate: '{host}/{index} {title}', frontMatter: true, cleanedHtml: true });
    const host = new URL(site.base).host.replace(':', ' ');
    expect(await files(out)).toEqual([`${host}/1 Page 3.html`, `${host}/1 Page 3.md`, `${host}/2 Page 40.html`, `${host}/2 Page 40.md`, 'index.json']);
    expect(runner.rows[0].file).toBe(`${host}/1 Page 3.md`);
    expect(await readFile(join(out, host, '1 Page 3.md'), 'utf8')).toMatch(/^---\ntitle: "Page 3"\n/);
    expect(await readFile(join(out, host, '1 Page 3.html'), 'utf8')).toContain('<h1>Page 3</h1>');
  });

  it('downloads images into the assets folder and links the Markdown to them', async () => {
    const out = await folder();
    const runner = await run([site.url('/images/1')], { outDir: out, images: true });
    expect(runner.rows[0]).toMatchObject({ status: 'done', images: { saved: 2, failed: 1 } });
    expect(await files(out)).toEqual(['Pictures 1.assets/1-a.png', 'Pictures 1.assets/2-b-c.png', 'Pictures 1.md', 'index.json']);
    const markdown = await readFile(join(out, 'Pictures 1.md'), 'utf8');
    expect(markdown).toContain('![first](Pictures%201.assets/1-a.png)');
    expect(markdown).toContain('![second (b)](Pictures%201.assets/2-b-c.png)');
    expect(markdown).toContain('![again](Pictures%201.assets/1-a.png)');
    expect(markdown).toContain(`![gone](${site.url('/img/missing.png')})`);
    expect(markdown).toContain('![not](/img/in-code.png)'); // code stays as it was
  });
});

describe('stopping and resuming', () => {
  it('refuses a folder that holds a batch, unless resuming', async () => {
    const out = await folder();
    await run([site.url('/p/1')], { outDir: out });
    await expect(BatchRunner.open([site.url('/p/2')], { ...FAST, outDir: out })).rejects.toThrow(BatchError);
  });

  it('pauses (nothing new starts), resumes, and cancels (the rest stays pending), then resumes to the end', async () => {
    const slow = await startSite({ pageDelayMs: 40 });
    try {
      const out = await folder();
      const urls = Array.from({ length: 60 }, (_, i) => slow.url(`/p/${i + 1}`));
      const rows: BatchRow[] = [];
      const runner = await BatchRunner.open(urls, { ...FAST, concurrency: 2, perHost: 2, outDir: out, onRow: (row) => rows.push({ ...row }) });
      const running = runner.run();
      await expect.poll(() => runner.counts().done, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
      runner.pause();
      expect(runner.state).toBe('paused');
      await expect.poll(() => runner.counts().running).toBe(0);
      const pausedAt = runner.counts().done;
      await new Promise((r) => setTimeout(r, 300));
      expect(runner.counts().done).toBe(pausedAt);
      runner.resume();
      await expect.poll(() => runner.counts().done, { timeout: 10_000 }).toBeGreaterThan(pausedAt + 2);
      runner.cancel();
      const summary = await running;
      await runner.close();
      expect(summary.state).toBe('cancelled');
      const { done, pending } = summary.counts;
      expect(done + pending).toBe(60);
      expect(pending).toBeGreaterThan(0);
      expect((await manifest(out)).counts).toMatchObject({ done, pending });

      const doneBefore = runner.rows.filter((row) => row.status === 'done').map((row) => new URL(row.url).pathname);
      const resumed = await BatchRunner.open([], { ...FAST, outDir: out, resume: true });
      expect(resumed.counts()).toMatchObject({ done, pending });
      const final = await resumed.run();
      await resumed.close();
      expect(final.counts).toMatchObject({ done: 60, failed: 0, pending: 0 });
      expect((await files(out)).filter((f) => f.endsWith('.md'))).toHaveLength(60);
      // What was done before was not loaded again (pages cut off by the cancel were, once).
      for (const path of doneBefore) expect(slow.hits.get(path)).toBe(1);
      for (let i = 1; i <= 60; i++) expect(slow.hits.get(`/p/${i}`)).toBeLessThanOrEqual(2);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it('resumes a run killed between claiming a name and finishing: same name, no duplicate, no stray temp file', async () => {
    const out = await folder();
    await run([site.url('/p/1'), site.url('/p/2')], { outDir: out });
    // As a kill leaves it: page 3 claimed (its file half-written as a temp file), then a torn line.
    await writeFile(join(out, '.openscraper-batch', 'tmp', 'dead.tmp'), 'half');
    await appendFile(journalPath(out), `{"t":"url","i":2,"url":"${site.url('/p/3')}"}\n{"t":"claim","i":2,"base":"Page 3"}\n{"t":"done","i":2,"ba`);
    await writeFile(join(out, 'Page 3.md'), 'partial');
    const runner = await BatchRunner.open([site.url('/p/1'), site.url('/p/3'), site.url('/p/4')], { ...FAST, outDir: out, resume: true });
    expect(runner.rows.map((row) => row.status)).toEqual(['done', 'done', 'pending', 'pending']);
    await runner.run();
    await runner.close();
    expect(await files(out)).toEqual(['Page 1.md', 'Page 2.md', 'Page 3.md', 'Page 4.md', 'index.json']);
    expect(await readFile(join(out, 'Page 3.md'), 'utf8')).toContain('page number 3');
    expect(await readdir(join(out, '.openscraper-batch', 'tmp'))).toEqual([]);
    expect((await manifest(out)).pages.map((row) => [row.url, row.status, row.file])).toEqual([
      [site.url('/p/1'), 'done', 'Page 1.md'],
      [site.url('/p/2'), 'done', 'Page 2.md'],
      [site.url('/p/3'), 'done', 'Page 3.md'],
      [site.url('/p/4'), 'done', 'Page 4.md'],
    ]);
  });

  it('resumes from the manifest alone when the journal is gone', async () => {
    const out = await folder();
    await run([site.url('/p/1'), site.url('/fail/404/2')], { outDir: out });
    await rm(join(out, '.openscraper-batch'), { recursive: true });
    const runner = await BatchRunner.open([site.url('/p/5')], { ...FAST, outDir: out, resume: true });
    expect(runner.rows.map((row) => [row.url, row.status])).toEqual([
      [site.url('/p/1'), 'done'],
      [site.url('/fail/404/2'), 'pending'],
      [site.url('/p/5'), 'pending'],
    ]);
    await runner.run();
    await runner.close();
    expect((await files(out)).filter((f) => f.endsWith('.md'))).toEqual(['Page 1.md', 'Page 5.md']);
  });

  it('retries failed rows on demand, and writes a CSV manifest when asked', async () => {
    const out = await folder();
    const runner = await BatchRunner.open([site.url('/p/1'), site.url('/fail/404/9')], { ...FAST, outDir: out, manifest: 'csv' });
    await runner.run();
    expect(runner.counts()).toMatchObject({ done: 1, failed: 1 });
    expect(runner.retry([1])).toBe(1);
    expect(runner.counts()).toMatchObject({ failed: 0, pending: 1 });
    await runner.run();
    await runner.close();
    expect(runner.rows[1]).toMatchObject({ status: 'failed', attempts: 1 });
    const csv = (await readFile(join(out, 'index.csv'), 'utf8')).trimEnd().split('\r\n');
    expect(csv[0]).toBe('index,url,status,final_url,file,bytes,ms,attempts,http_status,error_code,error,title,change,hash,etag,last_modified');
    expect(csv[1]).toMatch(new RegExp(`^1,${site.url('/p/1')},done,${site.url('/p/1')},Page 1\\.md,\\d+,\\d+,1,200,,,Page 1,,[0-9a-f]{64},,$`));
    expect(csv[2]).toMatch(new RegExp(`^2,${site.url('/fail/404/9')},failed,,,,\\d+,1,404,http-status,the server answered HTTP 404 Not Found,,,,,$`));
  });
});

/** The queue interface implemented the plainest way (first in, first out, no hosts): what a shared queue would plug in. */
class FifoQueue implements BatchQueue {
  private readonly waiting: Job[] = [];
  private running = 0;
  private paused = false;
  private idle: Array<() => void> = [];
  readonly added: number[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly start: (job: Job) => Promise<void>,
  ) {}

  add(job: Job): void {
    this.added.push(job.index);
    this.waiting.push(job);
    this.pump();
  }

  addLater(job: Job, delayMs: number): void {
    setTimeout(() => this.add(job), delayMs);
  }

  holdHost(): void {}

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  drain(): Job[] {
    return this.waiting.splice(0);
  }

  whenIdle(): Promise<void> {
    return this.running === 0 && this.waiting.length === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (!this.paused && this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running++;
      void this.start(job).finally(() => {
        this.running--;
        this.pump();
        if (this.running === 0 && this.waiting.length === 0) for (const resolve of this.idle.splice(0)) resolve();
      });
    }
  }
}

describe('the seams a crawl and a shared queue use', () => {
  it('takes URLs added while it runs, as a crawl adds the links it finds, and writes them too', async () => {
    const out = await folder();
    const added: Promise<number>[] = [];
    const runner: BatchRunner = await BatchRunner.open([site.url('/p/1')], {
      ...FAST,
      outDir: out,
      onRow: (row) => {
        if (row.index === 0 && row.status === 'done') added.push(runner.add([site.url('/p/2'), site.url('/p/3'), site.url('/p/1')]));
      },
    });
    await runner.run();
    await runner.close();
    expect(await Promise.all(added)).toEqual([2]);
    expect(runner.rows.map((row) => [row.url, row.status])).toEqual([1, 2, 3].map((n) => [site.url(`/p/${n}`), 'done']));
    expect((await files(out)).filter((file) => file.endsWith('.md'))).toEqual(['Page 1.md', 'Page 2.md', 'Page 3.md']);
    expect((await manifest(out)).counts).toMatchObject({ total: 3, done: 3 });
  });

  it('runs on another queue behind the same interface', async () => {
    const out = await folder();
    let queue: FifoQueue | undefined;
    const runner = await BatchRunner.open([site.url('/p/1'), site.url('/fail/404/2'), site.url('/p/3')], {
      ...FAST,
      outDir: out,
      queue: (limits, start) => (queue = new FifoQueue(limits.concurrency, start)),
    });
    await runner.run();
    await runner.close();
    expect(queue?.added).toEqual([0, 1, 2]);
    expect(runner.rows.map((row) => row.status)).toEqual(['done', 'failed', 'done']);
  });
});
