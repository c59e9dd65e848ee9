// `openscraper` on the command line (package.json "bin"): plain Node, no Electron.
import { runCli } from './run';

runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`openscraper: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
