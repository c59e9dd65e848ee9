// The app's batch worker: a BatchSession in a worker thread, so loading, converting and writing
// 10,000 pages never competes with the app's main thread. Commands in, updates out.
import { parentPort } from 'node:worker_threads';
import { BatchSession } from './session';
import type { SessionCommand, SessionUpdate } from './session-protocol';

const port = parentPort;
if (!port) throw new Error('session-worker.ts must run in a worker thread');

const session = new BatchSession((update: SessionUpdate) => port.postMessage(update));
port.on('message', (command: SessionCommand) => session.handle(command));
