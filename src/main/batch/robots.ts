// robots.txt, per host, read once and parsed by robots-parser: whether our agent may load a URL
// (Disallow / Allow for the group naming "openscraper", else "*"), the Crawl-delay that raises the
// host's delay, and the sitemaps it lists. As RFC 9309 says: a robots.txt that does not exist
// (4xx) allows everything; a server error (5xx) disallows the whole host. A host that does not
// answer at all is left to its pages' own loads, which fail and say why.
import robotsParser from 'robots-parser';
import { fetch } from 'undici';
import { DEFAULT_USER_AGENT } from '../loaders/http';
import { deadline } from './deadline';

/** The product token robots.txt groups are matched against. */
export const ROBOTS_AGENT = 'openscraper';
const MAX_ROBOTS_BYTES = 512 * 1024;
const TIMEOUT_MS = 15_000;
/** A Crawl-delay longer than this is taken as this (a site asking for minutes per page is not crawlable anyway). */
const MAX_CRAWL_DELAY_MS = 60_000;

export interface RobotsVerdict {
  allowed: boolean;
  /** Why not, for the manifest: the robots.txt line, or why the host is skipped. */
  reason?: string;
}

type Robot = ReturnType<typeof robotsParser>;

interface HostRobots {
  /** Parsed rules; undefined when there is no robots.txt (everything allowed). */
  robot?: Robot;
  lines?: string[];
  /** Set when robots.txt could not be read: the whole host is skipped. */
  unreadable?: string;
}

async function readRobots(origin: string, userAgent: string): Promise<HostRobots> {
  const url = `${origin}/robots.txt`;
  const limit = deadline(TIMEOUT_MS);
  try {
    const response = await fetch(url, { signal: limit.signal, redirect: 'follow', headers: { 'user-agent': userAgent, accept: 'text/plain,*/*;q=0.5' } });
    if (response.status >= 400 && response.status < 500) {
      await response.body?.cancel().catch(() => undefined);
      return {};
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      return { unreadable: `its robots.txt could not be read (HTTP ${response.status})` };
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of response.body ?? []) {
      // Past the limit the rest is ignored, as RFC 9309 allows (500 KiB at least must be read).
      if (total + chunk.byteLength > MAX_ROBOTS_BYTES) break;
      total += chunk.byteLength;
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks, total).toString('utf8');
    return { robot: robotsParser(url, text), lines: text.split(/\r\n|\r|\n/) };
  } catch {
    // No answer at all: the pages' own loads will fail and say why, better than a robots verdict would.
    return {};
  } finally {
    limit.clear();
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export class RobotsRules {
  private readonly hosts = new Map<string, Promise<HostRobots>>();

  constructor(private readonly userAgent: string = DEFAULT_USER_AGENT) {}

  private host(origin: string): Promise<HostRobots> {
    let entry = this.hosts.get(origin);
    if (!entry) {
      // Read once per host, whoever asks first.
      entry = readRobots(origin, this.userAgent);
      this.hosts.set(origin, entry);
    }
    return entry;
  }

  /** Whether our agent may load `url`, and if not, why. */
  async check(url: string): Promise<RobotsVerdict> {
    const origin = originOf(url);
    if (origin === undefined || !/^https?:/.test(origin)) return { allowed: true };
    const host = await this.host(origin);
    if (host.unreadable) return { allowed: false, reason: `${host.unreadable}: the host is skipped (RFC 9309); --ignore-robots loads it anyway` };
    if (!host.robot) return { allowed: true };
    if (host.robot.isAllowed(url, ROBOTS_AGENT) !== false) return { allowed: true };
    const line = host.robot.getMatchingLineNumber(url, ROBOTS_AGENT);
    const text = line > 0 ? host.lines?.[line - 1]?.trim() : undefined;
    return { allowed: false, reason: `disallowed by robots.txt${text ? ` ("${text.slice(0, 120)}", line ${line})` : ''}` };
  }

  /** The host's Crawl-delay for our agent, in milliseconds (0 when none). */
  async crawlDelayMs(url: string): Promise<number> {
    const origin = originOf(url);
    if (origin === undefined) return 0;
    const seconds = (await this.host(origin)).robot?.getCrawlDelay(ROBOTS_AGENT);
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.min(MAX_CRAWL_DELAY_MS, Math.round(seconds * 1000)) : 0;
  }

  /** The sitemaps the host's robots.txt lists. */
  async sitemaps(url: string): Promise<string[]> {
    const origin = originOf(url);
    if (origin === undefined) return [];
    return (await this.host(origin)).robot?.getSitemaps() ?? [];
  }
}
