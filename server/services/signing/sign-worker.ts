import { PDFDocument, StandardFonts } from 'pdf-lib';
import { serveJobs } from '../worker-jobs.js';
import { prepareSignedNda } from './build-signed-nda.js';
import { sealPdf } from './seal.js';
import type { SigningKey } from './signing-key.js';
import { TimestampUnavailableError } from './timestamp-client.js';
import type { Party, SignedNdaInput } from './types.js';

// Runs in a worker thread: stamping and sealing cost tens to hundreds of milliseconds of CPU.
type Job = { key: SigningKey; tsaUrls: string[] } & (
  { input: SignedNdaInput } | { warm: true } | { prepared: Uint8Array }
);

/**
 * The file sealed, or, when no timestamp authority answers, the prepared file unsealed (`failure` says
 * why): it is sealed later, never without its timestamp.
 */
async function run(job: Job): Promise<{ pdf: Buffer; sealed: boolean; failure: string | null }> {
  const input = 'warm' in job ? await warmUpInput() : 'input' in job ? job.input : null;
  if (input?.preview) return { pdf: await prepareSignedNda(input), sealed: false, failure: null };
  const prepared = input ? await prepareSignedNda(input) : Buffer.from((job as { prepared: Uint8Array }).prepared);
  try {
    return { pdf: await sealPdf(prepared, job.key, job.tsaUrls), sealed: true, failure: null };
  } catch (err) {
    if (err instanceof TimestampUnavailableError) return { pdf: prepared, sealed: false, failure: err.message };
    throw err;
  }
}

serveJobs<Job>(async (job) => {
  const { pdf, sealed, failure } = await run(job);
  const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
  return { result: { pdf: bytes, sealed, failure }, transfer: [bytes.buffer] };
});

/**
 * A short agreement signed by both parties, with an agreed amendment and a negotiated thread: every
 * step of a real signature (parsing text pages, stamping, the schedule, the certificate, the seal), so
 * the code a buyer's signature runs is already loaded and compiled.
 */
async function warmUpInput(): Promise<SignedNdaInput> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 40; l++)
      page.drawText(`${p + 1}.${l + 1} Confidential Information`, { x: 56, y: 740 - l * 16, size: 10, font });
  }
  const now = new Date().toISOString();
  // A 1 x 1 pixel PNG.
  const signature = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const party = (role: Party['role']): Party => ({
    role,
    name: 'Warm Up',
    title: 'Partner',
    email: 'warm-up@nda.local',
    company: 'Warm Up',
    companyAddress: '1 Warm Street',
    signature,
    signedAt: now,
    ip: '127.0.0.1',
  });
  const approvals = [
    { who: 'Warm Up', role: 'Disclosing party' as const, at: now },
    { who: 'Warm Up', role: 'Receiving party' as const, at: now },
  ];
  return {
    original: await doc.save(),
    documentName: 'Warm-up',
    documentId: 'warm-up',
    originalSha256: '0'.repeat(64),
    sender: party('Disclosing party'),
    recipient: party('Receiving party'),
    timeline: [{ at: now, what: 'Signed', who: 'Warm Up', ip: '127.0.0.1' }],
    amendments: [{ number: 1, pages: [1], quote: 'five years', wording: 'two years', isPoint: false, approvals }],
    threads: [
      {
        number: 1,
        text: 'Shorter term.',
        author: 'Warm Up',
        pages: [1],
        quote: 'five years',
        status: 'Approved',
        history: [{ at: now, what: 'Opened' }],
      },
    ],
    fields: [],
  };
}
