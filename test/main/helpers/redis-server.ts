// A real Redis for tests and benchmarks: Debian's redis-server (CI installs it in .ci/run) on a
// free loopback port, with its own data folder, nothing saved to disk, stopped afterwards.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts redis-server; fails with a clear message when it is not installed. */
export async function startRedis(): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) throw new Error('redis-server is not installed: apt-get install -y redis-server (.ci/run installs it)');
  const dir = await mkdtemp(join(tmpdir(), 'openscraper-redis-'));
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--loglevel', 'warning'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ready = await waitForPort(port, child);
    if (ready) {
      return {
        url: `redis://127.0.0.1:${port}`,
        stop: async () => {
          child.kill('SIGTERM');
          await exited(child);
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill('SIGKILL');
    await exited(child);
    if (attempt >= 3) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start: ${output.trim().slice(-500)}`);
    }
  }
}

/** True once the port answers PING, false if the server exited or 10 s passed. */
async function waitForPort(port: number, child: ChildProcess): Promise<boolean> {
  const { Socket } = await import('node:net');
  const until = Date.now() + 10_000;
  while (Date.now() < until && child.exitCode === null) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.setTimeout(500);
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
      socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    });
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
