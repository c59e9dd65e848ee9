// robots.txt as the batch reads it from a server on 127.0.0.1: Disallow and Allow for our agent's
// group (or "*"), the line that refused a URL, Crawl-delay, Sitemap lines; a missing robots.txt
// allows everything, a server error disallows the whole host (RFC 9309); read once per host.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { RobotsRules } from '../../../src/main/batch/robots';

const hits = new Map<string, number>();
const ROBOTS: Record<string, [number, string]> = {
  '/a': [200, 'User-agent: *\nDisallow: /\n\nUser-agent: OpenScraper\nDisallow: /private/\nAllow: /private/open\nCrawl-delay: 0.25\n\nSitemap: http://example.com/map.xml\n'],
  '/b': [404, 'no'],
  '/c': [503, 'busy'],
  '/d': [200, 'User-agent: *\nDisallow: /admin\n'],
};

/** A server whose robots.txt is `robots` (status and text), counting its requests. */
async function hostWith(name: string): Promise<{ url: (path: string) => string; close: () => Promise<void> }> {
  const [status, text] = ROBOTS[name];
  const one = createServer((req, res) => {
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (req.url === '/robots.txt') {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(text);
    } else res.end('page');
  });
  await new Promise<void>((resolve) => one.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(one.address() as AddressInfo).port}`;
  return { url: (path) => `${origin}${path}`, close: () => new Promise<void>((resolve) => one.close(() => resolve())) };
}

describe('robots.txt', () => {
  it('applies our group: Disallow with its Allow exception, the line in the reason, Crawl-delay, sitemaps; read once', async () => {
    const host = await hostWith('/a');
    const robots = new RobotsRules();
    expect(await robots.check(host.url('/page'))).toEqual({ allowed: true });
    const refused = await robots.check(host.url('/private/x'));
    expect(refused.allowed).toBe(false);
    expect(refused.reason).toBe('disallowed by robots.txt ("Disallow: /private/", line 5)');
    expect((await robots.check(host.url('/private/open'))).allowed).toBe(true);
    expect(await robots.crawlDelayMs(host.url('/'))).toBe(250);
    expect(await robots.sitemaps(host.url('/'))).toEqual(['http://example.com/map.xml']);
    expect(hits.get('/a')).toBe(1);
    await host.close();
  });

  it('falls back to the "*" group', async () => {
    const host = await hostWith('/d');
    const robots = new RobotsRules();
    expect((await robots.check(host.url('/admin/users'))).allowed).toBe(false);
    expect((await robots.check(host.url('/docs'))).allowed).toBe(true);
    expect(await robots.crawlDelayMs(host.url('/'))).toBe(0);
    await host.close();
  });

  it('allows everything without a robots.txt, and nothing when it answers a server error', async () => {
    const missing = await hostWith('/b');
    const failing = await hostWith('/c');
    const robots = new RobotsRules();
    expect((await robots.check(missing.url('/anything'))).allowed).toBe(true);
    const refused = await robots.check(failing.url('/anything'));
    expect(refused.allowed).toBe(false);
    expect(refused.reason).toContain('HTTP 503');
    expect(refused.reason).toContain('--ignore-robots');
    await missing.close();
    await failing.close();
  });

  it('leaves a host that does not answer to its pages (their loads say why)', async () => {
    const robots = new RobotsRules();
    expect((await robots.check('http://127.0.0.1:9/page')).allowed).toBe(true);
  });
});
