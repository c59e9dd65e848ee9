// A batch kept in Redis, for many worker processes on many machines: its record (settings, page
// options, how many URLs, whether all were queued), its URL list in order (every worker names
// files as a single-machine run would: `{index}` and the uniqueness order come from it), one row per
// URL written by the worker that finished it (a hash: a URL done twice — a worker killed after
// writing, before saying so — still has one row), and each host's next allowed start (politeness
// shared by every worker). The jobs themselves are BullMQ's (jobs.ts).
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { BatchCounts, BatchRow, BatchSettings } from '../../shared/batch';
import type { RuleCategory } from '../../shared/core/types';
import type { BudgetChoice } from '../../shared/options/budget';
import { DEFAULT_QUEUE_NAME, QUEUE_NAME } from '../../shared/queue';

/** The page options every worker uses for this batch (the producer's flags). */
export interface QueuedScrape {
  userAgent?: string;
  waitFor?: string;
  extraWaitMs?: number;
  articleMode: boolean;
  rules: Partial<Record<RuleCategory, boolean>>;
  /** --max-time and --max-nodes (left out: the core's defaults for each page's size). */
  budget?: BudgetChoice;
}

export interface QueuedBatchRecord {
  /** When the batch was first queued: a worker folder remembers it, so it never mixes two batches. */
  created: string;
  settings: BatchSettings;
  scrape: QueuedScrape;
  /** URLs in the list. */
  total: number;
  /** Every URL of the list is on the queue (workers may finish only then). */
  complete: boolean;
}

/** A finished URL as its worker reported it: the row, plus where its files are. */
export interface QueuedRow extends BatchRow {
  /** The worker's output folder (absolute, as seen on the worker's machine). */
  dir: string;
  /** Which worker: host name and process id. */
  worker: string;
}

export class QueueError extends Error {
  override readonly name = 'QueueError';
}


const URL_CHUNK = 10_000;

/**
 * Reserves the next start on a host for this worker: the later of now and the host's next allowed
 * start, which moves on by the delay. Returns how long to wait. Redis's clock, so workers on machines
 * whose clocks differ still keep the gap. ARGV: delay ms, hold ms (0 for a start; >0 holds the host).
 */
const HOST_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nextStart = tonumber(redis.call('GET', KEYS[1]) or '0')
local hold = tonumber(ARGV[2])
if hold > 0 then
  local heldUntil = math.max(nextStart, now + hold)
  redis.call('SET', KEYS[1], heldUntil, 'PX', heldUntil - now + 60000)
  return 0
end
local start = math.max(nextStart, now)
local after = start + tonumber(ARGV[1])
redis.call('SET', KEYS[1], after, 'PX', after - now + 60000)
return start - now
`;

/** Who this process is, in rows and in the status view. */
export function workerId(): string {
  return `${hostname()}:${process.pid}`;
}

/** A redis:// or rediss:// URL, checked (the password stays out of messages). */
export function checkRedisUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new QueueError(`--queue must be a redis:// URL: ${text}`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new QueueError(`--queue must be a redis:// or rediss:// URL, not ${url.protocol}`);
  return text;
}

/** The URL without its password, for messages. */
export function redactedUrl(text: string): string {
  const url = new URL(text);
  if (url.password) url.password = '***';
  return url.toString();
}

export class RedisBatch {
  readonly redis: Redis;

  private constructor(
    readonly url: string,
    readonly name: string,
  ) {
    // Few retries and a short connect time: a wrong address is an error, not a hang.
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5000, lazyConnect: true, retryStrategy: (times) => (times > 5 ? null : Math.min(times * 200, 1000)) });
  }

  static async connect(url: string, name = DEFAULT_QUEUE_NAME): Promise<RedisBatch> {
    if (!QUEUE_NAME.test(name)) throw new QueueError(`--queue-name must be letters, digits, "-", "_" or ".": ${name}`);
    const batch = new RedisBatch(checkRedisUrl(url), name);
    // Connection errors are reported by the command that fails; the first says why (refused, unknown host).
    let cause: Error | undefined;
    batch.redis.on('error', (error: Error) => (cause ??= error));
    try {
      await batch.redis.connect();
    } catch (error) {
      batch.redis.disconnect();
      throw new QueueError(`cannot reach Redis at ${redactedUrl(url)}: ${(cause ?? (error as Error)).message}`);
    }
    return batch;
  }

  private key(part: string): string {
    return `openscraper:${this.name}:${part}`;
  }

  async record(): Promise<QueuedBatchRecord | undefined> {
    const text = await this.redis.get(this.key('batch'));
    return text === null ? undefined : (JSON.parse(text) as QueuedBatchRecord);
  }

  /** Starts a batch: refused when the queue holds one (unless `resume`), whose record is then kept. */
  async create(record: Omit<QueuedBatchRecord, 'total' | 'complete' | 'created'>, resume: boolean): Promise<QueuedBatchRecord> {
    const existing = await this.record();
    if (existing && !resume) throw new QueueError(`the queue "${this.name}" holds a batch already (${existing.total} URLs, queued ${existing.created}): --resume it, or choose another --queue-name`);
    if (existing) return existing;
    const fresh: QueuedBatchRecord = { ...record, created: new Date().toISOString(), total: 0, complete: false };
    const set = await this.redis.set(this.key('batch'), JSON.stringify(fresh), 'NX');
    if (set === null) throw new QueueError(`the queue "${this.name}" was given a batch by someone else meanwhile`);
    return fresh;
  }

  async setComplete(complete: boolean): Promise<void> {
    const record = await this.record();
    if (!record) throw new QueueError(`the queue "${this.name}" holds no batch`);
    await this.redis.set(this.key('batch'), JSON.stringify({ ...record, total: await this.redis.llen(this.key('urls')), complete }));
  }

  /** The URL list, in order. */
  async urls(): Promise<string[]> {
    const urls: string[] = [];
    for (let start = 0; ; start += URL_CHUNK) {
      const chunk = await this.redis.lrange(this.key('urls'), start, start + URL_CHUNK - 1);
      urls.push(...chunk);
      if (chunk.length < URL_CHUNK) return urls;
    }
  }

  /** Appends URLs to the list; returns the index of the first. */
  async appendUrls(urls: readonly string[]): Promise<number> {
    const start = await this.redis.llen(this.key('urls'));
    for (let i = 0; i < urls.length; i += URL_CHUNK) await this.redis.rpush(this.key('urls'), ...urls.slice(i, i + URL_CHUNK));
    return start;
  }

  async putRow(row: QueuedRow): Promise<void> {
    await this.redis.hset(this.key('rows'), String(row.index), JSON.stringify(row));
  }

  async deleteRow(index: number): Promise<void> {
    await this.redis.hdel(this.key('rows'), String(index));
  }

  /** Every reported row, by index. */
  async rows(): Promise<Map<number, QueuedRow>> {
    const rows = new Map<number, QueuedRow>();
    let cursor = '0';
    do {
      const [next, fields] = await this.redis.hscan(this.key('rows'), cursor, 'COUNT', 1000);
      cursor = next;
      for (let i = 0; i < fields.length; i += 2) rows.set(Number(fields[i]), JSON.parse(fields[i + 1]) as QueuedRow);
    } while (cursor !== '0');
    return rows;
  }

  /** Done and failed, counted from the rows. */
  async counts(total: number): Promise<BatchCounts> {
    const rows = await this.rows();
    let done = 0;
    let failed = 0;
    for (const row of rows.values()) {
      if (row.status === 'done') done++;
      else if (row.status === 'failed') failed++;
    }
    return { total, done, failed, pending: total - done - failed, running: 0 };
  }

  /** How long to wait before starting on `host` (the slot is then this worker's). */
  async reserveStart(host: string, delayMs: number): Promise<number> {
    return Number(await this.redis.eval(HOST_SLOT, 1, this.key(`host:${host}`), delayMs, 0));
  }

  /** No worker starts on `host` for `ms` (a Retry-After for the whole host). */
  async holdHost(host: string, ms: number): Promise<void> {
    await this.redis.eval(HOST_SLOT, 1, this.key(`host:${host}`), 0, Math.max(1, Math.round(ms)));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
