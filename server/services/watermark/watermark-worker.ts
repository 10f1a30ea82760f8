import fs from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { serveJobs } from '../worker-jobs.js';
import { type WatermarkStamp, watermarkPdf } from './watermark-pdf.js';

// Runs in a worker thread (watermark-pool.ts): reading, stamping every page and saving a large PDF
// costs seconds of CPU. The files travel as paths, so the main thread never holds them.
type Job = { source: string; target: string; stamp: WatermarkStamp } | { warm: true };

serveJobs<Job>(async (job) => {
  const started = performance.now();
  if ('warm' in job) {
    // A one-page document stamped in memory: loads and compiles what a bidder's first copy needs.
    const blank = await PDFDocument.create();
    blank.addPage();
    const { pages } = await watermarkPdf(await blank.save(), WARM_STAMP);
    return { result: { pages, ms: performance.now() - started } };
  }
  const { pdf, pages } = await watermarkPdf(await fs.readFile(job.source), job.stamp);
  await fs.writeFile(job.target, pdf);
  return { result: { pages, ms: performance.now() - started } };
});

const WARM_STAMP: WatermarkStamp = {
  name: 'Warm-up',
  company: '',
  email: 'warm-up@nda.local',
  at: new Date(0).toISOString(),
  ip: '127.0.0.1',
};
