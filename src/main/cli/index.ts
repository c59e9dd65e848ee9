// `openscraper` on the command line (package.json "bin"): plain Node, no Electron.
import { runCli } from './run';

// In a batch or a crawl, the first Ctrl+C asks it to stop cleanly (manifest written, resumable); a second quits.
const interrupt = new AbortController();
if (process.argv[2] === 'batch' || process.argv[2] === 'crawl') {
  process.on('SIGINT', () => {
    if (interrupt.signal.aborted) process.exit(130);
    interrupt.abort();
  });
}

runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, signal: interrupt.signal }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`openscraper: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
