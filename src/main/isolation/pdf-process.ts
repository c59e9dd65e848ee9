// A PDF process: reads one PDF at a time with pdf.js and answers with its HTML. Its parent kills
// it past the PDF's deadline or memory cap (see pdf-pool.ts), and it ends when the parent goes.
import { LoadError } from '../loaders/source';
import { loadPdfJs, pdfToHtml, type PdfConversion } from '../loaders/pdf';
import type { PoolJob, PoolReply } from './isolated-pool';
import type { PdfJob } from './pdf-pool';
import { READY_MESSAGE } from './process-host';

if (!process.send) throw new Error('pdf-process must run as a child process with an IPC channel');
const send = (reply: PoolReply<PdfConversion>) => process.send!(reply);

process.on('disconnect', () => process.exit(0));
process.on('message', (job: PdfJob & PoolJob) => {
  pdfToHtml(job.bytes, { maxPages: job.maxPages }).then(
    (value) => send({ id: job.id, ok: true, value }),
    (error: unknown) => {
      if (error instanceof LoadError) send({ id: job.id, ok: false, code: error.code, message: error.message });
      else send({ id: job.id, ok: false, code: 'pdf', message: `the PDF could not be read (${(error as Error)?.message ?? String(error)})` });
    },
  );
});

/**
 * pdf.js and its worker module (which it would otherwise import on the first document) loaded
 * before the first job, so that the memory and time a job is measured for are its own.
 */
async function preload(): Promise<void> {
  // @ts-expect-error -- the worker module has no type declarations; pdf.js looks for it here.
  const [, worker] = await Promise.all([loadPdfJs(), import('pdfjs-dist/legacy/build/pdf.worker.mjs')]);
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
}

void preload().then(() => process.send!(READY_MESSAGE));
