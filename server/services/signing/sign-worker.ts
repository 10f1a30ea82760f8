import { parentPort } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { buildSignedNda } from './build-signed-nda.js';
import type { SigningKey } from './signing-key.js';
import type { Party, SignedNdaInput } from './types.js';

// Runs in a worker thread: stamping and sealing cost tens to hundreds of milliseconds of CPU.
type Job = { id: number; key: SigningKey } & ({ input: SignedNdaInput } | { warm: true });

parentPort!.on('message', async (job: Job) => {
  try {
    const pdf = await buildSignedNda('warm' in job ? await warmUpInput() : job.input, job.key);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort!.postMessage({ id: job.id, ok: true, pdf: bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort!.postMessage({ id: job.id, ok: false, error: String((err as Error)?.stack ?? err) });
  }
});

/** A one-page document signed by both parties: the whole path of a real signature, sealed, for warming up. */
async function warmUpInput(): Promise<SignedNdaInput> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const now = new Date().toISOString();
  // A 1 x 1 pixel PNG.
  const signature = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const party = (role: Party['role']): Party => ({
    role,
    name: 'Warm Up',
    title: '',
    email: 'warm-up@nda.local',
    company: 'Warm Up',
    companyAddress: '',
    signature,
    signedAt: now,
    ip: '127.0.0.1',
  });
  return {
    original: await doc.save(),
    documentName: 'Warm-up',
    documentId: 'warm-up',
    originalSha256: '0'.repeat(64),
    sender: party('Disclosing party'),
    recipient: party('Receiving party'),
    timeline: [{ at: now, what: 'Signed', who: 'Warm Up', ip: '127.0.0.1' }],
    amendments: [],
    threads: [],
    fields: [],
  };
}
