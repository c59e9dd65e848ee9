// The same page, the same outcome, idle or loaded (not a test): converts one large page through the
// built CLI and through the app's handlers (the conversion worker, as the app runs it), and prints
// each outcome with its wall and CPU time. Run it once on a quiet machine and once with the cores
// busy (e.g. `yes > /dev/null &` once per core) and compare.
//
//   npx tsx scripts/fuzz/same-outcome.ts [--page FILE] [--mb 14]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { syntheticPage } from '../bench/synthetic';
import { createServices } from '../../src/main/services/handlers';

const { values } = parseArgs({ options: { page: { type: 'string' }, mb: { type: 'string', default: '14' } } });
const ROOT = resolve(import.meta.dirname, '../..');
const page = values.page ?? join(tmpdir(), `openscraper-${values.mb}mb.html`);
if (!existsSync(page)) writeFileSync(page, syntheticPage(Number(values.mb) * 1024 * 1024, 'article'));
const size = readFileSync(page).byteLength;

// The CLI as users run it: the built one, in a process of its own (its CPU time counted whole).
const cli = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, join(ROOT, 'dist/lib/cli.js'), page, '-o', join(tmpdir(), 'openscraper-same-outcome.md')], { encoding: 'utf8' });
const [wall, user, system] = cli.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
console.log(`CLI: exit ${cli.status} (${cli.status === 0 ? 'converted' : cli.stderr.split('\n')[0]}), ${wall.toFixed(1)} s wall, ${(user + system).toFixed(1)} s CPU, page ${(size / 1e6).toFixed(1)} MB`);

// The app: the handlers the window calls, with the conversion worker.
const services = createServices({ mode: 'web', chooseSavePath: async () => undefined });
const started = performance.now();
const cpu = process.cpuUsage();
const loaded = await services.handlers['page:load']({ requestId: 'same-outcome', input: { kind: 'file', name: 'page.html', base64: readFileSync(page).toString('base64') } });
const used = process.cpuUsage(cpu);
console.log(`app: ${loaded.page.ok ? `converted, ${loaded.page.result.markdown.length} characters of Markdown` : `failed: ${loaded.page.error.message}`}, ${((performance.now() - started) / 1000).toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU (all threads)`);
await services.close();
