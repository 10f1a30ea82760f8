import { parentPort } from 'node:worker_threads';
import { buildSignedNda } from './build-signed-nda.js';
import type { SigningKey } from './signing-key.js';
import type { SignedNdaInput } from './types.js';

// Runs in a worker thread: stamping and sealing cost tens to hundreds of milliseconds of CPU.
parentPort!.on('message', async (job: { id: number; input: SignedNdaInput; key: SigningKey }) => {
  try {
    const pdf = await buildSignedNda(job.input, job.key);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort!.postMessage({ id: job.id, ok: true, pdf: bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort!.postMessage({ id: job.id, ok: false, error: String((err as Error)?.stack ?? err) });
  }
});
