import fs from 'node:fs/promises';
import { serveJobs } from '../worker-jobs.js';
import { type WatermarkStamp, watermarkPdf } from './watermark-pdf.js';

// Runs in a worker thread (watermark-pool.ts): reading, stamping every page and saving a large PDF
// costs seconds of CPU. The files travel as paths, so the main thread never holds them.
type Job = { source: string; target: string; stamp: WatermarkStamp };

serveJobs<Job>(async ({ source, target, stamp }) => {
  const started = performance.now();
  const { pdf, pages } = await watermarkPdf(await fs.readFile(source), stamp);
  await fs.writeFile(target, pdf);
  return { result: { pages, ms: performance.now() - started } };
});
