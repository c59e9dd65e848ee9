// Where a batch runs: a worker thread, found beside the module (built or TypeScript source); a
// folder with neither is an error, never a silent run on the caller's thread.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSessionPlace } from '../../../src/main/batch/session-host';
import { defaultWorkerEntry } from '../../../src/main/services/worker-host';

const empty = mkdtempSync(join(tmpdir(), 'openscraper-place-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('the batch worker and the conversion worker', () => {
  it('are the sources in development and tests', () => {
    expect(defaultSessionPlace()).toMatchObject({ kind: 'worker', typescript: true, file: expect.stringMatching(/session-worker\.ts$/) });
    expect(defaultWorkerEntry()).toMatchObject({ typescript: true, file: expect.stringMatching(/conversion-worker\.ts$/) });
  });

  it('are the built files when they are there', () => {
    writeFileSync(join(empty, 'batch-worker.js'), '');
    writeFileSync(join(empty, 'conversion-worker.js'), '');
    expect(defaultSessionPlace(empty)).toEqual({ kind: 'worker', file: join(empty, 'batch-worker.js'), typescript: false });
    expect(defaultWorkerEntry(empty)).toEqual({ file: join(empty, 'conversion-worker.js'), typescript: false });
    rmSync(join(empty, 'batch-worker.js'));
    rmSync(join(empty, 'conversion-worker.js'));
  });

  it('missing, are a loud error naming the file, not a fallback to the calling thread', () => {
    expect(() => defaultSessionPlace(empty)).toThrow(/the batch worker is missing: neither .*batch-worker\.js/);
    expect(() => defaultWorkerEntry(empty)).toThrow(/the conversion worker is missing: neither .*conversion-worker\.js/);
  });
});
