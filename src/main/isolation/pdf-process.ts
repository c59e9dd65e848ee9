// A PDF process: reads one PDF at a time with pdf.js and answers with its HTML. Its parent kills
// it past the PDF's deadline or memory cap (see pdf-pool.ts), and it ends when the parent goes.
import { LoadError } from '../loaders/source';
import { pdfToHtml, type PdfConversion } from '../loaders/pdf';
import type { PoolJob, PoolReply } from './isolated-pool';
import type { PdfJob } from './pdf-pool';

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
