// `openscraper` on the command line (package.json "bin"): plain Node, no Electron.
import { runCli } from './run';

// In a batch, a crawl or a worker, the first Ctrl+C asks it to stop cleanly (manifest written,
// resumable; a worker's pages go back to the queue; a server closes); a second quits. A worker and a
// server stop so on SIGTERM too.
const interrupt = new AbortController();
const stopCleanly = () => {
  if (interrupt.signal.aborted) process.exit(130);
  interrupt.abort();
};
const command = process.argv[2];
if (command === 'batch' || command === 'crawl' || command === 'worker' || command === 'serve' || command === 'mcp') process.on('SIGINT', stopCleanly);
if (command === 'worker' || command === 'serve' || command === 'mcp') process.on('SIGTERM', stopCleanly);

runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, signal: interrupt.signal }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`openscraper: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
